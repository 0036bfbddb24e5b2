// The signer flow without an account (issue #5): the signer link `/{lang}/outsign/{docuId}/{token}`
// is checked (./signer-link.ts: hash lookup, same document, not expired, the recipient's current
// token), then the signer views the document, uploads sign images to an account-less record and
// applies them to their own areas (./signer-signs.ts), and agrees, denies with a reason, or refuses
// the e-sign terms (the decisions below; their notices in ./refusals.ts). Every write is conditional
// on the document's status and version: two signers agreeing at the same instant serialise, and only
// the one that sees everybody else agreed moves Agree → Generating (or NeedVConfirm, ./video-confirm.ts)
// and enqueues the one seal job. Where a contractor's agreement changes the status: `agree` below.
import { assertOriginalIntact } from './original';
import { recordHistory, type RequestFacts } from './history';
import type { DenyRequest, SignerActionResponse, SignerView } from '../../shared/api/schemas';
import type { Language } from '../../shared/domain/constants';
import { maskContact } from '../../shared/domain/contact';
import { canTransition, type DocumentStatus, type HistoryAction } from '../../shared/domain/status';
import type { DocumentRecord, RecipientRecord } from '../adapters/dynamo/documents';
import { AppError } from '../core/errors';
import type { SealJob } from '../jobs';
import { withConflictRetry } from './retry';
import { ownVideoUrlOf, presignVideo } from './video-playback';
import { currentGroup, groupOf, requestsOfGroup, roleOf } from '../../shared/domain/routing';
import { cancelReminder, cancelSchedules, nowOf, openRequests, sendOpenedRequests } from './routing-flow';
import { signerFieldView } from './field-views';
import { withDecisionDate } from './field-state';
import { fieldTypeOf, isImageField, missingRequired } from '../../shared/domain/fields';
import { FILE_URL_SECONDS } from './document-access';
import { pageImageKeys } from './page-images';
import { PAGE_IMAGE_CONTENT_TYPE } from '../../shared/domain/page-images';
import {
  agreementOf,
  assertPending,
  firstAreaIndex,
  numberAreas,
  resolveSigner,
  savedSigns,
  type SignerContext,
  type SigningDeps,
} from './signer-link';
import { denyReason, refusalNotices } from './refusals';
import { issueConfirmTokens, partiesOf, sendConfirmRequests } from './video-confirm';
import { brandViewOf } from './brand-account';
import { emitWebhookEvent } from './webhook-events';

function addHistory(
  deps: SigningDeps,
  doc: DocumentRecord,
  action: HistoryAction,
  actor: { name: string; contact: string },
  facts: RequestFacts,
  reason?: string,
): Promise<void> {
  return recordHistory(deps.docs, doc, action, actor, facts, reason);
}

// --- View ---------------------------------------------------------------------------------------

