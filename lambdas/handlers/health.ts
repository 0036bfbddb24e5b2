import { httpHandler } from '../core/http';
import {
  chainReader,
  hasChain,
  jobQueue,
  messagingChecks,
  objectStorage,
  repository,
  scheduler,
} from '../deps';
import { checkHealth } from '../usecases/health';

const VERSION = process.env.APP_VERSION ?? '0.1.0';

/** GET /api/health: each dependency's state; 200 when all are up, 503 when any is down. */
export const handler = httpHandler({ auth: 'public' }, async () => {
  // Only the adapters it checks: building the mailer or the Cognito directory would bundle their
  // clients (and nodemailer) for nothing.
  const result = await checkHealth({
    database: repository(),
    storage: objectStorage(),
    queues: jobQueue(),
    // Reminders and expiry (issue #28): the schedule group in AWS, the schedules' table locally.
    scheduler: scheduler(),
    ...messagingChecks(),
    // The anchoring chain, where this function is configured for it (a chain that is down delays
    // anchoring only, but an operator should see it).
    ...(hasChain() ? { chain: chainReader() } : {}),
  });
  return {
    status: result.status === 'ok' ? 200 : 503,
    body: { ...result, version: VERSION, time: new Date().toISOString() },
  };
});
