import type { HealthCheckable } from '../ports';

export interface CheckResult {
  ok: boolean;
  latencyMs: number;
  error?: string;
}

/** Runs every dependency check in parallel, each bounded by a timeout, and never throws. */
export async function checkHealth(
  checks: Record<string, HealthCheckable>,
  timeoutMs = 3000,
): Promise<{ status: 'ok' | 'degraded'; checks: Record<string, CheckResult> }> {
  const entries = await Promise.all(
    Object.entries(checks).map(async ([name, dep]): Promise<[string, CheckResult]> => {
      const start = performance.now();
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          dep.check(),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
          }),
        ]);
        return [name, { ok: true, latencyMs: Math.round(performance.now() - start) }];
      } catch (err) {
        // The error name only: messages may carry endpoints or account details.
        const error =
          err instanceof Error ? err.name + (err.name === 'Error' ? `: ${err.message}` : '') : 'Error';
        return [name, { ok: false, latencyMs: Math.round(performance.now() - start), error }];
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  const result = Object.fromEntries(entries);
  return { status: entries.every(([, r]) => r.ok) ? 'ok' : 'degraded', checks: result };
}
