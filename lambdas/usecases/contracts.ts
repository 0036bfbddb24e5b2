// Contract management (issue #7): the owner's and the contractor's contract lists, details, activity,
// status polling, download, mail, delete, and the contractor's own signer link (Continue).
// Access: the owner sees their documents; a signed-in user whose verified e-mail is a contractor's
// contact sees that sent document as a contractor. Anyone else gets 404, as for a missing document.
import { assertOriginalIntact } from './original';
import { randomUUID } from 'node:crypto';
import {
  ACTIVITY_ITEMS,
  type ActivityResponse,
  type ContractCard,
  type ContractDetails,
  type ContractList,
  type ContractRecipient,
  type ContractVideoResponse,
  type DownloadResponse,
  type HistoryEntry,
} from '../../shared/api/contracts';
import type { Language } from '../../shared/domain/constants';
import { isValidEmail, maskContact, normaliseEmail } from '../../shared/domain/contact';
import { DOCUMENT_LIST_TAB, isDraft, type DocumentListTab } from '../../shared/domain/status';
import { localeForPath, translate } from '../../shared/i18n/server';
import { badCursorError, type ContractRepository } from '../adapters/dynamo/contracts';
import type { DocumentRecord, HistoryRecord, RecipientRecord } from '../adapters/dynamo/documents';
import { AppError } from '../core/errors';
import type { AuthUser } from '../core/http';
import type { NotifyJob } from '../jobs';
import { FILE_URL_SECONDS, legacyOriginalKey, OWNER_PARTY, type DocumentDeps } from './document-access';
import { issueSignerToken } from './signer-tokens';
import { enforceLimits } from './limits';
import { documentFileName, messageTitle } from './messages';
import { withConflictRetry } from './retry';
import { escapeHtml } from '../core/html';
import { presignVideo } from './video-playback';

/** A video's playback URL lives this long: enough to watch a one-minute video, then it is spent. */
export const VIDEO_URL_SECONDS = 5 * 60;

export interface ContractDeps extends DocumentDeps {
  readonly contracts: ContractRepository;
}

type Role = 'owner' | 'contractor';

interface Access {
  readonly doc: DocumentRecord;
  readonly recipients: RecipientRecord[];
  readonly role: Role;
  /** The viewer's contractor row (the owner's own row when the owner is a contractor). */
  readonly me: RecipientRecord | undefined;
}

function notFound(docuId: string): AppError {
  return new AppError('errors.notFound', `Document ${docuId} not found`, { status: 404 });
}

function agreementOf(r: Pick<RecipientRecord, 'agreement'>): 0 | 1 | 2 {
  return r.agreement === 1 || r.agreement === 2 ? r.agreement : 0;
}

function stateOf(value: number | undefined): 0 | 1 | 2 {
  return value === 1 || value === 2 ? value : 0;
}

/** The viewer's verified e-mail (lower case), or null: only a verified address matches contractors.
 *  Verified means the product checked a code it mailed there (the user record's address and flag,
 *  issue #13) — never the token's email_verified claim or its email, which the user pool lets a user
 *  change and cognito-local sets for everyone. */
async function verifiedEmail(deps: ContractDeps, user: AuthUser): Promise<string | null> {
  const record = await deps.users.getById(user.sub);
  if (!record?.emailVerified || record.closed || !record.email) return null;
  return normaliseEmail(record.email);
}

/** The contractor row of this viewer on a sent document of someone else, if any. */
function contractorRow(
  doc: DocumentRecord,
  recipients: readonly RecipientRecord[],
  email: string | null,
): RecipientRecord | undefined {
  if (!email || isDraft(doc.status)) return undefined;
  return recipients.find((r) => !r.isOwner && r.contact === email);
}

