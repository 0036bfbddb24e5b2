// Helpers shared by the server unit tests: a minimal Lambda context, a silent logger and a way to read
// what the code under test logged to stdout.
import { jest } from '@jest/globals';
import type { Context } from 'aws-lambda';
import type { Logger } from '../../../lambdas/core/logger';

export function lambdaContext(awsRequestId = 'aws-req-1'): Context {
  return { awsRequestId, functionName: 'unit', callbackWaitsForEmptyEventLoop: false } as Context;
}

export const silentLog: Logger = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  child: () => silentLog,
};

/** Replaces process.stdout.write until restored; `entries()` are the JSON log lines written so far. */
export function captureLogs() {
  const lines: string[] = [];
  const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: unknown) => {
    lines.push(String(chunk));
    return true;
  });
  return {
    entries: (): Record<string, unknown>[] =>
      lines
        .flatMap((l) => l.split('\n'))
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as Record<string, unknown>),
    text: () => lines.join(''),
    restore: () => spy.mockRestore(),
  };
}
