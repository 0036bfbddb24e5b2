// The phone's calls of the video hand-off (issue #15): the recording link's token is the credential.
import {
  completeVideoResponseSchema,
  mobileRecordingViewSchema,
  startVideoSessionResponseSchema,
  type CompleteVideoRequest,
  type CompleteVideoResponse,
  type MobileRecordingView,
  type StartVideoSessionResponse,
} from '../../../../shared/api/schemas';
import { apiRequest } from '../../lib/api-client';

const base = (token: string) => `/vsign-mobile/${encodeURIComponent(token)}`;

export function fetchMobileRecording(token: string, signal?: AbortSignal): Promise<MobileRecordingView> {
  return apiRequest({ path: base(token), schema: mobileRecordingViewSchema, signal });
}

export function startMobileSession(token: string, contentType: string): Promise<StartVideoSessionResponse> {
  return apiRequest({
    method: 'POST',
    path: `${base(token)}/video-session`,
    schema: startVideoSessionResponseSchema,
    body: { contentType },
  });
}

export function completeMobileSession(
  token: string,
  sessionId: string,
  facts: CompleteVideoRequest = {},
): Promise<CompleteVideoResponse> {
  return apiRequest({
    method: 'POST',
    path: `${base(token)}/video-session/${encodeURIComponent(sessionId)}/complete`,
    body: facts,
    schema: completeVideoResponseSchema,
  });
}