/** The document as the viewer may see it: 404 when it is missing or neither theirs nor sent to them. */
async function access(deps: ContractDeps, user: AuthUser, docuId: string): Promise<Access> {
  const doc = await deps.docs.getDocument(docuId);
  if (!doc) throw notFound(docuId);
  const recipients = await deps.docs.listRecipients(docuId);
  if (doc.ownerId === user.sub) {
    const email = user.email ? normaliseEmail(user.email) : '';
    return { doc, recipients, role: 'owner', me: recipients.find((r) => r.isOwner || r.contact === email) };
  }
  const me = contractorRow(doc, recipients, await verifiedEmail(deps, user));
  if (!me) throw notFound(docuId);
  return { doc, recipients, role: 'contractor', me };
}

async function ownerAccess(deps: ContractDeps, user: AuthUser, docuId: string): Promise<Access> {
  const a = await access(deps, user, docuId);
  if (a.role !== 'owner') throw notFound(docuId);
  return a;
}

/** The sealed final PDF's key, once the sealing (issue #6) recorded it. */
export function finalKeyOf(doc: DocumentRecord): string | null {
  return doc.finalKey || null;
}

/** Every object of the document recorded on it or its recipients (original, final, certificate…):
 *  fields named `key` or ending in `Key`, at any depth, whose key lies under the document's own
 *  prefix. A sign image key points into its signer's sign list (used again by later contracts) and
 *  is kept. */
export function recordedObjectKeys(doc: DocumentRecord, recipients: readonly RecipientRecord[]): string[] {
  const prefixes = [`documents/${doc.docuId}/`, `uploads/${doc.docuId}/`];
  const keys = new Set<string>([legacyOriginalKey(doc.docuId)]);
  const visit = (value: unknown, depth: number) => {
    if (depth > 5 || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (const v of value) visit(v, depth + 1);
      return;
    }
    for (const [k, v] of Object.entries(value)) {
      if (typeof v === 'string' && (k === 'key' || /[a-z]Key$/.test(k))) {
        if (prefixes.some((p) => v.startsWith(p))) keys.add(v);
      } else visit(v, depth + 1);
    }
  };
  visit(doc, 0);
  for (const r of recipients) visit(r, 0);
  return [...keys];
}

// --- Cards ------------------------------------------------------------------------------------

function recipientOf(r: RecipientRecord, role: Role, me: RecipientRecord | undefined): ContractRecipient {
  const agreement = agreementOf(r);
  const mine = me !== undefined && me.index === r.index;
  return {
    index: r.index,
    name: r.name,
    contact: role === 'owner' || mine ? r.contact : null,
    contactMasked: maskContact(r.contact),
    method: r.method,
    isOwner: r.isOwner,
    agreement,
    me: mine,
    denyReason: agreement === 2 || r.videoConfirm === 2 ? (r.denyReason ?? null) : null,
    decidedAt: r.decidedAt ?? null,
    hasVideo: r.video !== undefined,
    videoConfirmation: stateOf(r.videoConfirm),
  };
}

/** The viewer's own video confirmation on a Video Sign document: their contractor row's, or the
 *  owner's own field when the owner is not a contractor; null when there is none to give. */
function viewerVideoConfirm(
  doc: DocumentRecord,
  role: Role,
  me: RecipientRecord | undefined,
): 0 | 1 | 2 | null {
  if (doc.kind !== 'vsign') return null;
  if (me) return stateOf(me.videoConfirm);
  return role === 'owner' ? stateOf(doc.ownerVideoConfirm) : null;
}

/** A video contract's card shows the still of its owner's recorded terms (spec `vc_thumbnail`). */
async function thumbnailOf(
  deps: ContractDeps,
  doc: DocumentRecord,
  recipients: readonly RecipientRecord[],
): Promise<string | null> {
  if (doc.kind !== 'vcontract') return null;
  const key = recipients.find((r) => r.isOwner)?.video?.thumbnailKey;
  return key
    ? deps.storage.presignDownload(key, {
        expiresSeconds: VIDEO_URL_SECONDS,
        contentType: 'image/jpeg',
        inline: true,
      })
    : null;
}

