// The signer link's calls (issue #5): open at the gateway, the link's token is the credential, so no
// Authorization header is sent.
import {
  signerActionResponseSchema,
  signerViewSchema,
  signerVideoStatusSchema,
  uploadResponseSchema,
  uploadSignResponseSchema,
  videoMobileLinkResponseSchema,
  type ApplySignsRequest,
  type AttachmentCompleteRequest,
  type AttachmentUploadRequest,
  type FillFieldsRequest,
  type UploadResponse,
  type SignerActionResponse,
  type SignerView,
  type SignerVideoStatus,
  type VideoMobileLinkResponse,
  type UploadSignResponse,
} from '../../../../../shared/api/schemas';
import type { Lang } from '../../../app/paths';
import { recordingApi, type RecordingApi } from '../../video/api/session-api';
import { apiRequest } from '../../../lib/api-client';

const base = (docuId: string, token: string) =>
  `/sign/${encodeURIComponent(docuId)}/${encodeURIComponent(token)}`;

export function fetchSignerView(docuId: string, token: string, signal?: AbortSignal): Promise<SignerView> {
  return apiRequest({ path: base(docuId, token), schema: signerViewSchema, signal });
}

export function uploadSign(docuId: string, token: string, image: string): Promise<UploadSignResponse> {
  return apiRequest({
    method: 'POST',
    path: `${base(docuId, token)}/signs`,
    schema: uploadSignResponseSchema,
    body: { image },
  });
}

export function applySigns(docuId: string, token: string, body: ApplySignsRequest): Promise<SignerView> {
  return apiRequest({ method: 'PUT', path: `${base(docuId, token)}/areas`, schema: signerViewSchema, body });
}

type Action = 'agree' | 'reject-terms';

export function signerAction(
  docuId: string,
  token: string,
  action: Action,
  lang: Lang,
): Promise<SignerActionResponse> {
  return apiRequest({
    method: 'POST',
    path: `${base(docuId, token)}/${action}`,
    schema: signerActionResponseSchema,
    body: { lang },
  });
}

export function denySigning(
  docuId: string,
  token: string,
  reason: string,
  lang: Lang,
): Promise<SignerActionResponse> {
  return apiRequest({
    method: 'POST',
    path: `${base(docuId, token)}/deny`,
    schema: signerActionResponseSchema,
    body: { reason, lang },
  });
}

/** A contractor's recording session calls (issue #15), the signing link being the credential. */
export const signerRecording = (docuId: string, token: string): RecordingApi =>
  recordingApi(`${base(docuId, token)}/video-session`);

/** A 15-minute link to record the video on a phone (its QR code: `/{lang}/vsign_mobile/{token}`). */
export function createVideoMobileLink(docuId: string, token: string): Promise<VideoMobileLinkResponse> {
  return apiRequest({
    method: 'POST',
    path: `${base(docuId, token)}/video-mobile-link`,
    schema: videoMobileLinkResponseSchema,
  });
}

/** The accepted video so far (polled while the phone records). */
export function fetchVideoStatus(docuId: string, token: string): Promise<SignerVideoStatus> {
  return apiRequest({ path: `${base(docuId, token)}/video`, schema: signerVideoStatusSchema });
}

// ----- Fields (issue #27) -----

/** Saves typed or picked values of the signer's own value fields ('' clears one). */
export function fillFields(docuId: string, token: string, body: FillFieldsRequest): Promise<SignerView> {
  return apiRequest({ method: 'PUT', path: `${base(docuId, token)}/fields`, schema: signerViewSchema, body });
}

/** A one-time upload form for an attachment field (PDF, JPEG or PNG, ≤ 10 MB). */
export function requestAttachmentUpload(
  docuId: string,
  token: string,
  body: AttachmentUploadRequest,
): Promise<UploadResponse> {
  return apiRequest({
    method: 'POST',
    path: `${base(docuId, token)}/attachments`,
    schema: uploadResponseSchema,
    body,
  });
}

/** The uploaded file checked and attached to its field. */
export function completeAttachment(
  docuId: string,
  token: string,
  body: AttachmentCompleteRequest,
): Promise<SignerView> {
  return apiRequest({
    method: 'POST',
    path: `${base(docuId, token)}/attachments/complete`,
    schema: signerViewSchema,
    body,
  });
}

export function removeAttachment(docuId: string, token: string, areaIndex: number): Promise<SignerView> {
  return apiRequest({
    method: 'DELETE',
    path: `${base(docuId, token)}/attachments/${areaIndex}`,
    schema: signerViewSchema,
  });
}
