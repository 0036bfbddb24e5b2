import { getConfig } from '../config';
import { createLogger } from '../core/logger';
import { sweepDeps } from '../deps';
import { sweep, type SweepReport } from '../usecases/sweep';

/** Scheduled (EventBridge rule when deployed, a timer locally): re-queues overdue seal/anchor work. */
export async function handler(): Promise<SweepReport> {
  const c = getConfig();
  const log = createLogger({ job: 'sweep' });
  return sweep(sweepDeps(), { minAgeSeconds: c.SWEEP_MIN_AGE_SECONDS, maxPerRun: c.SWEEP_MAX_PER_RUN }, log);
}