function cardOf(
  doc: DocumentRecord,
  recipients: readonly RecipientRecord[],
  latest: HistoryRecord | null,
  role: Role,
  me: RecipientRecord | undefined,
  thumbnailUrl: string | null,
): ContractCard {
  return {
    docuId: doc.docuId,
    id4: doc.id4,
    kind: doc.kind,
    title: doc.title ?? '',
    status: doc.status,
    role,
    createdAt: doc.createdAt,
    sentAt: doc.sentAt ?? null,
    lastActivityAt: latest?.time ?? doc.updatedAt,
    recipients: recipients.map((r) => recipientOf(r, role, me)),
    hasFinal: finalKeyOf(doc) !== null,
    viewerVideoConfirm: viewerVideoConfirm(doc, role, me),
    thumbnailUrl,
  };
}

/** Recipients and latest history of each document of a page, fetched in parallel (2 Queries each). */
async function cardsOf(
  deps: ContractDeps,
  docs: readonly DocumentRecord[],
  role: Role,
  viewer: { email: string | null },
): Promise<ContractCard[]> {
  return Promise.all(
    docs.map(async (doc) => {
      const [recipients, latest] = await Promise.all([
        deps.docs.listRecipients(doc.docuId),
        deps.contracts.latestHistory(doc.docuId),
      ]);
      const me =
        role === 'owner'
          ? recipients.find((r) => r.isOwner)
          : recipients.find((r) => !r.isOwner && r.contact === viewer.email);
      return cardOf(doc, recipients, latest, role, me, await thumbnailOf(deps, doc, recipients));
    }),
  );
}

// --- Cursors ----------------------------------------------------------------------------------

type Cursor = { k: 'owner'; c: string } | { k: 'contractor'; o: number };

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor), 'utf8').toString('base64url');
}

const badCursor = badCursorError;

function decodeCursor(text: string | undefined, kind: Cursor['k']): Cursor | null {
  if (text === undefined) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  const c = parsed as Partial<{ k: string; c: unknown; o: unknown }>;
  if (kind === 'owner' && c?.k === 'owner' && typeof c.c === 'string' && c.c) return { k: 'owner', c: c.c };
  if (kind === 'contractor' && c?.k === 'contractor' && Number.isInteger(c.o) && (c.o as number) >= 0) {
    return { k: 'contractor', o: c.o as number };
  }
  throw badCursor();
}

// --- Lists ------------------------------------------------------------------------------------

export async function listContracts(
  deps: ContractDeps,
  user: AuthUser,
  query: { tab: DocumentListTab; role: Role; cursor?: string; limit: number },
): Promise<ContractList> {
  if (query.role === 'owner') {
    const cursor = decodeCursor(query.cursor, 'owner');
    const page = await deps.contracts.listOwnedDocuments(
      user.sub,
      query.tab,
      query.limit,
      cursor?.k === 'owner' ? cursor.c : null,
    );
    // A draft stored before drafts had their own tab (issue #14) still carries 'pending': not listed
    // there (docs/decisions.md 87 describes the one-off backfill that moves it to 'draft').
    const items = page.items.filter((d) => DOCUMENT_LIST_TAB[d.status] === query.tab);
    return {
      items: await cardsOf(deps, items, 'owner', { email: null }),
      nextCursor: page.cursor ? encodeCursor({ k: 'owner', c: page.cursor }) : null,
    };
  }
  // As a contractor: few documents per person; all rows of the contact, then the page in memory.
  const cursor = decodeCursor(query.cursor, 'contractor');
  const offset = cursor?.k === 'contractor' ? cursor.o : 0;
  const email = await verifiedEmail(deps, user);
  if (!email) return { items: [], nextCursor: null };
  const rows = (await deps.contracts.recipientsByContact(email)).filter((r) => !r.isOwner);
  const docs = (await deps.contracts.getDocuments(rows.map((r) => r.docuId)))
    .filter((d) => d.ownerId !== user.sub && !isDraft(d.status) && DOCUMENT_LIST_TAB[d.status] === query.tab)
    .sort(
      (a, b) =>
        (b.sentAt ?? b.createdAt).localeCompare(a.sentAt ?? a.createdAt) || b.docuId.localeCompare(a.docuId),
    );
  const page = docs.slice(offset, offset + query.limit);
  const next = offset + query.limit;
  return {
    items: await cardsOf(deps, page, 'contractor', { email }),
    nextCursor: next < docs.length ? encodeCursor({ k: 'contractor', o: next }) : null,
  };
}

