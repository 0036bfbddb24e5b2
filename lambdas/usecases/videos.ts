// Agreement videos of video-sign contracts (issue #15, architecture §15). Live recordings only: when
// Record is pressed the page asks for a recording session — a one-time id, its start time, a 4-digit
// challenge code read aloud in the video, and a window of the longest recording plus a grace to upload
// it — and gets a presigned POST that may write one staging key of its own (as for originals, issue
// #13), `uploads/{docuId}/videos/{recipientIndex}/{sessionId}.{webm|mp4}`, with the session's content
// type, within the size cap, until the window ends. The completion call accepts the file only for the
// open session of that contractor within its window: real container header (EBML for webm, 'ftyp' for
// mp4), at least 1,000 bytes, at most the cap, its SHA-256 streamed (never the whole file in memory).
// The store then copies exactly the checked bytes (conditional on their entity tag, with the session's
// content type) to `documents/{docuId}/videos/{recipientIndex}/{attempt}.{ext}` (a new random id), a key no
// form names and unique to that completion attempt (issue #25): concurrent or repeated completions of
// one session never share an object, the first to record wins and every other removes only its own
// copy, so the recorded video's object can never be deleted by a loser. The session is spent; the video (key, type, size, hash, entity tag,
// code, session times, IP and user agent) is stored on the contractor and replaces an earlier one until
// the contractor answers the contract, never after. A refused file is removed and its session spent.
// The pure checks (types, keys, header, duration, scan, still) are in ./video-checks.ts.
import { randomBytes } from 'node:crypto';
import {
  VIDEO_THUMBNAIL_MAX_BYTES,
  type CompleteVideoRequest,
  type CompleteVideoResponse,
  type StartVideoSessionRequest,
  type StartVideoSessionResponse,
} from '../../shared/api/schemas';
import { videoRecordingRefusal } from '../../shared/domain/status';
import type { DocumentRepository, RecipientRecord } from '../adapters/dynamo/documents';
import { AppError } from '../core/errors';
import type { LargeObjects, ObjectStorage } from '../ports';
import { recordHistory, type RequestFacts } from './history';
import { enforceLimits, type Limits } from './limits';
import { withConflictRetry } from './retry';
import { resolveSigner, type SignerContext } from './signer-link';
import {
  acceptedVideoKey,
  challengeCode,
  jpegThumbnail,
  scanVideo,
  VIDEO_MIN_BYTES,
  videoDuration,
  videoKey,
  type VideoSettings,
  videoType,
} from './video-checks';
import { emitWebhookEvent } from './webhook-events';

export interface VideoDeps {
  readonly docs: DocumentRepository;
  readonly storage: ObjectStorage & LargeObjects;
  readonly limits: Limits;
  readonly video: VideoSettings;
}

// --- Errors -------------------------------------------------------------------------------------

/** 409 unless this contractor may record now (video-sign contract in Agree, not yet answered; the
 *  owner as a contractor, from the funnel, in SetPos). */
export function refused(ctx: RecorderContext): AppError | null {
  const recorder = ctx.byOwner ? 'owner' : 'signer';
  const code = videoRecordingRefusal(ctx.doc.status, ctx.doc.kind, agreementOf(ctx.me), recorder);
  if (!code) return null;
  return new AppError(code, `No video may be recorded now (${ctx.doc.kind}, ${ctx.doc.status})`, {
    status: 409,
  });
}

function agreementOf(r: RecipientRecord): 0 | 1 | 2 {
  return r.agreement === 1 || r.agreement === 2 ? r.agreement : 0;
}

const limitMb = (bytes: number) => Math.floor(bytes / 1_000_000);

function videoError(code: string, message: string, deps: VideoDeps, status = 400): AppError {
  return new AppError(code, message, {
    status,
    ...(code === 'video.errors.tooLarge' ? { details: { limitMb: limitMb(deps.video.maxBytes) } } : {}),
  });
}

function noSession(deps: VideoDeps): AppError {
  return videoError('video.errors.noSession', 'No open recording session of this contractor', deps, 409);
}

// --- Use cases ----------------------------------------------------------------------------------

/** The request's facts and its body: what the recorder measured (duration) and captured (a still). */
export type CompletionFacts = RequestFacts & { readonly body?: CompleteVideoRequest };

/** The contractor who records; `byOwner` when it is the signed-in owner's own row (the funnel). */
export type RecorderContext = SignerContext & { readonly byOwner?: true };

/** Finds the contractor who records, by the credential of the route (a signer or phone hand-off token,
 *  or the owner's sign-in). */
