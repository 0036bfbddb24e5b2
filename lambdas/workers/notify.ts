import { sqsWorker } from '../core/worker';
import { mailer, objectStorage, repository, smsSender } from '../deps';
import { notifyJobSchema } from '../jobs';
import { deliverNotification } from '../usecases/notify';

/** Queue `notify`: e-mails (SES) and SMS (SNS; the local mailbox locally). A batch's messages are sent
 *  at once: each waits on DynamoDB (its claim), S3 (its attachments) and SES, not on the CPU, and each
 *  is idempotent on its own key. One after the other, the notify worker was the burst's first
 *  bottleneck (docs/performance.md § Burst). */
export const handler = sqsWorker(
  'notify',
  notifyJobSchema,
  async (job, { log }) => {
    await deliverNotification(
      { mailer: mailer(), sms: smsSender(), storage: objectStorage(), idempotency: repository() },
      job,
      log,
    );
  },
  { parallel: true },
);
