// The owner's own agreement video in the Video Sign funnel (issue #15): the owner's sign-in is the
// credential; the recorder posts the recording to the session's presigned form.
import { recordingApi, type RecordingApi } from '../../video/api/session-api';

export const ownerRecording = (docuId: string): RecordingApi =>
  recordingApi(`/documents/${encodeURIComponent(docuId)}/video-session`, true);
