import { sqsWorker } from '../core/worker';
import { routingDeps } from '../deps';
import { scheduledJobSchema } from '../jobs';
import { processScheduledJob } from '../usecases/routing-jobs';

/** Queue `schedule` (issue #28): reminders and expiries, delivered by the Scheduler when due (EventBridge
 *  Scheduler in AWS, the local cloud's loop locally). Each job checks its document again. */
export const handler = sqsWorker('schedule', scheduledJobSchema, async (job) => {
  await processScheduledJob(routingDeps(), job);
});
