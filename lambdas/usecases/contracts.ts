// Contract management (issue #7): the owner's and the contractor's contract lists, details, a
// contractor's video, activity and status polling. Download, mail, delete and Continue are in
// ./contract-actions.ts; who may see a contract (else 404, as for a missing document) in
// ./contract-access.ts.
import { ACTIVITY_TIMELINE_ITEMS } from '../../shared/domain/constants';
import {
  type ActivityResponse,
  type ContractCard,
  type ContractDetails,
  type ContractList,
  type ContractRecipient,
  type ContractVideoResponse,
  type HistoryEntry,
} from '../../shared/api/contracts';
import { maskContact } from '../../shared/domain/contact';
import { DOCUMENT_LIST_TAB, isDraft, type DocumentListTab } from '../../shared/domain/status';
import { badCursorError } from '../adapters/dynamo/contracts';
import type { DocumentRecord, HistoryRecord, RecipientRecord } from '../adapters/dynamo/documents';
import { AppError } from '../core/errors';
import type { AuthUser } from '../core/http';
import { presignVideo } from './video-playback';
import { flowOf, recipientFlowOf } from './routing-views';
import { documentFileName } from './messages';
import {
  access,
  agreementOf,
  type ContractDeps,
  finalKeyOf,
  ownerAccess,
  type Role,
  stateOf,
  viewerVideoConfirm,
  verifiedEmail,
  VIDEO_URL_SECONDS,
} from './contract-access';

// --- Cards ------------------------------------------------------------------------------------

function recipientOf(
  doc: DocumentRecord,
  recipients: readonly RecipientRecord[],
  r: RecipientRecord,
  role: Role,
  me: RecipientRecord | undefined,
): ContractRecipient {
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
    agreedLang: agreement === 1 && (r.lang === 'en' || r.lang === 'jp' || r.lang === 'ko') ? r.lang : null,
    hasVideo: r.video !== undefined,
    videoConfirmation: stateOf(r.videoConfirm),
    ...recipientFlowOf(doc, r, recipients),
  };
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
    recipients: recipients.map((r) => recipientOf(doc, recipients, r, role, me)),
    hasFinal: finalKeyOf(doc) !== null,
    viewerVideoConfirm: viewerVideoConfirm(doc, role, me),
    thumbnailUrl,
    expiresAt: doc.expiresAt ?? null,
    token: role === 'owner' ? tokenOf(doc) : null,
  };
}

/** The contract's token as its owner sees it (issue #32). */
function tokenOf(doc: DocumentRecord): NonNullable<ContractCard['token']> | null {
  if (!doc.anchorTokenId) return null;
  return {
    tokenId: doc.anchorTokenId,
    holder: doc.anchorHolder ?? '',
    held: Boolean(doc.anchorHeld) && !doc.claimedAt && !doc.claimError,
    // A token minted before issue #32 carries no held flag: the claim may be asked, and the anchor
    // worker reads the chain to see whether the service holds it.
    claimable: !doc.claimTo && doc.anchorHeld !== false,
    claim: doc.claimTo
      ? {
          to: doc.claimTo,
          requestedAt: doc.claimRequestedAt ?? doc.updatedAt,
          status: doc.claimedAt ? 'done' : doc.claimError ? 'failed' : 'pending',
        }
      : null,
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
    flow: flowOf(doc, recipients),
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
    // The sealed final: a video contract's only PDF is this contract record (issue #34 item 4).
    record:
      doc.finalKey && doc.finalSha256
        ? {
            fileName: documentFileName(doc, true),
            pageCount: doc.finalPageCount ?? null,
            sizeBytes: doc.finalSizeBytes ?? null,
            sha256: doc.finalSha256,
            completedAt: doc.completedAt ?? null,
          }
        : null,
    history: sorted.map(historyEntry),
    videos: recipients.flatMap((r) =>
      r.video
        ? [
            {
              index: r.index,
              name: r.name,
              recordedAt: r.video.recordedAt,
              sha256: r.video.sha256,
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
  limit = ACTIVITY_TIMELINE_ITEMS,
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