async function buildView(deps: SigningDeps, ctx: SignerContext): Promise<SignerView> {
  const { doc, recipients, me } = ctx;
  // The view's reads go out together (issue #33: the view is on a phone's critical path, each read
  // in turn was a round trip more). The original's check is one of them: nothing is answered unless
  // it passes — what the signer reads must be what was accepted at upload (issue #13).
  const [owner, , fileUrl, signs, ownerVideo, ownVideoUrl, pageImages] = await Promise.all([
    deps.users.getById(doc.ownerId),
    assertOriginalIntact(deps.storage, doc),
    doc.fileKey ? deps.storage.presignDownload(doc.fileKey, { expiresSeconds: FILE_URL_SECONDS }) : null,
    savedSigns(deps, me),
    ownerVideoOf(deps, doc, recipients),
    ownVideoUrlOf(deps.storage, doc.docuId, me),
    // The images of the first pages (issue #33): only beside the original they were made from.
    Promise.all(
      doc.fileKey
        ? pageImageKeys(doc.fileKey, doc.pageImages ?? 0).map((key) =>
            deps.storage.presignDownload(key, {
              expiresSeconds: FILE_URL_SECONDS,
              contentType: PAGE_IMAGE_CONTENT_TYPE,
              inline: true,
            }),
          )
        : [],
    ),
  ]);
  return {
    docuId: doc.docuId,
    id4: doc.id4,
    kind: doc.kind,
    title: doc.title ?? '',
    status: doc.status,
    pages: (doc.pages ?? []).map((p) => ({ width: p.width, height: p.height })),
    fileUrl,
    ...(pageImages.length > 0 ? { pageImages } : {}),
    ownerName: owner?.name ?? '',
    recipients: numberAreas(recipients).map(({ recipient: r, areas }) => {
      const mine = r.index === me.index;
      return {
        index: r.index,
        name: r.name,
        contactMasked: maskContact(r.contact),
        method: r.method,
        agreement: agreementOf(r),
        mine,
        role: roleOf(r),
        group: groupOf(r),
        areas: areas.map(({ area, areaIndex }) => signerFieldView(area, areaIndex, mine)),
      };
    }),
    me: {
      index: me.index,
      // A video contract's owner is party 0: its first contractor is row 1.
      ordinal: doc.kind === 'vcontract' ? Math.max(1, me.index) : me.index + 1,
      name: me.name,
      contactMasked: maskContact(me.contact),
      agreement: agreementOf(me),
      role: roleOf(me),
      group: groupOf(me),
      video: me.video
        ? {
            contentType: me.video.contentType,
            sizeBytes: me.video.sizeBytes,
            recordedAt: me.video.recordedAt,
            ...(ownVideoUrl ? { url: ownVideoUrl } : {}),
          }
        : null,
    },
    signs: await Promise.all(
      signs.map(async (s) => ({
        signId: s.signId,
        url: await deps.storage.presignDownload(s.imageKey, { expiresSeconds: FILE_URL_SECONDS }),
        createdAt: s.createdAt,
      })),
    ),
    ownerVideo,
    brand: brandViewOf(doc.brand),
    routing: {
      canDelegate: (doc.allowDelegation ?? false) && agreementOf(me) === 0 && !me.video,
      expiresAt: doc.expiresAt ?? null,
    },
  };
}

/** A video contract's terms as its owner recorded them, for each contractor to watch before recording
 *  their own agreement (issue #16): short-lived URLs of the video and its still. */
async function ownerVideoOf(
  deps: SigningDeps,
  doc: DocumentRecord,
  recipients: readonly RecipientRecord[],
): Promise<SignerView['ownerVideo']> {
  const owner = doc.kind === 'vcontract' ? recipients.find((r) => r.isOwner) : undefined;
  const video = owner?.video;
  if (!owner || !video) return null;
  return {
    name: owner.name,
    ...(await presignVideo(
      deps.storage,
      { docuId: doc.docuId, index: owner.index },
      video,
      FILE_URL_SECONDS,
    )),
    contentType: video.contentType,
    durationSeconds: video.durationSeconds ?? null,
    recordedAt: video.recordedAt,
  };
}

export async function getSignerView(deps: SigningDeps, docuId: string, token: string): Promise<SignerView> {
  const ctx = await resolveSigner(deps, docuId, token);
  if (!ctx.me.openedAt && deps.markOpened) {
    // When the contractor first opened the document (shown on the audit pages, issue #6), and the
    // webhook event (a query of the owner's endpoints and a queue send; it never throws): both go out
    // beside the view's reads, not before them — the first open is the phone's first page load.
    const [, view] = await Promise.all([
      deps.markOpened(docuId, ctx.me.index, new Date().toISOString()),
      buildView(deps, ctx),
      emitWebhookEvent(ctx.doc.ownerId, 'recipient.viewed', { docuId, recipientIndex: ctx.me.index }),
    ]);
    return view;
  }
  return buildView(deps, ctx);
}

// --- Decisions ----------------------------------------------------------------------------------

/** Where a document goes when its last contractor agrees: video signing waits for confirmations. */
export function afterAllAgreed(doc: Pick<DocumentRecord, 'kind'>): DocumentStatus {
  return doc.kind === 'vsign' ? 'NeedVConfirm' : 'Generating';
}

