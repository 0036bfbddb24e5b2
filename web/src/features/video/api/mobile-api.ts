// The phone's calls of the video hand-off (issue #15): the recording link's token is the credential.
import { mobileRecordingViewSchema, type MobileRecordingView } from '../../../../../shared/api/schemas';
import { apiRequest } from '../../../lib/api-client';
import { recordingApi, type RecordingApi } from './session-api';

const base = (token: string) => `/vsign-mobile/${encodeURIComponent(token)}`;

export function fetchMobileRecording(token: string, signal?: AbortSignal): Promise<MobileRecordingView> {
  return apiRequest({ path: base(token), schema: mobileRecordingViewSchema, signal });
}

/** The recording session calls with the recording link's token as the credential. */
export const mobileRecording = (token: string): RecordingApi => recordingApi(`${base(token)}/video-session`);
