// Playing a stored agreement video (issues #15, #16, #25): short-lived presigned GETs of the video and
// of its still, for the owner's details panel, the video confirmation page and a video contract's
// contractors (the owner's terms). As for originals (./original.ts), a link is only given while the
// stored object is still the one accepted (its size and entity tag); a mismatch is a 409 and an alert,
// never the bytes. The links fix the recorded content type and an inline disposition, so whatever a
// store holds is never answered as a page of the site.
import type { RecipientRecord } from '../adapters/dynamo/documents';
import { AppError } from '../core/errors';
import { createLogger, type Logger } from '../core/logger';
import type { ObjectStorage } from '../ports';

export type StoredVideo = Pick<
  NonNullable<RecipientRecord['video']>,
  'key' | 'thumbnailKey' | 'contentType' | 'sizeBytes' | 'etag'
>;

/** Whose video it is: for the alert (ids only, never names or contacts). */
export interface VideoOwner {
  readonly docuId: string;
  readonly index: number;
}

const alerts: Logger = createLogger({ alert: 'video-integrity' });

/** The stored object of an accepted video still has the accepted size and entity tag. */
export async function assertVideoIntact(
  storage: Pick<ObjectStorage, 'head'>,
  owner: VideoOwner,
  video: StoredVideo,
  log: Logger = alerts,
): Promise<void> {
  const info = await storage.head(video.key);
  const reason = !info
    ? 'missing'
    : info.size !== video.sizeBytes
      ? 'size'
      : video.etag && info.etag !== video.etag
        ? 'etag'
        : null;
  if (!reason) return;
  log.error('A stored agreement video no longer matches what was accepted', {
    alert: 'video-integrity',
    docuId: owner.docuId,
    recipientIndex: owner.index,
    reason,
  });
  throw new AppError('video.errors.videoChanged', 'The stored video has changed since it was recorded', {
    status: 409,
  });
}

/** Every recorded video of a document is intact (before sealing); the first mismatch throws. */
export async function assertVideosIntact(
  storage: Pick<ObjectStorage, 'head'>,
  docuId: string,
  recipients: readonly Pick<RecipientRecord, 'index' | 'video'>[],
  log: Logger = alerts,
): Promise<void> {
  await Promise.all(
    recipients.map((r) =>
      r.video ? assertVideoIntact(storage, { docuId, index: r.index }, r.video, log) : undefined,
    ),
  );
}

/** Short-lived GETs of a stored video and of its still (null without one), once the video is checked. */
export async function presignVideo(
  storage: Pick<ObjectStorage, 'presignDownload' | 'head'>,
  owner: VideoOwner,
  video: StoredVideo,
  expiresSeconds: number,
): Promise<{ url: string; thumbnailUrl: string | null }> {
  await assertVideoIntact(storage, owner, video);
  const [url, thumbnailUrl] = await Promise.all([
    storage.presignDownload(video.key, { expiresSeconds, contentType: video.contentType, inline: true }),
    video.thumbnailKey
      ? storage.presignDownload(video.thumbnailKey, {
          expiresSeconds,
          contentType: 'image/jpeg',
          inline: true,
        })
      : null,
  ]);
  return { url, thumbnailUrl };
}

/** A contractor's own accepted video, for the recorder's Play (issue #29): a short-lived URL, or null
 *  when there is none or it cannot be served (a changed object is alerted by presignVideo; the page
 *  that asked still loads). */
export async function ownVideoUrlOf(
  storage: Pick<ObjectStorage, 'presignDownload' | 'head'>,
  docuId: string,
  me: Pick<RecipientRecord, 'index' | 'video'>,
  expiresSeconds = 600,
): Promise<string | null> {
  if (!me.video) return null;
  try {
    return (await presignVideo(storage, { docuId, index: me.index }, me.video, expiresSeconds)).url;
  } catch {
    return null;
  }
}