export type ResolveRecorder = (now?: Date) => Promise<RecorderContext>;

/** The owner's own contractor row of their document: 404 for another user's document (nothing
 *  revealed), 409 when the owner is not one of its contractors. */
const byOwner =
  (deps: VideoDeps, docuId: string, ownerId: string): ResolveRecorder =>
  async () => {
    const doc = await deps.docs.getDocument(docuId);
    if (!doc || doc.ownerId !== ownerId) {
      throw new AppError('errors.notFound', `Document ${docuId} not found`, { status: 404 });
    }
    const recipients = await deps.docs.listRecipients(docuId);
    const me = recipients.find((r) => r.isOwner);
    if (!me) {
      throw new AppError('video.errors.ownerNotContractor', 'The owner is not a contractor', {
        status: 409,
      });
    }
    return { doc, recipients, me, byOwner: true };
  };

/** POST /api/documents/{docuId}/video-session: the owner as a contractor records in the funnel. */
export function startOwnerVideoSession(
  deps: VideoDeps,
  ownerId: string,
  docuId: string,
  input: StartVideoSessionRequest,
  now = new Date(),
): Promise<StartVideoSessionResponse> {
  return openRecordingSession(deps, docuId, byOwner(deps, docuId, ownerId), input, now);
}

/** POST /api/documents/{docuId}/video-session/{sessionId}/complete: the owner's video, checked. */
export function completeOwnerVideoSession(
  deps: VideoDeps,
  ownerId: string,
  docuId: string,
  sessionId: string,
  facts: CompletionFacts,
  now = new Date(),
): Promise<CompleteVideoResponse> {
  return completeRecordingSession(deps, docuId, byOwner(deps, docuId, ownerId), sessionId, facts, now);
}

const bySignerToken =
  (deps: VideoDeps, docuId: string, token: string): ResolveRecorder =>
  (now) =>
    resolveSigner(deps, docuId, token, now);

/** POST /api/sign/{docuId}/{token}/video-session: opens a recording session (replacing any other). */
export function startVideoSession(
  deps: VideoDeps,
  docuId: string,
  token: string,
  input: StartVideoSessionRequest,
  now = new Date(),
): Promise<StartVideoSessionResponse> {
  return openRecordingSession(deps, docuId, bySignerToken(deps, docuId, token), input, now);
}

/** Opens a recording session of the contractor `resolve` finds (replacing any other). */
export async function openRecordingSession(
  deps: VideoDeps,
  docuId: string,
  resolve: ResolveRecorder,
  input: StartVideoSessionRequest,
  now = new Date(),
): Promise<StartVideoSessionResponse> {
  const type = videoType(input.contentType);
  let counted = false;
  const sessionId = randomBytes(16).toString('hex');
  const challenge = challengeCode();
  const windowSeconds = deps.video.maxSeconds + deps.video.graceSeconds;
  const startedAt = now.toISOString();
  const expiresAt = new Date(now.getTime() + windowSeconds * 1000).toISOString();
  const { ctx, key } = await withConflictRetry(async () => {
    const c = await resolve(now);
    const refusal = refused(c);
    if (refusal) throw refusal;
    if (!type) throw videoError('video.errors.badType', `Not a webm or mp4 type: ${input.contentType}`, deps);
    if (!counted) {
      // Each session is a presigned upload: a capped number per contractor an hour (429 over it).
      await enforceLimits(deps.limits, [
        { rule: 'videoSessionsPerRecipient', key: `${docuId}#${c.me.index}` },
      ]);
      counted = true;
    }
    const k = videoKey(docuId, c.me.index, sessionId, type);
    const videoSession = { sessionId, challenge, startedAt, expiresAt, key: k, contentType: type };
    await deps.docs.changeStatus(
      docuId,
      { status: c.doc.status, version: c.doc.version },
      c.doc.status,
      {},
      { putRecipients: [{ ...c.me, videoSession }] },
    );
    return { ctx: c, key: k };
  });
  // The replaced session's form is spent: whatever it wrote (or writes) is never accepted.
  const earlier = ctx.me.videoSession?.key;
  if (earlier) await deps.storage.deleteMany([earlier]);
  const upload = await deps.storage.presignUpload(key, {
    contentType: type!,
    maxBytes: deps.video.maxBytes,
    expiresSeconds: windowSeconds,
  });
  return {
    sessionId,
    challenge,
    startedAt,
    expiresAt,
    maxSeconds: deps.video.maxSeconds,
    minBytes: VIDEO_MIN_BYTES,
    maxBytes: deps.video.maxBytes,
    contentType: type!,
    upload,
  };
}

