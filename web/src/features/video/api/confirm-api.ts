// The calls of the video confirmation page (issue #15 item 4): the party's own link token is the credential.
import {
  videoConfirmResponseSchema,
  videoConfirmViewSchema,
  type VideoConfirmResponse,
  type VideoConfirmView,
} from '../../../../../shared/api/schemas';
import type { Language } from '../../../../../shared/domain/constants';
import { apiRequest } from '../../../lib/api-client';

const base = (docuId: string, token: string) =>
  `/video-confirm/${encodeURIComponent(docuId)}/${encodeURIComponent(token)}`;

export function fetchConfirmView(
  docuId: string,
  token: string,
  signal?: AbortSignal,
): Promise<VideoConfirmView> {
  return apiRequest({ path: base(docuId, token), schema: videoConfirmViewSchema, signal });
}

export function confirmVideos(docuId: string, token: string, lang: Language): Promise<VideoConfirmResponse> {
  return apiRequest({
    method: 'POST',
    path: `${base(docuId, token)}/confirm`,
    schema: videoConfirmResponseSchema,
    body: { allChecked: true, lang },
  });
}

export function denyVideos(
  docuId: string,
  token: string,
  reason: string,
  lang: Language,
): Promise<VideoConfirmResponse> {
  return apiRequest({
    method: 'POST',
    path: `${base(docuId, token)}/deny`,
    schema: videoConfirmResponseSchema,
    body: { reason, lang },
  });
}