function decision(
  me: RecipientRecord,
  agreement: 1 | 2,
  facts: RequestFacts,
  reason?: string,
  at = new Date(),
): RecipientRecord {
  return {
    ...me,
    agreement,
    // An agreement fills the contractor's date-signed fields with its own time (issue #27).
    ...(agreement === 1 && me.areas ? { areas: me.areas.map((a) => withDecisionDate(a, at)) } : {}),
    decidedAt: at.toISOString(),
    decidedIp: facts.ip,
    decidedUserAgent: facts.userAgent,
    ...(reason === undefined ? {} : { denyReason: reason }),
  };
}

/**
 * 400 while a required field of the link holder is empty (optional fields never block): only sign
 * fields missing keeps the earlier answer (`signing.errors.unsignedAreas`); any other field missing
 * names the fields by their document-wide areaIndex (`fields.errors.requiredFields`).
 */
function assertRequiredFilled(ctx: SignerContext): void {
  const missing = missingRequired(ctx.me.areas ?? []);
  if (missing.length === 0) return;
  const areas = ctx.me.areas ?? [];
  if (missing.every((i) => isImageField(fieldTypeOf(areas[i]!)))) {
    throw new AppError('signing.errors.unsignedAreas', `${missing.length} of your areas are not signed`, {
      status: 400,
      details: { unsigned: missing.length },
    });
  }
  const first = firstAreaIndex(ctx);
  const areaIndexes = missing.map((i) => first + i);
  throw new AppError('fields.errors.requiredFields', `${missing.length} required fields are empty`, {
    status: 400,
    details: { count: missing.length, areaIndexes },
  });
}

export async function agree(
  deps: SigningDeps,
  docuId: string,
  token: string,
  input: { lang: Language },
  facts: RequestFacts,
): Promise<SignerActionResponse> {
  const outcome = await withConflictRetry(async () => {
    const ctx = await resolveSigner(deps, docuId, token);
    assertPending(ctx);
    assertRequiredFilled(ctx);
    const decidedAt = new Date();
    if (ctx.doc.kind !== 'esign' && roleOf(ctx.me) === 'signer' && !ctx.me.video) {
      // Video sign (issue #15) and video contract (#16): the agreement video comes first; once agreed
      // it never changes. Approvers record none (issue #28).
      throw new AppError('video.errors.required', 'Record the agreement video before agreeing', {
        status: 409,
      });
    }
    // The agreement records the language the contractor read the contract in (spec doc 1 §4: "records
    // agreement for the recipient (with language)"); their completion e-mail follows it (sealing.ts).
    const mine = { ...decision(ctx.me, 1, facts, undefined, decidedAt), lang: input.lang };
    const after = ctx.recipients.map((r) => (r.index === mine.index ? mine : r));
    // Issue #28: viewers never block; the turn moves on when the last of a group agrees.
    const turnBefore = currentGroup(ctx.recipients);
    const turnAfter = currentGroup(after);
    const to: DocumentStatus = turnAfter !== null ? 'Agree' : afterAllAgreed(ctx.doc);
    if (to !== 'Agree' && !canTransition(ctx.doc.status, to, ctx.doc.kind)) {
      throw new AppError('errors.invalidTransition', `Cannot go from ${ctx.doc.status} to ${to}`, {
        status: 409,
      });
    }
    // The next group's requests are opened by the same conditional write that records this group's
    // last agreement: of two last agreements at once, one commits and opens it; the other reads
    // again, sees the group already complete, and opens nothing (issue #28, exactly once).
    const opened =
      turnAfter !== null && turnAfter !== turnBefore
        ? openRequests(docuId, requestsOfGroup(after, turnAfter), nowOf(deps))
        : [];
    // The document's status and version are the guard: of two signers finishing together, one
    // commits first and the other's condition fails, so it reads again and sees the first's agreement.
    // Video sign: every party's confirmation link is stored with the transition (issue #15).
    const confirmLinks =
      to === 'NeedVConfirm'
        ? issueConfirmTokens(docuId, await partiesOf(deps, ctx.doc, ctx.recipients), new Date())
        : [];
    await deps.docs.changeStatus(
      docuId,
      { status: ctx.doc.status, version: ctx.doc.version },
      to,
      {},
      {
        putRecipients: [mine, ...opened.map((o) => o.row)],
        putTokens: [...confirmLinks.map((l) => l.record), ...opened.map((o) => o.record)],
      },
    );
    return { ctx, to, confirmLinks, opened, after };
  });
  const { ctx, to, confirmLinks, opened, after } = outcome;
  await addHistory(deps, ctx.doc, 'agree', ctx.me, facts);
  await emitWebhookEvent(ctx.doc.ownerId, 'recipient.signed', { docuId, recipientIndex: ctx.me.index });
  await cancelReminder(deps, docuId, ctx.me);
  if (opened.length > 0) {
    const owner = await deps.users.getById(ctx.doc.ownerId);
    const actor = { name: owner?.name ?? '', contact: owner?.email ?? '' };
    await sendOpenedRequests(deps, ctx.doc, opened, actor, facts);
  }
  if (to !== 'Agree') {
    await addHistory(deps, ctx.doc, 'all_agree', ctx.me, facts);
    // Everyone answered: nothing is left to remind; a vsign contract keeps its expiry until sealed.
    await cancelSchedules(deps, ctx.doc, after, { keepExpiry: to === 'NeedVConfirm' });
    if (to === 'NeedVConfirm') await sendConfirmRequests(deps, ctx.doc, confirmLinks, facts);
    if (to === 'Generating') {
      const job: SealJob = { docuId };
      await deps.queue.enqueue('seal', job);
    }
  }
  return { status: to, agreement: 1 };
}

