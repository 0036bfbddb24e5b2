import { sqsWorker } from '../core/worker';
import { mailer, objectStorage, repository, smsSender } from '../deps';
import { notifyJobSchema } from '../jobs';
import { deliverNotification } from '../usecases/notify';

/** Queue `notify`: e-mails (SES) and SMS (SNS; the local mailbox locally). */
export const handler = sqsWorker('notify', notifyJobSchema, async (job, { log }) => {
  await deliverNotification(
    { mailer: mailer(), sms: smsSender(), storage: objectStorage(), idempotency: repository() },
    job,
    log,
  );
});
