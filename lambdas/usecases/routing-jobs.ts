// Scheduled work of routing (issue #28, architecture §20): reminders and expiry, delivered by the
// Scheduler to the `schedule` queue when due (lambdas/workers/schedule.ts). Each job checks the
// document again, so a late, repeated or stale delivery changes nothing.
import { isPastExpiry, reminderScheduleName, roleOf } from '../../shared/domain/routing';
import { isOpen } from '../../shared/domain/status';
import type { RecipientRecord } from '../adapters/dynamo/documents';
import { isAppError } from '../core/errors';
import { createLogger } from '../core/logger';
import type { ScheduledJob } from '../jobs';
import { expected } from './document-access';
import { recordHistory, type RequestFacts } from './history';
import { enforceLimits, messageHits } from './limits';
import { withConflictRetry } from './retry';
import { cancelSchedules, nowOf, routingMessageJob, scheduleExpiry, scheduleReminder } from './routing-flow';
import { turnOf } from './routing-views';
import { sendReminder } from './routing';
import { isLanguage, type SigningDeps } from './signer-link';
import { issueSignerToken } from './signer-tokens';
import { emitWebhookEvent } from './webhook-events';

const log = createLogger({ area: 'routing' });

/** What the scheduled jobs record as the request facts of their history items. */
const SCHEDULER_FACTS: RequestFacts = { ip: '-', userAgent: 'SignSeal scheduler' };

/**
 * A scheduled job, delivered when due (lambdas/workers/schedule.ts). Each checks the document again:
 * a reminder of someone who answered, was replaced or whose turn reopened, an expiry moved by an
 * extension, or a contract that ended, changes nothing — so a late, repeated or stale delivery is safe.
 */
export async function processScheduledJob(deps: SigningDeps, job: ScheduledJob): Promise<void> {
  if (job.kind === 'reminder') return remindOnSchedule(deps, job);
  return expireOnSchedule(deps, job);
}

async function remindOnSchedule(
  deps: SigningDeps,
  job: Extract<ScheduledJob, { kind: 'reminder' }>,
): Promise<void> {
  const now = nowOf(deps);
  const issued = issueSignerToken(job.docuId, job.index, now);
  const sent = await withConflictRetry(async () => {
    const doc = await deps.docs.getDocument(job.docuId);
    if (!doc || doc.status !== 'Agree' || isPastExpiry(doc.expiresAt, now)) return null;
    const recipients = await deps.docs.listRecipients(job.docuId);
    const r = recipients.find((x) => x.index === job.index);
    if (!r || !turnOf(doc, r, recipients) || roleOf(r) === 'viewer') return null;
    // A newer turn (a new contact, a delegation, an extension) has reminders of its own; a reminder
    // already sent (a repeated delivery) is not sent again.
    if (r.turnOpenedAt !== job.turnOpenedAt || (r.remindersSent ?? 0) >= job.n) return null;
    try {
      await enforceLimits(deps.limits, messageHits(doc.ownerId, [r]));
    } catch (err) {
      if (!(isAppError(err) && err.status === 429)) throw err;
      // Over a send limit: the same reminder again in an hour (limits are hourly windows).
      log.warn('reminder over a send limit: retried in an hour', {
        docuId: job.docuId,
        index: job.index,
        n: job.n,
      });
      await deps.scheduler?.schedule(
        reminderScheduleName(job.docuId, job.index, job.n),
        new Date(now.getTime() + 3600_000),
        job,
      );
      return null;
    }
    const row: RecipientRecord = {
      ...r,
      tokenHash: issued.record.tokenHash,
      remindersSent: job.n,
      lastRemindedAt: now.toISOString(),
    };
    await deps.docs.changeStatus(
      job.docuId,
      expected(doc),
      doc.status,
      {},
      { putRecipients: [row], putTokens: [issued.record], deleteTokens: r.tokenHash ? [r.tokenHash] : [] },
    );
    return { doc, row };
  });
  if (!sent) return;
  const owner = await deps.users.getById(sent.doc.ownerId);
  const actor = { name: owner?.name ?? '', contact: owner?.email ?? '' };
  await sendReminder(
    deps,
    sent.doc,
    sent.row,
    issued.token,
    issued.record.expiresAt,
    `${job.n}#${issued.record.tokenHash.slice(0, 16)}`,
    actor,
    SCHEDULER_FACTS,
  );
  await scheduleReminder(deps, sent.doc, sent.row, job.n + 1);
}

async function expireOnSchedule(
  deps: SigningDeps,
  job: Extract<ScheduledJob, { kind: 'expire' }>,
): Promise<void> {
  const now = nowOf(deps);
  const expired = await withConflictRetry(async () => {
    const doc = await deps.docs.getDocument(job.docuId);
    // Moved by an extension (its own schedule), or the contract is no longer waiting: nothing to do.
    if (!doc || !isOpen(doc.status) || doc.expiresAt !== job.expiresAt) return null;
    if (!isPastExpiry(doc.expiresAt, now)) {
      // Delivered early (a clock's skew): again at the date.
      await scheduleExpiry(deps, doc);
      return null;
    }
    await deps.docs.changeStatus(job.docuId, expected(doc), 'Expired', {
      expiredAt: doc.expiresAt,
      expiredFrom: doc.status,
    });
    return { doc, recipients: await deps.docs.listRecipients(job.docuId) };
  });
  if (!expired) return;
  const { doc, recipients } = expired;
  const owner = await deps.users.getById(doc.ownerId);
  const actor = { name: owner?.name ?? '', contact: owner?.email ?? '' };
  await recordHistory(deps.docs, doc, 'expire', actor, SCHEDULER_FACTS, doc.expiresAt);
  await emitWebhookEvent(doc.ownerId, 'document.expired', { docuId: doc.docuId });
  await cancelSchedules(deps, doc, recipients, { keepExpiry: true });
  if (owner?.email && !owner.closed) {
    const lang = isLanguage(doc.lang) ? doc.lang : 'en';
    const link = `${deps.appUrl.replace(/\/+$/, '')}/${lang}/home/show_docu/${encodeURIComponent(doc.docuId)}`;
    await deps.queue.enqueue(
      'notify',
      routingMessageJob({
        mail: 'expired',
        idempotencyKey: `expired#${doc.docuId}#${doc.expiresAt}`,
        docuId: doc.docuId,
        to: { method: 'email', contact: owner.email },
        lang,
        values: { name: owner.name, title: doc.title ?? '', date: doc.expiresAt ?? '', link },
      }),
    );
  }
}
