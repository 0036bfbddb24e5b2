import type { IdempotencyStore } from '../adapters/dynamo/repository';
import type { Logger } from '../core/logger';
import { IDEMPOTENCY_TTL_SECONDS, type NotifyJob } from '../jobs';
import type { Mailer, ObjectStorage, SmsSender } from '../ports';

export interface NotifyDeps {
  readonly mailer: Mailer;
  readonly sms: SmsSender;
  readonly storage: ObjectStorage;
  readonly idempotency: IdempotencyStore;
}

/** Sends one e-mail or SMS exactly once per idempotency key; a failed send gives the key back so the
 *  retried message can try again. */
export async function deliverNotification(deps: NotifyDeps, job: NotifyJob, log: Logger): Promise<'sent' | 'duplicate'> {
  const key = `notify#${job.idempotencyKey}`;
  if (!(await deps.idempotency.claim(key, IDEMPOTENCY_TTL_SECONDS))) {
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
      await deps.mailer.send({ to: job.to, subject: job.subject, text: job.text, html: job.html, attachments });
    } else {
      await deps.sms.send(job.to, job.text);
    }
    return 'sent';
  } catch (err) {
    await deps.idempotency.release(key);
    throw err;
  }
}