/** Ends a session after a refused file: the file is removed, the session spent. */
async function spend(
  deps: VideoDeps,
  docuId: string,
  resolve: ResolveRecorder,
  sessionId: string,
  key: string,
) {
  await deps.storage.deleteMany([key]);
  await withConflictRetry(async () => {
    const c = await resolve();
    if (c.me.videoSession?.sessionId !== sessionId) return;
    const { videoSession, ...rest } = c.me;
    void videoSession;
    await deps.docs.changeStatus(
      docuId,
      { status: c.doc.status, version: c.doc.version },
      c.doc.status,
      {},
      { putRecipients: [rest] },
    );
  });
}

/** POST /api/sign/{docuId}/{token}/video-session/{sessionId}/complete: checks and stores the video. */
export function completeVideoSession(
  deps: VideoDeps,
  docuId: string,
  token: string,
  sessionId: string,
  facts: CompletionFacts,
  now = new Date(),
): Promise<CompleteVideoResponse> {
  return completeRecordingSession(deps, docuId, bySignerToken(deps, docuId, token), sessionId, facts, now);
}

/** Checks and stores the video of the session of the contractor `resolve` finds. */
export async function completeRecordingSession(
  deps: VideoDeps,
  docuId: string,
  resolve: ResolveRecorder,
  sessionId: string,
  facts: CompletionFacts,
  now = new Date(),
): Promise<CompleteVideoResponse> {
  // A still that is not a small real JPEG is refused before anything is read or stored; the session
  // stays open (the page may complete it again).
  const thumbnail = facts.body?.thumbnail === undefined ? null : jpegThumbnail(facts.body.thumbnail);
  if (facts.body?.thumbnail !== undefined && !thumbnail) {
    throw new AppError('video.errors.badThumbnail', 'The thumbnail is not a JPEG within the cap', {
      status: 400,
      details: { limitKb: VIDEO_THUMBNAIL_MAX_BYTES / 1000 },
    });
  }
  const ctx = await resolve(now);
  const refusal = refused(ctx);
  if (refusal) throw refusal;
  // The same completion again (its answer was lost, or a concurrent one stored it): the video it
  // stored, unchanged.
  const storedEarlier = async () => {
    const c = await resolve(now);
    return c.me.video?.sessionId === sessionId ? accepted(c.me.video) : null;
  };
  const session = ctx.me.videoSession;
  if (!session || session.sessionId !== sessionId) {
    if (ctx.me.video?.sessionId === sessionId) return accepted(ctx.me.video);
    throw noSession(deps);
  }
  const type = videoType(session.contentType)!;
  const fail = async (code: string, message: string, status = 400) => {
    await spend(deps, docuId, resolve, sessionId, session.key);
    return videoError(code, message, deps, status);
  };
  // Nothing (more) to read: a concurrent completion may have stored the video and spent the staging
  // copy meanwhile; otherwise nothing arrived yet and the session stays open (the page may upload again).
  const missing = async () =>
    (await storedEarlier()) ??
    Promise.reject(videoError('video.errors.missing', 'Nothing was uploaded for this session', deps));
  if (now.getTime() > Date.parse(session.expiresAt)) {
    throw await fail('video.errors.sessionExpired', 'The recording session has ended', 409);
  }
  const info = await deps.storage.head(session.key);
  if (!info) return missing();
  if (info.size < VIDEO_MIN_BYTES) throw await fail('video.errors.tooShort', 'The recording is too short');
  if (info.size > deps.video.maxBytes)
    throw await fail('video.errors.tooLarge', 'The recording is too large');
  const chunks = await deps.storage.getStream(session.key);
  if (!chunks) return missing();
  let scan: Awaited<ReturnType<typeof scanVideo>>;
  try {
    scan = await scanVideo(chunks, type, deps.video.maxBytes);
  } catch (err) {
    // The staging object went away while it was read: stored by a concurrent completion, or an error.
    const earlier = await storedEarlier();
    if (earlier) return earlier;
    throw err;
  }
  if (!scan.ok) throw await fail(scan.code, `The video was refused: ${scan.code}`);
  if (scan.sizeBytes < VIDEO_MIN_BYTES)
    throw await fail('video.errors.tooShort', 'The recording is too short');

  // Exactly the bytes checked become the video, under a key no form names and no other attempt shares:
  // the copy is conditional on the entity tag read before the scan, and its own tag must be that one
  // (a store may ignore the condition), so a form posted again meanwhile is refused rather than
  // accepted unchecked. The copy is stored with the session's video type, whatever the form posted.
  const key = acceptedVideoKey(docuId, ctx.me.index, type);
  // The still beside the video (`….jpg`), written before the video is recorded.
  const thumbnailKey = thumbnail ? key.replace(/\.(webm|mp4)$/, '.jpg') : undefined;
  // Removes this attempt's own objects, and only them: never the recorded video of another attempt.
  const discard = () => deps.storage.deleteMany([key, ...(thumbnailKey ? [thumbnailKey] : [])]);
  let copied: { etag?: string };
  try {
    copied = await deps.storage.copy(session.key, key, {
      ...(info.etag ? { ifMatch: info.etag } : {}),
      contentType: type,
    });
  } catch (err) {
    // 412: changed since the check; 404: gone (a concurrent completion spent it).
    const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status !== 412 && status !== 404) throw err;
    copied = {};
  }
  if (!copied.etag || copied.etag !== info.etag) {
    await discard();
    const earlier = await storedEarlier();
    if (earlier) return earlier;
    throw await fail('video.errors.changed', 'The recording changed while it was checked', 409);
  }
  const recordedAt = now.toISOString();
  const duration = videoDuration(scan.headerSeconds, facts.body?.durationMs, {
    sessionStartedAt: session.startedAt,
    now,
    maxSeconds: deps.video.maxSeconds,
  });
  if (thumbnailKey) await deps.storage.put(thumbnailKey, thumbnail!, 'image/jpeg');
  const video = {
    key,
    contentType: type,
    sizeBytes: scan.sizeBytes,
    sha256: scan.sha256,
    etag: copied.etag,
    sessionId,
    challenge: session.challenge,
    sessionStartedAt: session.startedAt,
    recordedAt,
    ip: facts.ip,
    userAgent: facts.userAgent,
    ...(duration ? { durationSeconds: duration.seconds, durationSource: duration.source } : {}),
    ...(thumbnailKey ? { thumbnailKey } : {}),
  };
  let outcome;
  try {
    outcome = await withConflictRetry(async () => {
      const c = await resolve(now);
      // A completion of this session is recorded (another attempt's, or this one's whose answer was
      // lost on a retry): that video is the answer.
      const stored = c.me.video;
      if (stored && stored.sessionId === sessionId) return { kind: 'same' as const, video: stored };
      const again = refused(c) ?? (c.me.videoSession?.sessionId !== sessionId ? noSession(deps) : null);
      if (again) throw again;
      const { videoSession, ...rest } = c.me;
      void videoSession;
      // A video contract's owner recording is its "upload": Ready → Upload (then kept on a retake).
      const terms = !!c.byOwner && c.doc.kind === 'vcontract';
      await deps.docs.changeStatus(
        docuId,
        { status: c.doc.status, version: c.doc.version },
        terms && c.doc.status === 'Ready' ? 'Upload' : c.doc.status,
        {},
        { putRecipients: [{ ...rest, video }] },
      );
      return { kind: 'stored' as const, replaced: c.me.video, terms, doc: c.doc };
    });
  } catch (err) {
    // Refused, or the write's answer was lost: this attempt's copy goes unless it is the one recorded
    // (when the document cannot be read now, the copy is left: an orphan, never a lost video).
    const c = await resolve(now).catch(() => null);
    if (c && c.me.video?.key !== key) await discard();
    throw err;
  }
  if (outcome.kind === 'same') {
    if (outcome.video.key !== key) await discard();
    return accepted(outcome.video);
  }
  if (outcome.terms) {
    await recordHistory(deps.docs, outcome.doc, 'upload', ctx.me, facts);
  }
  // Webhooks (issue #31): the recording is stored; its hash names it (a retake is a new event).
  await emitWebhookEvent(outcome.doc.ownerId, 'video.recorded', {
    docuId,
    recipientIndex: ctx.me.index,
    sha256: video.sha256,
  });
  // The staging copy is spent; on a retake the earlier recording is no longer anyone's video.
  const { replaced } = outcome;
  const earlier = replaced ? [replaced.key, replaced.thumbnailKey ?? ''] : [];
  await deps.storage.deleteMany([session.key, ...earlier.filter(Boolean)]);
  return accepted(video);
}

/** The answer of a completion: the stored video's facts. */
export function accepted(video: NonNullable<RecipientRecord['video']>): CompleteVideoResponse {
  return {
    contentType: videoType(video.contentType)!,
    sizeBytes: video.sizeBytes,
    sha256: video.sha256,
    challenge: video.challenge,
    sessionStartedAt: video.sessionStartedAt,
    recordedAt: video.recordedAt,
  };
}
