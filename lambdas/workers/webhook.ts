import { sqsWorker } from '../core/worker';
import { webhookDeliveryDeps } from '../deps';
import { webhookJobSchema } from '../jobs';
import { deliverWebhook } from '../usecases/webhook-delivery';

/** Queue `webhook` (issue #31 item 3): one signed POST per record, the batch's at once; a failed
 *  attempt hides its message for the retry schedule's next step (lambdas/usecases/webhook-delivery.ts). */
export const handler = sqsWorker(
  'webhook',
  webhookJobSchema,
  async (job, ctx) => {
    const outcome = await deliverWebhook(webhookDeliveryDeps(ctx.record.receiptHandle), job, ctx.attempt);
    ctx.log.info('webhook delivery', { endpointId: job.endpointId, msgId: job.msgId, outcome });
  },
  { parallel: true },
);
