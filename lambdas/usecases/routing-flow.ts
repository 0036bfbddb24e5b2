// The flow of a sent contract (issue #28, architecture §20): whose request goes when, in which words
// for each role, and what is scheduled for it. Sending, the last agreement of a group, delegation, a
// contact change and reminders all open requests the same way: tokens issued and stored with the
// conditional write that makes the turn theirs (./signing.ts, ./sending.ts), then — once it committed —
// the messages, the history and the first reminder. Schedules are exact one-time items named by their
// purpose (shared/domain/routing.ts), so scheduling again replaces and a stale one fires into a check.
import type { Language } from '../../shared/domain/constants';
import {
  expiryScheduleName,
  reminderDueAt,
  reminderScheduleName,
  roleOf,
  type RecipientRole,
} from '../../shared/domain/routing';
import { localeForPath, translate } from '../../shared/i18n/server';
import type { DocumentRecord, RecipientRecord, SignerTokenRecord } from '../adapters/dynamo/documents';
import { escapeHtml } from '../core/html';
import { withMailBrand } from './brand-mail';
import { createLogger } from '../core/logger';
import type { NotifyJob, ScheduledJob } from '../jobs';
import { recordHistory, type RequestFacts } from './history';
import { messageTitle, smsText } from './messages';
import { remindersOf } from './routing-views';
import { isLanguage } from './signer-link';
import { issueSignerToken, requestLink, signRequestJob, SIGNER_TOKEN_DAYS } from './signer-tokens';
import type { DocumentDeps } from './document-access';

const log = createLogger({ area: 'routing' });

export function nowOf(deps: Pick<DocumentDeps, 'clock'>): Date {
  return deps.clock?.now() ?? new Date();
}

/** A request opened by a write: the contractor's new row, its token record and the token (link only). */
export interface OpenedRequest {
  readonly row: RecipientRecord;
  readonly record: SignerTokenRecord;
  readonly token: string;
}

/**
 * New requests for `recipients` at `now`: a fresh token each (the older ones of the row are revoked by
 * the caller's write: `revokedTokens`), the turn opened now (reminders count from it) and none sent yet.
 */
export function openRequests(
  docuId: string,
  recipients: readonly RecipientRecord[],
  now: Date,
): OpenedRequest[] {
  return recipients.map((r) => {
    const { token, record } = issueSignerToken(docuId, r.index, now);
    return {
      token,
      record,
      row: {
        ...r,
        tokenHash: record.tokenHash,
        turnOpenedAt: now.toISOString(),
        remindersSent: 0,
      },
    };
  });
}

/** The stored token hashes of a row that a new request (or its end) revokes. */
export function revokedTokens(r: RecipientRecord): string[] {
  return [r.tokenHash, r.accountTokenHash].filter((h): h is string => typeof h === 'string');
}

type RoutingMail = 'reminder' | 'approvalRequest' | 'viewerCopy' | 'delegated' | 'voided' | 'expired';

/** A message of the `routingMail` catalogue: the e-mail's body is its text (paragraphs), the SMS its own. */
export function routingMessageJob(input: {
  mail: RoutingMail;
  idempotencyKey: string;
  docuId: string;
  to: { method: 'email' | 'phone'; contact: string };
  lang: Language;
  values: Record<string, string | number>;
}): NotifyJob {
  const locale = localeForPath(input.lang);
  const prefix = `routingMail.${input.mail}` as const;
  const values: Record<string, string | number> = {
    ...input.values,
    title: messageTitle(String(input.values.title ?? ''), locale),
  };
  if (input.to.method === 'phone') {
    return {
      kind: 'sms',
      idempotencyKey: input.idempotencyKey,
      docuId: input.docuId,
      to: input.to.contact,
      text: smsText(`${prefix}.sms`, values, locale, ['title', 'owner', 'from', 'reason']),
    };
  }
  const text = translate(`${prefix}.body`, values, locale);
  const link = typeof values.link === 'string' ? values.link : '';
  const html = text
    .split('\n\n')
    .map((p) => {
      const escaped = escapeHtml(p).replace(/\n/g, '<br>');
      return `<p>${link ? escaped.replace(escapeHtml(link), `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`) : escaped}</p>`;
    })
    .join('\n');
  return {
    kind: 'email',
    idempotencyKey: input.idempotencyKey,
    docuId: input.docuId,
    to: [input.to.contact],
    subject: translate(`${prefix}.subject`, values, locale),
    text,
    html,
  };
}

/** The request of one contractor in the words of their role (a signer's is today's sign request). */
function requestJob(input: {
  doc: DocumentRecord;
  row: RecipientRecord;
  lang: Language;
  ownerName: string;
  link: string;
  idempotencyKey: string;
  delegatedBy?: { name: string; reason: string };
}): NotifyJob {
  const { doc, row, lang, link } = input;
  const role: RecipientRole = roleOf(row);
  const values = {
    name: row.name,
    owner: input.ownerName,
    title: doc.title ?? '',
    link,
    days: SIGNER_TOKEN_DAYS,
    ...(input.delegatedBy ? { from: input.delegatedBy.name, reason: input.delegatedBy.reason } : {}),
  };
  const to = { method: row.method, contact: row.contact };
  const base = { idempotencyKey: input.idempotencyKey, docuId: doc.docuId, to, lang, values };
  if (input.delegatedBy) return routingMessageJob({ ...base, mail: 'delegated' });
  if (role === 'approver') return routingMessageJob({ ...base, mail: 'approvalRequest' });
  if (role === 'viewer') return routingMessageJob({ ...base, mail: 'viewerCopy' });
  const job = signRequestJob({
    docuId: doc.docuId,
    index: row.index,
    lang,
    recipient: row,
    ownerName: input.ownerName,
    title: doc.title ?? '',
    link,
  });
  return { ...job, idempotencyKey: input.idempotencyKey };
}

