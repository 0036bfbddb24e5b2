// Playing a stored agreement video (issues #15, #16): short-lived presigned GETs of the video and of
// its still, for the owner's details panel and for a video contract's contractors (the owner's terms).
import type { RecipientRecord } from '../adapters/dynamo/documents';
import type { ObjectStorage } from '../ports';

/** Short-lived GETs of a stored video and of its still (null without one), for playing it. */
export async function presignVideo(
  storage: Pick<ObjectStorage, 'presignDownload'>,
  video: Pick<NonNullable<RecipientRecord['video']>, 'key' | 'thumbnailKey'>,
  expiresSeconds: number,
): Promise<{ url: string; thumbnailUrl: string | null }> {
  const [url, thumbnailUrl] = await Promise.all([
    storage.presignDownload(video.key, { expiresSeconds }),
    video.thumbnailKey ? storage.presignDownload(video.thumbnailKey, { expiresSeconds }) : null,
  ]);
  return { url, thumbnailUrl };
}
