// The two calls of a recording session (issue #15), the same on every page that records: open a
// session at `{path}` (its code, window and presigned form), then complete it at
// `{path}/{sessionId}/complete` once the recorder posted the video to the form. Only the path and the
// credential differ: the owner's sign-in (funnel), the signing link, the phone's recording link.
import {
  completeVideoResponseSchema,
  startVideoSessionResponseSchema,
  type CompleteVideoRequest,
  type CompleteVideoResponse,
  type StartVideoSessionResponse,
} from '../../../../../shared/api/schemas';
import { apiRequest } from '../../../lib/api-client';

export interface RecordingApi {
  start(contentType: string): Promise<StartVideoSessionResponse>;
  complete(sessionId: string, facts?: CompleteVideoRequest): Promise<CompleteVideoResponse>;
}

/** The session calls under `path` (below the API base); `auth`: with the owner's ID token. */
export function recordingApi(path: string, auth = false): RecordingApi {
  return {
    start: (contentType) =>
      apiRequest({
        method: 'POST',
        path,
        body: { contentType },
        schema: startVideoSessionResponseSchema,
        auth,
      }),
    complete: (sessionId, facts = {}) =>
      apiRequest({
        method: 'POST',
        path: `${path}/${encodeURIComponent(sessionId)}/complete`,
        body: facts,
        schema: completeVideoResponseSchema,
        auth,
      }),
  };
}
