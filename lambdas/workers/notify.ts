import { sqsWorker } from '../core/worker';
import { getDeps } from '../deps';
import { notifyJobSchema } from '../jobs';
import { deliverNotification } from '../usecases/notify';

/** Queue `notify`: e-mails (SES) and SMS (SNS; the local mailbox locally). */
export const handler = sqsWorker('notify', notifyJobSchema, async (job, { log }) => {
  const d = getDeps();
  await deliverNotification(
    { mailer: d.mailer, sms: d.sms, storage: d.storage, idempotency: d.repo },
    job,
    log,
  );
});