/**
 * After the write that opened them committed: each request's message (by e-mail or SMS), its history
 * item ('transfer', by the owner to the contractor) and its first reminder.
 */
export async function sendOpenedRequests(
  deps: DocumentDeps,
  doc: DocumentRecord,
  opened: readonly OpenedRequest[],
  owner: { name: string; contact: string },
  facts: RequestFacts,
  options: { lang?: Language; delegatedBy?: { name: string; reason: string }; firstSend?: boolean } = {},
): Promise<void> {
  const lang = options.lang ?? (isLanguage(doc.lang) ? doc.lang : 'en');
  for (const { row, record, token } of opened) {
    const link = await requestLink(deps, {
      lang,
      docuId: doc.docuId,
      token,
      method: row.method,
      expiresAt: record.expiresAt,
    });
    // The first request of a row keeps the key sending always used; later ones (a new contact, a
    // delegation, a reopened turn) are new messages: the token names them.
    const idempotencyKey = options.firstSend
      ? `sign-request#${doc.docuId}#${row.index}`
      : `sign-request#${doc.docuId}#${row.index}#${record.tokenHash.slice(0, 16)}`;
    const job = requestJob({
      doc,
      row,
      lang,
      ownerName: owner.name,
      link,
      idempotencyKey,
      ...(options.delegatedBy ? { delegatedBy: options.delegatedBy } : {}),
    });
    await deps.queue.enqueue('notify', withMailBrand(job, doc.brand, deps.appUrl));
    await recordHistory(deps.docs, doc, 'transfer', owner, facts, undefined, row);
    await scheduleReminder(deps, doc, row, 1);
  }
}

// --- Schedules ------------------------------------------------------------------------------------

/** Schedules reminder `n` of a contractor whose turn opened (nothing without a plan or past its max). */
export async function scheduleReminder(
  deps: Pick<DocumentDeps, 'scheduler'>,
  doc: DocumentRecord,
  row: RecipientRecord,
  n: number,
): Promise<void> {
  const plan = remindersOf(doc);
  if (!deps.scheduler || !plan || !row.turnOpenedAt || roleOf(row) === 'viewer') return;
  const at = reminderDueAt(plan, new Date(row.turnOpenedAt), n);
  if (!at) return;
  const job: ScheduledJob = {
    kind: 'reminder',
    docuId: doc.docuId,
    index: row.index,
    n,
    turnOpenedAt: row.turnOpenedAt,
  };
  await deps.scheduler.schedule(reminderScheduleName(doc.docuId, row.index, n), at, job);
}

/** Removes the pending reminder of a contractor who answered, was replaced or whose contract ended.
 *  Best effort: a reminder left behind fires into a check that finds nothing to do. */
export async function cancelReminder(
  deps: Pick<DocumentDeps, 'scheduler'>,
  docuId: string,
  row: Pick<RecipientRecord, 'index' | 'remindersSent'>,
): Promise<void> {
  if (!deps.scheduler) return;
  const name = reminderScheduleName(docuId, row.index, (row.remindersSent ?? 0) + 1);
  try {
    await deps.scheduler.cancel(name);
  } catch (err) {
    log.warn('reminder not cancelled: it will fire into a check', { docuId, index: row.index, err });
  }
}

/** Schedules (or moves) the document's expiry; none when it has no date. */
export async function scheduleExpiry(
  deps: Pick<DocumentDeps, 'scheduler'>,
  doc: Pick<DocumentRecord, 'docuId' | 'expiresAt'>,
): Promise<void> {
  if (!deps.scheduler || !doc.expiresAt) return;
  const job: ScheduledJob = { kind: 'expire', docuId: doc.docuId, expiresAt: doc.expiresAt };
  await deps.scheduler.schedule(expiryScheduleName(doc.docuId), new Date(doc.expiresAt), job);
}

/** Every schedule of a contract that ended (completed, denied, voided, expired): best effort. */
export async function cancelSchedules(
  deps: Pick<DocumentDeps, 'scheduler'>,
  doc: Pick<DocumentRecord, 'docuId'>,
  recipients: readonly RecipientRecord[],
  options: { keepExpiry?: boolean } = {},
): Promise<void> {
  if (!deps.scheduler) return;
  for (const r of recipients) await cancelReminder(deps, doc.docuId, r);
  if (options.keepExpiry) return;
  try {
    await deps.scheduler.cancel(expiryScheduleName(doc.docuId));
  } catch (err) {
    log.warn('expiry not cancelled: it will fire into a check', { docuId: doc.docuId, err });
  }
}
