// The phone hand-off of the video step (issue #15, architecture §15 "No camera"): a contractor whose
// computer has no camera or microphone asks for a short-lived link, shown as a QR code of
// `/{lang}/vsign_mobile/{token}`, and records on the phone. The token is random (256 bits), bound to
// that document and contractor, stored only as its SHA-256 in items of its own (never a signer token:
// it opens no signing page) with a 15-minute expiry (also the item's TTL). It may open recording
// sessions of that contractor and complete them, through the same use cases as the signing page;
// once a video was accepted through it, it opens nothing more. The computer polls the video status.
import { createHash, randomBytes } from 'node:crypto';
import type {
  CompleteVideoResponse,
  MobileRecordingView,
  SignerVideoStatus,
  StartVideoSessionRequest,
  StartVideoSessionResponse,
  VideoMobileLinkResponse,
} from '../../shared/api/schemas';
import type { RecipientRecord, VideoMobileTokenRecord } from '../adapters/dynamo/documents';
import { AppError } from '../core/errors';
import { enforceLimits } from './limits';
import { assertContractNotClosed } from './closed-contract';
import { ownVideoUrlOf } from './video-playback';
import { resolveSigner, type SignerContext } from './signer-link';
import {
  accepted,
  completeRecordingSession,
  openRecordingSession,
  refused,
  type CompletionFacts,
  type VideoDeps,
} from './videos';

/** How long a phone hand-off link works. */
export const MOBILE_LINK_MINUTES = 15;

export interface MobileTokenStore {
  putMobileToken(token: VideoMobileTokenRecord): Promise<void>;
  getMobileToken(tokenHash: string): Promise<VideoMobileTokenRecord | null>;
  markMobileTokenUsed(tokenHash: string, usedAt: string, usedSessionId: string): Promise<void>;
}

export interface HandoffDeps extends VideoDeps {
  readonly mobileTokens: MobileTokenStore;
}

const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

function summary(video: RecipientRecord['video']): SignerVideoStatus['video'] {
  return video
    ? { contentType: video.contentType, sizeBytes: video.sizeBytes, recordedAt: video.recordedAt }
    : null;
}

const linkInvalid = () =>
  new AppError('video.errors.mobileLinkInvalid', 'This recording link is not valid', { status: 404 });
const linkExpired = () =>
  new AppError('video.errors.mobileLinkExpired', 'This recording link has expired', { status: 410 });
const linkUsed = () =>
  new AppError('video.errors.mobileLinkUsed', 'This recording link was used already', { status: 410 });

/** POST /api/sign/{docuId}/{token}/video-mobile-link: a new phone hand-off link of this contractor. */
export async function createMobileLink(
  deps: HandoffDeps,
  docuId: string,
  token: string,
  now = new Date(),
): Promise<VideoMobileLinkResponse> {
  const ctx = await resolveSigner(deps, docuId, token, now);
  const refusal = refused(ctx);
  if (refusal) throw refusal;
  await enforceLimits(deps.limits, [
    { rule: 'videoMobileLinksPerRecipient', key: `${docuId}#${ctx.me.index}` },
  ]);
  const mobileToken = randomBytes(32).toString('base64url');
  const expiresAtMs = now.getTime() + MOBILE_LINK_MINUTES * 60_000;
  const expiresAt = new Date(expiresAtMs).toISOString();
  await deps.mobileTokens.putMobileToken({
    tokenHash: hashToken(mobileToken),
    docuId,
    recipientIndex: ctx.me.index,
    createdAt: now.toISOString(),
    expiresAt,
    // DynamoDB's TTL removes it some time after it stopped working (the expiry is checked anyway).
    ttl: Math.ceil(expiresAtMs / 1000) + 3600,
  });
  return { token: mobileToken, expiresAt };
}

/** GET /api/sign/{docuId}/{token}/video: the accepted video so far (the computer polls it). */
export async function getSignerVideoStatus(
  deps: HandoffDeps,
  docuId: string,
  token: string,
): Promise<SignerVideoStatus> {
  const ctx = await resolveSigner(deps, docuId, token);
  return { video: summary(ctx.me.video) };
}

