import { STUCK_METRIC } from '../../shared/infra/definitions';
import { getConfig } from '../config';
import { createLogger } from '../core/logger';
import { putMetrics } from '../core/metrics';
import { sweepDeps } from '../deps';
import { sweep, type SweepReport } from '../usecases/sweep';

/** Scheduled (EventBridge rule when deployed, a timer locally): re-queues overdue seal/anchor work and
 *  the notifications the notify queue dead-lettered (issue #36), and publishes how many documents are stuck in Generating (the CDK alarms on it, issue #20). */
export async function handler(): Promise<SweepReport> {
  const c = getConfig();
  const log = createLogger({ job: 'sweep' });
  const report = await sweep(
    sweepDeps(),
    { minAgeSeconds: c.SWEEP_MIN_AGE_SECONDS, maxPerRun: c.SWEEP_MAX_PER_RUN },
    log,
  );
  // Every run, zero included, so the alarm sees data and clears by itself. Only in Lambda, where
  // CloudWatch Logs reads it (the local cloud's sweep timer would print it every 30 s for nobody).
  const functionName = process.env.AWS_LAMBDA_FUNCTION_NAME;
  if (functionName) {
    putMetrics(
      STUCK_METRIC.namespace,
      { [STUCK_METRIC.dimension]: functionName },
      { [STUCK_METRIC.name]: report.stuckGenerating },
    );
  }
  return report;
}
