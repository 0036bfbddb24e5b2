// The owner's own agreement video in the Video Sign funnel (issue #15): the owner's sign-in is the
// credential; the recording goes to the session's presigned form (features/video/upload.ts).
import {
  completeVideoResponseSchema,
  startVideoSessionResponseSchema,
  type CompleteVideoRequest,
  type CompleteVideoResponse,
  type StartVideoSessionResponse,
} from '../../../../../shared/api/schemas';
import { apiRequest } from '../../../lib/api-client';

const base = (docuId: string) => `/documents/${encodeURIComponent(docuId)}/video-session`;

export function startOwnerVideoSession(
  docuId: string,
  contentType: string,
): Promise<StartVideoSessionResponse> {
  return apiRequest({
    method: 'POST',
    path: base(docuId),
    body: { contentType },
    schema: startVideoSessionResponseSchema,
    auth: true,
  });
}

export function completeOwnerVideoSession(
  docuId: string,
  sessionId: string,
  facts: CompleteVideoRequest = {},
): Promise<CompleteVideoResponse> {
  return apiRequest({
    method: 'POST',
    path: `${base(docuId)}/${encodeURIComponent(sessionId)}/complete`,
    body: facts,
    schema: completeVideoResponseSchema,
    auth: true,
  });
}
