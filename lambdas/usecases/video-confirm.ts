// Cross video confirmation (issue #15 item 4, architecture §15): when every contractor of a video-sign
// contract has agreed, the document waits in NeedVConfirm and every party (each contractor and the
// owner) gets a `/{lang}/video_confirm/{docuId}/{token}` link of their own (only its hash is stored,
// as a signer token with purpose 'vconfirm'). Each party watches every contractor's video, then
// confirms (all checked) or denies with a reason. Every write is conditional on the document's status
// and version: of two last confirmations, one moves NeedVConfirm → Generating and enqueues the one seal
// job; the other reads again and finds nothing left to do.
import { roleOf } from '../../shared/domain/routing';
import { withMailBrand } from './brand-mail';
import type { Language } from '../../shared/domain/constants';
import { canTransition, type DocumentStatus } from '../../shared/domain/status';
import { localeForPath, translate } from '../../shared/i18n/server';
import type {
  VideoConfirmRequest,
  VideoConfirmResponse,
  VideoConfirmView,
  DenyRequest,
} from '../../shared/api/schemas';
import type { DocumentRecord, RecipientRecord, SignerTokenRecord } from '../adapters/dynamo/documents';
import { AppError } from '../core/errors';
import { escapeHtml } from '../core/html';
import type { NotifyJob, SealJob } from '../jobs';
import { FILE_URL_SECONDS, OWNER_PARTY } from './document-access';
import { hashSignerToken, issueSignerToken, requestLink } from './signer-tokens';
import { recordHistory, type RequestFacts } from './history';
import type { AuthUser } from '../core/http';
import { messageTitle, smsText } from './messages';
import { withConflictRetry } from './retry';
import { presignVideo } from './video-playback';
import { denyReason, refusalNotices } from './refusals';
import { countResend, invalidLink, ownedContractor, type SigningDeps } from './signer-link';

/** One party of the confirmation: a contractor (the owner too when they sign) or the owner alone. */
export interface Party {
  readonly index: number;
  readonly name: string;
  readonly contact: string;
  readonly method: 'email' | 'phone';
}

function confirmationOf(value: number | undefined): 0 | 1 | 2 {
  return value === 1 || value === 2 ? value : 0;
}

function isLanguage(value: unknown): value is Language {
  return value === 'en' || value === 'jp' || value === 'ko';
}

/** Every party of a document: its contractors, and the owner unless they are one of them. */
export async function partiesOf(
  deps: Pick<SigningDeps, 'users'>,
  doc: DocumentRecord,
  recipients: readonly RecipientRecord[],
): Promise<Party[]> {
  // Issue #28: only signers record videos; approvers and viewers confirm none.
  const parties: Party[] = recipients
    .filter((r) => roleOf(r) === 'signer')
    .map((r) => ({
      index: r.index,
      name: r.name,
      contact: r.contact,
      method: r.method,
    }));
  if (!recipients.some((r) => r.isOwner)) {
    const owner = await deps.users.getById(doc.ownerId);
    if (owner?.email && !owner.closed) {
      parties.push({ index: OWNER_PARTY, name: owner.name, contact: owner.email, method: 'email' });
    }
  }
  return parties;
}

/** The confirmation links of a document entering NeedVConfirm: a token per party (stored as a hash). */
export function issueConfirmTokens(
  docuId: string,
  parties: readonly Party[],
  now: Date,
): { party: Party; token: string; record: SignerTokenRecord }[] {
  return parties.map((party) => {
    const { token, record } = issueSignerToken(docuId, party.index, now);
    return { party, token, record: { ...record, purpose: 'vconfirm' as const } };
  });
}

/** The e-mail or SMS asking one party to confirm the videos. */
export function confirmRequestJob(input: {
  docuId: string;
  lang: Language;
  party: Party;
  title: string;
  link: string;
}): NotifyJob {
  const locale = localeForPath(input.lang);
  const values = { name: input.party.name, title: messageTitle(input.title, locale), link: input.link };
  const idempotencyKey = `vconfirm-request#${input.docuId}#${input.party.index}`;
  if (input.party.method === 'phone') {
    return {
      kind: 'sms',
      idempotencyKey,
      docuId: input.docuId,
      to: input.party.contact,
      text: smsText('videoConfirmRequest.sms', values, locale, ['title', 'name']),
    };
  }
  const html = `<p>${escapeHtml(translate('videoConfirmRequest.greeting', values, locale))}</p>
<p>${escapeHtml(translate('videoConfirmRequest.intro', values, locale))}</p>
<p><a href="${escapeHtml(input.link)}">${escapeHtml(translate('videoConfirmRequest.button', values, locale))}</a></p>`;
  return {
    kind: 'email',
    idempotencyKey,
    docuId: input.docuId,
    to: [input.party.contact],
    subject: translate('videoConfirmRequest.subject', values, locale),
    text: `${translate('videoConfirmRequest.greeting', values, locale)}\n\n${translate('videoConfirmRequest.intro', values, locale)}\n${input.link}\n\nSignSeal`,
    html,
  };
}

