// The signer link's calls (issue #5): open at the gateway, the link's token is the credential, so no
// Authorization header is sent. Every call after the view is watched for routing's refusals
// (./refusal.ts, issue #28), which the page shows instead of the call's own error.
import {
  delegateResponseSchema,
  signerActionResponseSchema,
  signerViewSchema,
  signerVideoStatusSchema,
  uploadResponseSchema,
  uploadSignResponseSchema,
  videoMobileLinkResponseSchema,
  type ApplySignsRequest,
  type DelegateRequest,
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
import { apiRequest, type RequestOptions } from '../../../lib/api-client';
import { watchRefusal } from './refusal';
import { signerBase } from './signer-path';

export { signerBase };
const base = signerBase;

/** A call of the link at `path` (below the link's base), watched for routing's refusals. */
function call<T>(
  docuId: string,
  token: string,
  options: Omit<RequestOptions<T>, 'path'> & { path?: string },
) {
  const at = base(docuId, token);
  return watchRefusal(at, apiRequest({ ...options, path: `${at}${options.path ?? ''}` }));
}

export function fetchSignerView(docuId: string, token: string, signal?: AbortSignal): Promise<SignerView> {
  return apiRequest({ path: base(docuId, token), schema: signerViewSchema, signal });
}

export function uploadSign(docuId: string, token: string, image: string): Promise<UploadSignResponse> {
  return call(docuId, token, {
    method: 'POST',
    path: '/signs',
    schema: uploadSignResponseSchema,
    body: { image },
  });
}

export function applySigns(docuId: string, token: string, body: ApplySignsRequest): Promise<SignerView> {
  return call(docuId, token, { method: 'PUT', path: '/areas', schema: signerViewSchema, body });
}

type Action = 'agree' | 'reject-terms';

export function signerAction(
  docuId: string,
  token: string,
  action: Action,
  lang: Lang,
): Promise<SignerActionResponse> {
  return call(docuId, token, {
    method: 'POST',
    path: `/${action}`,
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
  return call(docuId, token, {
    method: 'POST',
    path: '/deny',
    schema: signerActionResponseSchema,
    body: { reason, lang },
  });
}

/** A contractor's recording session calls (issue #15), the signing link being the credential. */
export function signerRecording(docuId: string, token: string): RecordingApi {
  const session = recordingApi(`${base(docuId, token)}/video-session`);
  const at = base(docuId, token);
  return {
    start: (contentType) => watchRefusal(at, session.start(contentType)),
    complete: (sessionId, facts) => watchRefusal(at, session.complete(sessionId, facts)),
  };
}

/** A 15-minute link to record the video on a phone (its QR code: `/{lang}/vsign_mobile/{token}`). */
export function createVideoMobileLink(docuId: string, token: string): Promise<VideoMobileLinkResponse> {
  return call(docuId, token, {
    method: 'POST',
    path: '/video-mobile-link',
    schema: videoMobileLinkResponseSchema,
  });
}

/** The accepted video so far (polled while the phone records). */
export function fetchVideoStatus(docuId: string, token: string): Promise<SignerVideoStatus> {
  return call(docuId, token, { path: '/video', schema: signerVideoStatusSchema });
}

// ----- Fields (issue #27) -----

/** Saves typed or picked values of the signer's own value fields ('' clears one). */
export function fillFields(docuId: string, token: string, body: FillFieldsRequest): Promise<SignerView> {
  return call(docuId, token, { method: 'PUT', path: '/fields', schema: signerViewSchema, body });
}

/** A one-time upload form for an attachment field (PDF, JPEG or PNG, ≤ 10 MB). */
export function requestAttachmentUpload(
  docuId: string,
  token: string,
  body: AttachmentUploadRequest,
): Promise<UploadResponse> {
  return call(docuId, token, {
    method: 'POST',
    path: '/attachments',
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
  return call(docuId, token, {
    method: 'POST',
    path: '/attachments/complete',
    schema: signerViewSchema,
    body,
  });
}

export function removeAttachment(docuId: string, token: string, areaIndex: number): Promise<SignerView> {
  return call(docuId, token, {
    method: 'DELETE',
    path: `/attachments/${areaIndex}`,
    schema: signerViewSchema,
  });
}

// ----- Routing (issue #28) -----

/** Forwards the request to another person: they get a new link, this one stops working. */
export function delegateRequest(docuId: string, token: string, body: DelegateRequest): Promise<void> {
  return call(docuId, token, {
    method: 'POST',
    path: '/delegate',
    schema: delegateResponseSchema,
    body,
  }).then(() => undefined);
}
