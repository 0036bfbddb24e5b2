import { checkHealth } from '../../../../lambdas/usecases/health';
import type { HealthCheckable } from '../../../../lambdas/ports';

const up: HealthCheckable = { check: async () => undefined };
const failingWith = (err: Error): HealthCheckable => ({
  check: async () => {
    throw err;
  },
});
const hanging: HealthCheckable = { check: () => new Promise<void>(() => undefined) };

class AccessDeniedException extends Error {
  override name = 'AccessDeniedException';
}

describe('the health check', () => {
  it('is ok when every dependency answers', async () => {
    const result = await checkHealth({ database: up, storage: up });

    expect(result.status).toBe('ok');
    expect(result.checks).toEqual({
      database: { ok: true, latencyMs: expect.any(Number) },
      storage: { ok: true, latencyMs: expect.any(Number) },
    });
  });

  it('is degraded when one dependency fails, naming only the error type, while the others stay ok', async () => {
    const result = await checkHealth({
      database: up,
      mail: failingWith(new AccessDeniedException('arn:aws:ses:us-east-1:123456789012 is not allowed')),
      queues: up,
    });

    expect(result.status).toBe('degraded');
    expect(result.checks.mail).toEqual({
      ok: false,
      latencyMs: expect.any(Number),
      error: 'AccessDeniedException',
    });
    expect(result.checks.database!.ok).toBe(true);
    expect(result.checks.queues!.ok).toBe(true);
  });

  it('keeps the message of a plain Error', async () => {
    const result = await checkHealth({
      mail: failingWith(new Error('SES sending is disabled for this account')),
    });

    expect(result.checks.mail!.error).toBe('Error: SES sending is disabled for this account');
  });

  it('reports a dependency that does not answer in time as timed out', async () => {
    const started = performance.now();

    const result = await checkHealth({ storage: hanging, database: up }, 20);

    expect(performance.now() - started).toBeLessThan(1000);
    expect(result.status).toBe('degraded');
    expect(result.checks.storage!.ok).toBe(false);
    expect(result.checks.storage!.error).toContain('timed out');
    expect(result.checks.database!.ok).toBe(true);
  });
});
