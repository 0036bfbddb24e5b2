// Structured JSON logs, one line per entry, with the request id and (when known) the document id.
// Never log tokens, contacts or file contents: callers pass ids only.

import { sourceMappedStack } from './stack';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
}

export type LogSink = (line: string) => void;

const defaultSink: LogSink = (line) => process.stdout.write(line + '\n');

function serialiseError(err: unknown): unknown {
  if (err instanceof Error) {
    return {
      name: err.name,
      message: err.message,
      stack: err.stack === undefined ? undefined : sourceMappedStack(err.stack),
      code: (err as { code?: unknown }).code,
    };
  }
  return err;
}

export function createLogger(
  base: Record<string, unknown> = {},
  level: LogLevel = (process.env.LOG_LEVEL as LogLevel | undefined) ?? 'info',
  sink: LogSink = defaultSink,
): Logger {
  const min = ORDER[level] ?? ORDER.info;
  const write = (lvl: LogLevel, msg: string, fields?: Record<string, unknown>) => {
    if (ORDER[lvl] < min) return;
    const entry: Record<string, unknown> = { level: lvl, time: new Date().toISOString(), msg, ...base };
    for (const [k, v] of Object.entries(fields ?? {})) entry[k] = k === 'err' ? serialiseError(v) : v;
    sink(JSON.stringify(entry));
  };
  return {
    debug: (m, f) => write('debug', m, f),
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
    child: (fields) => createLogger({ ...base, ...fields }, level, sink),
  };
}
