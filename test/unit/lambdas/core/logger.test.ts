import { createLogger } from '../../../../lambdas/core/logger';

function recordingLogger(level: 'debug' | 'info' | 'warn' | 'error', base: Record<string, unknown> = {}) {
  const lines: string[] = [];
  const log = createLogger(base, level, (line) => lines.push(line));
  return { log, entries: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

describe('the structured logger', () => {
  it('writes one JSON line per entry with its level, time and message', () => {
    const { log, entries } = recordingLogger('debug', { requestId: 'r-1' });

    log.info('document sent', { docuId: 'd-1' });

    expect(entries()).toEqual([
      { level: 'info', time: expect.any(String), msg: 'document sent', requestId: 'r-1', docuId: 'd-1' },
    ]);
  });

  it('drops entries below its level', () => {
    const { log, entries } = recordingLogger('warn');

    log.debug('d');
    log.info('i');
    log.warn('w');
    log.error('e');

    expect(entries().map((e) => e.level)).toEqual(['warn', 'error']);
  });

  it('gives a child its parent fields plus its own, and the child level filter', () => {
    const { log, entries } = recordingLogger('info', { requestId: 'r-1', route: 'GET /api/me' });

    const child = log.child({ docuId: 'd-9', route: 'overridden' });
    child.debug('hidden');
    child.info('child entry');

    expect(entries()).toEqual([
      expect.objectContaining({ requestId: 'r-1', docuId: 'd-9', route: 'overridden' }),
    ]);
  });

  it('serialises an error under `err` with its name, message and code', () => {
    const { log, entries } = recordingLogger('info');
    const err = Object.assign(new TypeError('boom'), { code: 'E_BOOM' });

    log.error('failed', { err });

    expect(entries()[0]!.err).toEqual(
      expect.objectContaining({
        name: 'TypeError',
        message: 'boom',
        code: 'E_BOOM',
        stack: expect.any(String),
      }),
    );
  });
});