async function refuse(
  deps: SigningDeps,
  docuId: string,
  token: string,
  kind: 'deny' | 'terms',
  facts: RequestFacts,
  reason?: string,
): Promise<SignerActionResponse> {
  const to: DocumentStatus = kind === 'deny' ? 'Reject' : 'Reject_legal';
  const ctx = await withConflictRetry(async () => {
    const c = await resolveSigner(deps, docuId, token);
    assertPending(c);
    if (!canTransition(c.doc.status, to, c.doc.kind)) {
      throw new AppError('errors.invalidTransition', `Cannot go from ${c.doc.status} to ${to}`, {
        status: 409,
      });
    }
    await deps.docs.changeStatus(
      docuId,
      { status: c.doc.status, version: c.doc.version },
      to,
      {},
      { putRecipients: [decision(c.me, 2, facts, reason)] },
    );
    return c;
  });
  await addHistory(deps, ctx.doc, kind === 'deny' ? 'reject' : 'reject_legal', ctx.me, facts, reason);
  // The reason is the contractor's own words: never in an event.
  await emitWebhookEvent(ctx.doc.ownerId, 'recipient.denied', {
    docuId,
    recipientIndex: ctx.me.index,
    refusal: kind === 'deny' ? 'denied' : 'termsRejected',
  });
  await cancelSchedules(deps, ctx.doc, ctx.recipients);
  for (const job of await refusalNotices(deps, ctx, kind, reason)) await deps.queue.enqueue('notify', job);
  return { status: to, agreement: 2 };
}

export async function deny(
  deps: SigningDeps,
  docuId: string,
  token: string,
  input: DenyRequest,
  facts: RequestFacts,
): Promise<SignerActionResponse> {
  const reason = denyReason(input.reason);
  return refuse(deps, docuId, token, 'deny', facts, reason);
}

export async function rejectTerms(
  deps: SigningDeps,
  docuId: string,
  token: string,
  input: { lang: Language },
  facts: RequestFacts,
): Promise<SignerActionResponse> {
  void input;
  return refuse(deps, docuId, token, 'terms', facts);
}