interface MobileContext {
  readonly record: VideoMobileTokenRecord;
  readonly ctx: SignerContext;
}

/** The link's record and its contractor: 404 unknown, 410 expired at `now` (null: not checked) or
 *  used (unless `replay` is the session that used it: a lost answer may be asked again). */
async function resolveMobile(
  deps: HandoffDeps,
  mobileToken: string,
  now: Date | null,
  replay?: string,
): Promise<MobileContext> {
  const record = await deps.mobileTokens.getMobileToken(hashToken(mobileToken));
  if (!record) throw linkInvalid();
  if (record.usedAt && !(replay && record.usedSessionId === replay)) throw linkUsed();
  if (now && !record.usedAt && Date.parse(record.expiresAt) <= now.getTime()) throw linkExpired();
  const doc = await deps.docs.getDocument(record.docuId);
  if (!doc) throw linkInvalid();
  const recipients = await deps.docs.listRecipients(record.docuId);
  const me = recipients.find((r) => r.index === record.recipientIndex);
  if (!me) throw linkInvalid();
  // The phone says a contract is declined or completed as the signing page does (issue #29).
  assertContractNotClosed(doc, recipients, me);
  return { record, ctx: { doc, recipients, me } };
}

/** GET /api/vsign-mobile/{mobileToken}: the phone recorder's script. */
export async function getMobileRecordingView(
  deps: HandoffDeps,
  mobileToken: string,
  now = new Date(),
): Promise<MobileRecordingView> {
  const { record, ctx } = await resolveMobile(deps, mobileToken, now);
  const refusal = refused(ctx);
  if (refusal) throw refusal;
  return {
    name: ctx.me.name,
    id4: ctx.doc.id4,
    expiresAt: record.expiresAt,
    video: summary(ctx.me.video),
    // Issue #29: an existing video makes the main button Retake and enables Play.
    videoUrl: await ownVideoUrlOf(deps.storage, ctx.doc.docuId, ctx.me),
  };
}

/** POST /api/vsign-mobile/{mobileToken}/video-session: a recording session opened from the phone. */
export async function startMobileSession(
  deps: HandoffDeps,
  mobileToken: string,
  input: StartVideoSessionRequest,
  now = new Date(),
): Promise<StartVideoSessionResponse> {
  const { record } = await resolveMobile(deps, mobileToken, now);
  const resolve = async (at?: Date) => (await resolveMobile(deps, mobileToken, at ?? new Date())).ctx;
  return openRecordingSession(deps, record.docuId, resolve, input, now);
}

/** POST /api/vsign-mobile/{mobileToken}/video-session/{sessionId}/complete: the phone's video; the
 *  link is spent once it is accepted. */
export async function completeMobileSession(
  deps: HandoffDeps,
  mobileToken: string,
  sessionId: string,
  facts: CompletionFacts,
  now = new Date(),
): Promise<CompleteVideoResponse> {
  const { record, ctx } = await resolveMobile(deps, mobileToken, null, sessionId);
  if (record.usedAt) {
    // The same completion again (its answer was lost): the video it stored.
    if (ctx.me.video?.sessionId === sessionId) return accepted(ctx.me.video);
    throw linkUsed();
  }
  // A recording begun in time may be finished within its session's window, after the link's 15
  // minutes; an expired link completes nothing else.
  const expired = Date.parse(record.expiresAt) <= now.getTime();
  if (expired && ctx.me.videoSession?.sessionId !== sessionId) throw linkExpired();
  const resolve = async () => (await resolveMobile(deps, mobileToken, null, sessionId)).ctx;
  const answer = await completeRecordingSession(deps, record.docuId, resolve, sessionId, facts, now);
  await deps.mobileTokens.markMobileTokenUsed(record.tokenHash, new Date().toISOString(), sessionId);
  return answer;
}
