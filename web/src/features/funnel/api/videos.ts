// The owner's own agreement video in the Video Sign funnel (issue #15): the owner's sign-in is the
// credential; the recorder posts the recording to the session's presigned form.
import { contractVideoResponseSchema } from '../../../../../shared/api/contracts';
import { apiRequest } from '../../../lib/api-client';
import { recordingApi, type RecordingApi } from '../../video/api/session-api';

export const ownerRecording = (docuId: string): RecordingApi =>
  recordingApi(`/documents/${encodeURIComponent(docuId)}/video-session`, true);

/** A short-lived URL of the owner's recorded video (issue #29: the recorder's Play replays it). */
export async function ownerVideoUrl(docuId: string, index: number, signal?: AbortSignal): Promise<string> {
  const video = await apiRequest({
    path: `/documents/${encodeURIComponent(docuId)}/videos/${index}`,
    schema: contractVideoResponseSchema,
    auth: true,
    signal,
  });
  return video.url;
}