/** After the transition to NeedVConfirm committed: the requests by mail or SMS, history video_confirm_req. */
export async function sendConfirmRequests(
  deps: SigningDeps,
  doc: DocumentRecord,
  issued: readonly { party: Party; token: string; record: SignerTokenRecord }[],
  facts: RequestFacts,
): Promise<void> {
  const lang = isLanguage(doc.lang) ? doc.lang : 'en';
  for (const { party, token, record } of issued) {
    const link = await requestLink(deps, {
      lang,
      docuId: doc.docuId,
      token,
      method: party.method,
      expiresAt: record.expiresAt,
      page: 'video_confirm',
    });
    await deps.queue.enqueue(
      'notify',
      withMailBrand(
        confirmRequestJob({ docuId: doc.docuId, lang, party, title: doc.title ?? '', link }),
        doc.brand,
        deps.appUrl,
      ),
    );
    await recordHistory(deps.docs, doc, 'video_confirm_req', party, facts, undefined, party);
  }
}

// --- The confirmation link ------------------------------------------------------------------------

interface ConfirmContext {
  readonly doc: DocumentRecord;
  readonly recipients: RecipientRecord[];
  readonly party: Party;
  /** The party's contractor record; null for an owner who is not a contractor. */
  readonly me: RecipientRecord | null;
  readonly state: 0 | 1 | 2;
}

async function resolveConfirmer(
  deps: SigningDeps,
  docuId: string,
  token: string,
  now = new Date(),
): Promise<ConfirmContext> {
  const record = await deps.docs.getToken(hashSignerToken(token));
  if (
    !record ||
    record.purpose !== 'vconfirm' ||
    record.docuId !== docuId ||
    Date.parse(record.expiresAt) <= now.getTime()
  ) {
    throw invalidLink();
  }
  const doc = await deps.docs.getDocument(docuId);
  if (!doc || doc.kind !== 'vsign') throw invalidLink();
  const recipients = await deps.docs.listRecipients(docuId);
  const party = (await partiesOf(deps, doc, recipients)).find((p) => p.index === record.recipientIndex);
  if (!party) throw invalidLink();
  const me = recipients.find((r) => r.index === party.index) ?? null;
  const state = confirmationOf(me ? me.videoConfirm : doc.ownerVideoConfirm);
  return { doc, recipients, party, me, state };
}

/** 409 with the alerts of spec doc 2 §8.3 once answered; 409 when the document no longer waits. */
function assertPending(ctx: ConfirmContext): void {
  if (ctx.state === 1) {
    throw new AppError('signing.alreadyConfirmedVideos', 'You have already confirmed the videos', {
      status: 409,
    });
  }
  if (ctx.state === 2) {
    throw new AppError('signing.alreadyDeniedVideos', 'You have already denied the videos', { status: 409 });
  }
  if (ctx.doc.status !== 'NeedVConfirm') {
    throw new AppError('errors.invalidTransition', `The document is ${ctx.doc.status}: no confirmation`, {
      status: 409,
    });
  }
}

export async function getConfirmView(
  deps: SigningDeps,
  docuId: string,
  token: string,
): Promise<VideoConfirmView> {
  const ctx = await resolveConfirmer(deps, docuId, token);
  assertPending(ctx);
  const cards = await Promise.all(
    ctx.recipients
      .filter((r) => r.video)
      .map(async (r) => ({
        index: r.index,
        name: r.name,
        recordedAt: r.video!.recordedAt,
        contentType: r.video!.contentType,
        ...(await presignVideo(deps.storage, { docuId, index: r.index }, r.video!, FILE_URL_SECONDS)),
      })),
  );
  return {
    docuId: ctx.doc.docuId,
    id4: ctx.doc.id4,
    title: ctx.doc.title ?? '',
    status: ctx.doc.status,
    me: { name: ctx.party.name, videoConfirm: ctx.state },
    cards,
  };
}

/** The party's answer written with the document (the recipient, or the owner's field). */
function answer(ctx: ConfirmContext, value: 1 | 2, reason?: string) {
  const at = new Date().toISOString();
  if (ctx.me) {
    const me = {
      ...ctx.me,
      videoConfirm: value,
      videoConfirmedAt: at,
      ...(reason === undefined ? {} : { denyReason: reason }),
    };
    return { changes: {}, extra: { putRecipients: [me] } };
  }
  return { changes: { ownerVideoConfirm: value }, extra: {} };
}