function historyEntry(h: HistoryRecord): HistoryEntry {
  return {
    action: h.action,
    time: h.time,
    actorName: h.actorName ?? '',
    actorContactMasked: h.actorContactMasked ?? '',
    reason: h.reason ?? null,
    targetName: h.targetName ?? null,
    targetContactMasked: h.targetContactMasked ?? null,
    channel: h.channel ?? null,
  };
}

export async function contractDetails(
  deps: ContractDeps,
  user: AuthUser,
  docuId: string,
): Promise<ContractDetails> {
  const { doc, recipients, role, me } = await access(deps, user, docuId);
  const [history, owner, thumbnailUrl] = await Promise.all([
    deps.docs.listHistory(docuId),
    deps.users.getById(doc.ownerId),
    thumbnailOf(deps, doc, recipients),
  ]);
  const sorted = [...history].sort((a, b) => b.itemId.localeCompare(a.itemId));
  const card = cardOf(doc, recipients, sorted[0] ?? null, role, me, thumbnailUrl);
  return {
    ...card,
    requester: {
      name: owner?.name ?? '',
      email: owner?.email ?? '',
      phone: owner?.phone ?? null,
    },
    document: {
      originalFileName: doc.originalFileName ?? null,
      pageCount: (doc.pages ?? []).length,
      sizeBytes: doc.sizeBytes ?? null,
      sha256: doc.sha256 ?? null,
      uploadedAt: doc.uploadedAt ?? null,
    },
    history: sorted.map(historyEntry),
    videos: recipients.flatMap((r) =>
      r.video
        ? [
            {
              index: r.index,
              recordedAt: r.video.recordedAt,
              contentType: r.video.contentType,
              sizeBytes: r.video.sizeBytes,
              durationSeconds: r.video.durationSeconds ?? null,
              hasThumbnail: Boolean(r.video.thumbnailKey),
            },
          ]
        : [],
    ),
  };
}

/** Short-lived URLs of a contractor's agreement video (and thumbnail): the owner's details panel only;
 *  404 for another user's document (as for a missing one) and for a contractor without a video. */
export async function contractVideo(
  deps: ContractDeps,
  user: AuthUser,
  docuId: string,
  index: number,
  now = new Date(),
): Promise<ContractVideoResponse> {
  const { recipients } = await ownerAccess(deps, user, docuId);
  const video = recipients.find((r) => r.index === index)?.video;
  if (!video) {
    throw new AppError('contracts.errors.noVideo', `Contractor ${index} has no video`, { status: 404 });
  }
  return {
    ...(await presignVideo(deps.storage, { docuId, index }, video, VIDEO_URL_SECONDS)),
    contentType: video.contentType,
    expiresAt: new Date(now.getTime() + VIDEO_URL_SECONDS * 1000).toISOString(),
  };
}

export async function contractStatus(
  deps: ContractDeps,
  user: AuthUser,
  docuId: string,
): Promise<{ status: DocumentRecord['status'] }> {
  const { doc } = await access(deps, user, docuId);
  return { status: doc.status };
}

