import type { IdempotencyStore } from '../adapters/dynamo/repository';
import type { Logger } from '../core/logger';
import { IDEMPOTENCY_TTL_SECONDS, type NotifyJob } from '../jobs';
import { QUEUES } from '../../shared/infra/definitions';
import type { Mailer, ObjectStorage, SmsSender } from '../ports';

/** A send's claim is held this long: longer than the notify worker may run (its timeout), shorter than
 *  SQS hides a received message (the queue's visibility timeout). A worker that dies mid-send has let
 *  go of the claim by the time SQS delivers the message again, so the retry sends it; with a lease
 *  longer than the visibility timeout (the repository's default, 150 s against 60 s) the retry found
 *  the claim held, took it for a duplicate and deleted the message: the e-mail was lost (seen by the
 *  burst bench, bench/burst.ts, killing a worker mid-run). */
export const NOTIFY_LEASE_SECONDS = Math.floor(
  (QUEUES.notify.workerTimeoutSeconds + QUEUES.notify.visibilityTimeoutSeconds) / 2,
);

export interface NotifyDeps {
  readonly mailer: Mailer;
  readonly sms: SmsSender;
  readonly storage: ObjectStorage;
  readonly idempotency: IdempotencyStore;
}

/** Sends one e-mail or SMS once per idempotency key. A failed send gives the key back so the retried
 *  message tries again; a worker that dies mid-send leaves a claim whose lease runs out before SQS
 *  delivers the message again, so the notification is retried rather than lost. */
export async function deliverNotification(
  deps: NotifyDeps,
  job: NotifyJob,
  log: Logger,
): Promise<'sent' | 'duplicate'> {
  const key = `notify#${job.idempotencyKey}`;
  if (!(await deps.idempotency.claim(key, IDEMPOTENCY_TTL_SECONDS, NOTIFY_LEASE_SECONDS))) {
    log.info('notification already sent; skipped', { kind: job.kind });
    return 'duplicate';
  }
  try {
    if (job.kind === 'email') {
      const attachments = await Promise.all(
        (job.attachments ?? []).map(async (a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: await deps.storage.getBytes(a.key),
        })),
      );
      await deps.mailer.send({
        to: job.to,
        subject: job.subject,
        text: job.text,
        html: job.html,
        attachments,
      });
    } else {
      await deps.sms.send(job.to, job.text);
    }
  } catch (err) {
    await deps.idempotency.release(key).catch((releaseErr: unknown) => {
      log.error('could not release the notification claim; it frees itself when its lease ends', {
        err: releaseErr,
      });
    });
    throw err;
  }
  // Sent: a failure to record it must not make SQS retry (and send) again.
  await deps.idempotency.complete(key).catch((err: unknown) => {
    log.error('notification sent but not marked done', { kind: job.kind, err });
  });
  return 'sent';
}