export async function confirmVideos(
  deps: SigningDeps,
  docuId: string,
  token: string,
  input: VideoConfirmRequest,
  facts: RequestFacts,
): Promise<VideoConfirmResponse> {
  if (input.allChecked !== true) {
    throw new AppError('videoConfirm.errors.notChecked', 'Check every video first', { status: 400 });
  }
  const { ctx, to } = await withConflictRetry(async () => {
    const c = await resolveConfirmer(deps, docuId, token);
    assertPending(c);
    const othersPending =
      c.recipients.some(
        (r) => r.index !== c.party.index && roleOf(r) === 'signer' && confirmationOf(r.videoConfirm) !== 1,
      ) ||
      (c.party.index !== OWNER_PARTY &&
        !c.recipients.some((r) => r.isOwner) &&
        confirmationOf(c.doc.ownerVideoConfirm) !== 1);
    const next: DocumentStatus = othersPending ? 'NeedVConfirm' : 'Generating';
    if (next !== 'NeedVConfirm' && !canTransition(c.doc.status, next, c.doc.kind)) {
      throw new AppError('errors.invalidTransition', `Cannot go from ${c.doc.status} to ${next}`, {
        status: 409,
      });
    }
    const { changes, extra } = answer(c, 1);
    // Status and version are the guard: the last two confirmations serialise (as the last agreement).
    await deps.docs.changeStatus(
      docuId,
      { status: c.doc.status, version: c.doc.version },
      next,
      changes,
      extra,
    );
    return { ctx: c, to: next };
  });
  await recordHistory(deps.docs, ctx.doc, 'video_confirm', ctx.party, facts);
  if (to === 'Generating') {
    const job: SealJob = { docuId };
    await deps.queue.enqueue('seal', job);
  }
  return { status: to, videoConfirm: 1 };
}

export async function denyVideos(
  deps: SigningDeps,
  docuId: string,
  token: string,
  input: DenyRequest,
  facts: RequestFacts,
): Promise<VideoConfirmResponse> {
  const reason = denyReason(input.reason);
  const ctx = await withConflictRetry(async () => {
    const c = await resolveConfirmer(deps, docuId, token);
    assertPending(c);
    if (!canTransition(c.doc.status, 'Reject', c.doc.kind)) {
      throw new AppError('errors.invalidTransition', `Cannot go from ${c.doc.status} to Reject`, {
        status: 409,
      });
    }
    const { changes, extra } = answer(c, 2, reason);
    await deps.docs.changeStatus(
      docuId,
      { status: c.doc.status, version: c.doc.version },
      'Reject',
      changes,
      extra,
    );
    return c;
  });
  await recordHistory(deps.docs, ctx.doc, 'reject_vconfirm', ctx.party, facts, reason);
  const refuser = ctx.me ?? ({ ...ctx.party, index: OWNER_PARTY } as unknown as RecipientRecord);
  const notices = await refusalNotices(
    deps,
    { doc: ctx.doc, recipients: ctx.recipients, me: refuser },
    'vconfirm',
    reason,
  );
  for (const job of notices) await deps.queue.enqueue('notify', job);
  return { status: 'Reject', videoConfirm: 2 };
}

// --- The owner's Resend ---------------------------------------------------------------------------

/**
 * POST /api/documents/{docuId}/recipients/{index}/resend while the document waits in NeedVConfirm: a
 * new confirmation link for a contractor who has not answered yet, by e-mail or SMS (history
 * video_confirm_req), counted against the same limits as a signing request's Resend (429 over one,
 * nothing sent). The earlier link stays valid until it expires, as the e-mailed signer link beside
 * Continue's. 404 for another user's document or the owner's own row; 409 once answered or no longer
 * waiting.
 */
export async function resendConfirmRequest(
  deps: SigningDeps,
  user: AuthUser,
  docuId: string,
  index: number,
  facts: RequestFacts,
  now = new Date(),
): Promise<{ resent: true; index: number }> {
  let counted = false;
  const { doc, recipient, issued } = await withConflictRetry(async () => {
    const { doc: d, recipient: r } = await ownedContractor(deps, user, docuId, index);
    if (d.status !== 'NeedVConfirm' || confirmationOf(r.videoConfirm) !== 0) {
      throw new AppError('errors.invalidTransition', 'Only a pending party of videos waiting confirmation', {
        status: 409,
      });
    }
    if (!counted) {
      await countResend(deps, user, r);
      counted = true;
    }
    const [link] = issueConfirmTokens(docuId, [r], now);
    await deps.docs.changeStatus(
      docuId,
      { status: d.status, version: d.version },
      d.status,
      {},
      {
        putTokens: [link!.record],
      },
    );
    return { doc: d, recipient: r, issued: link! };
  });
  const lang = isLanguage(doc.lang) ? doc.lang : 'en';
  const link = await requestLink(deps, {
    lang,
    docuId,
    token: issued.token,
    method: recipient.method,
    expiresAt: issued.record.expiresAt,
    page: 'video_confirm',
  });
  const job = confirmRequestJob({ docuId, lang, party: issued.party, title: doc.title ?? '', link });
  await deps.queue.enqueue(
    'notify',
    withMailBrand(
      { ...job, idempotencyKey: `${job.idempotencyKey}#${issued.record.tokenHash.slice(0, 16)}` },
      doc.brand,
      deps.appUrl,
    ),
  );
  const owner = await deps.users.getById(user.sub);
  const ownerActor = { name: owner?.name || user.name, contact: owner?.email || user.email };
  await recordHistory(deps.docs, doc, 'video_confirm_req', ownerActor, facts, undefined, recipient);
  return { resent: true, index };
}