export async function activity(
  deps: ContractDeps,
  user: AuthUser,
  limit = ACTIVITY_ITEMS,
): Promise<ActivityResponse> {
  const items = await deps.contracts.ownerActivity(user.sub, limit);
  const docs = new Map(
    (await deps.contracts.getDocuments(items.map((h) => h.docuId))).map((d) => [d.docuId, d]),
  );
  return {
    items: items.flatMap((h) => {
      const doc = docs.get(h.docuId);
      // A document deleted while its history was being removed: not shown.
      if (!doc) return [];
      return [{ ...historyEntry(h), docuId: h.docuId, id4: doc.id4, title: doc.title ?? '' }];
    }),
  };
}

// --- Download and mail ------------------------------------------------------------------------

export async function downloadDocument(
  deps: ContractDeps,
  user: AuthUser,
  docuId: string,
  now = new Date(),
): Promise<DownloadResponse> {
  const { doc } = await access(deps, user, docuId);
  const finalKey = finalKeyOf(doc);
  const key = finalKey ?? doc.fileKey;
  if (!key) {
    throw new AppError('documents.errors.preparePdf', 'The document has no file yet', { status: 409 });
  }
  if (finalKey === null) await assertOriginalIntact(deps.storage, doc);
  // The sealed PDF has the one name of the mails; an untitled original keeps its file's name in it.
  const fileName =
    finalKey !== null
      ? documentFileName(doc, true)
      : documentFileName(
          { id4: doc.id4, title: doc.title || doc.originalFileName?.replace(/\.pdf$/i, '') },
          false,
        );
  const [url, viewUrl] = await Promise.all([
    deps.storage.presignDownload(key, { expiresSeconds: FILE_URL_SECONDS, filename: fileName }),
    deps.storage.presignDownload(key, { expiresSeconds: FILE_URL_SECONDS }),
  ]);
  return {
    url,
    viewUrl,
    fileName,
    final: finalKey !== null,
    expiresAt: new Date(now.getTime() + FILE_URL_SECONDS * 1000).toISOString(),
  };
}

export function completedMailJob(input: {
  docuId: string;
  id4: string;
  title: string;
  sender: string;
  to: string;
  lang: Language;
  attachmentKey: string;
  fileName: string;
}): NotifyJob {
  const locale = localeForPath(input.lang);
  const values = {
    title: messageTitle(input.title, locale),
    sender: input.sender,
    number: input.id4.toUpperCase(),
  };
  return {
    kind: 'email',
    idempotencyKey: `completed-mail#${input.docuId}#${randomUUID()}`,
    to: [input.to],
    subject: translate('contractMail.subject', values, locale),
    text: translate('contractMail.body', values, locale),
    html: `<p>${escapeHtml(translate('contractMail.intro', values, locale))}</p>`,
    attachments: [{ filename: input.fileName, contentType: 'application/pdf', key: input.attachmentKey }],
  };
}

export async function mailDocument(
  deps: ContractDeps,
  user: AuthUser,
  docuId: string,
  input: { email: string; lang: Language },
): Promise<{ sent: true }> {
  const { doc } = await ownerAccess(deps, user, docuId);
  const email = input.email.trim();
  if (!isValidEmail(email)) {
    throw new AppError('contractors.errors.invalidEmail', 'Invalid email address', { status: 400 });
  }
  const finalKey = finalKeyOf(doc);
  if (doc.status !== 'Completed' || !finalKey) {
    throw new AppError('contracts.errors.mailNotCompleted', 'Only a completed document can be mailed', {
      status: 409,
    });
  }
  const to = normaliseEmail(email);
  await enforceLimits(deps.limits, [
    { rule: 'finalMailsPerOwner', key: user.sub },
    { rule: 'finalMailsPerAddress', key: to },
  ]);
  const owner = await deps.users.getById(user.sub);
  await deps.queue.enqueue(
    'notify',
    completedMailJob({
      docuId,
      id4: doc.id4,
      title: doc.title ?? '',
      sender: owner?.name || user.name,
      to,
      lang: input.lang,
      attachmentKey: finalKey,
      fileName: documentFileName(doc, true),
    }),
  );
  return { sent: true };
}

// --- Delete -----------------------------------------------------------------------------------

/**
 * Deletes the owner's document: first the document and its recipients in one transaction conditional
 * on the status and version read (so a document that started sealing meanwhile is not deleted), then
 * its signer tokens (links answer like any invalid link from the first step on, since the document is
 * gone), its history, its agreement videos' hash records (verify no longer knows them), and its objects. Refused while Generating: the seal would write a final PDF
 * for a deleted document.
 */
export async function deleteDocument(
  deps: ContractDeps,
  user: AuthUser,
  docuId: string,
): Promise<{ deleted: true }> {
  const { doc, recipients } = await ownerAccess(deps, user, docuId);
  if (doc.status === 'Generating') {
    throw new AppError('contracts.errors.deleteWhileSealing', 'The document is being sealed', {
      status: 409,
    });
  }
  await deps.contracts.deleteDocument(
    docuId,
    { status: doc.status, version: doc.version },
    recipients.map((r) => r.index),
    doc.finalSha256,
  );
  const tokens = recipients.flatMap((r) => [r.tokenHash, r.accountTokenHash]).filter(Boolean) as string[];
  await deps.contracts.deleteTokens(tokens);
  await deps.contracts.deleteHistory(docuId);
  if (doc.finalSha256)
    await deps.contracts.deleteVideoHashes(
      docuId,
      recipients.flatMap((r) => (r.video ? [r.video.sha256] : [])),
    );
  await deps.storage.deleteMany(recordedObjectKeys(doc, recipients));
  return { deleted: true };
}

// --- Contractor: Continue ---------------------------------------------------------------------

/**
 * A link for what the signed-in viewer still has to do, for Continue in the list. To sign (or record
 * the agreement video, a step of the same page): a fresh signer token (256 bits, only its hash stored,
 * bound to this contractor of this document, 30 days) kept as the recipient's account token, so the
 * e-mailed link keeps working; a new Continue replaces the previous one. To confirm the videos of a
 * Video Sign document in NeedVConfirm (a contractor, or the owner, also when not a contractor): a
 * fresh confirmation token of their own (purpose 'vconfirm') and its /video_confirm page.
 */
export async function contractorSignerLink(
  deps: ContractDeps,
  user: AuthUser,
  docuId: string,
  input: { lang: Language },
  now = new Date(),
): Promise<{ path: string }> {
  // Another party may change the document meanwhile (e.g. a signer agrees): then read again.
  return withConflictRetry(async () => {
    const { doc, role, me } = await access(deps, user, docuId);
    const expected = { status: doc.status, version: doc.version };
    if (doc.status === 'NeedVConfirm' && viewerVideoConfirm(doc, role, me) === 0) {
      const { token, record } = issueSignerToken(docuId, me ? me.index : OWNER_PARTY, now);
      await deps.docs.changeStatus(
        docuId,
        expected,
        doc.status,
        {},
        {
          putTokens: [{ ...record, purpose: 'vconfirm' }],
        },
      );
      return { path: `/${input.lang}/video_confirm/${docuId}/${token}` };
    }
    if (role !== 'contractor' || !me) throw notFound(docuId);
    if (doc.status !== 'Agree' || agreementOf(me) !== 0) {
      throw new AppError('contracts.errors.nothingToSign', 'There is nothing left to sign', { status: 409 });
    }
    const { token, record } = issueSignerToken(docuId, me.index, now);
    await deps.docs.changeStatus(
      docuId,
      expected,
      doc.status,
      {},
      {
        putRecipients: [{ ...me, accountTokenHash: record.tokenHash }],
        putTokens: [record],
        deleteTokens: me.accountTokenHash ? [me.accountTokenHash] : [],
      },
    );
    return { path: `/${input.lang}/outsign/${docuId}/${token}` };
  }, 5);
}
