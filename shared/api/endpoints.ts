// The schemas of every endpoint, keyed by the route ids of shared/api/routes.ts (the SPA's typed
// fetchers and the route table's tests use it; a handler imports only its own schemas).

import type * as z from 'zod';
import { healthResponseSchema } from './schemas/envelopes';
import { signerIdentityResponseSchema } from './schemas/signer-states';
import {
  changeContactRequestSchema,
  changeContactResponseSchema,
  delegateRequestSchema,
  delegateResponseSchema,
  expiryRequestSchema,
  recipientParamsSchema,
  remindRequestSchema,
  remindResponseSchema,
  routingActionResponseSchema,
  voidRequestSchema,
} from './schemas/routing';
import {
  closeAccountResponseSchema,
  consentsRequestSchema,
  localeResponseSchema,
  loginResponseSchema,
  meResponseSchema,
  signUpRequestSchema,
  updateMeRequestSchema,
} from './schemas/accounts';
import {
  addressBookResponseSchema,
  createDocumentRequestSchema,
  docuIdParamsSchema,
  documentViewSchema,
  saveAreasRequestSchema,
  saveRecipientsRequestSchema,
  sendDocumentRequestSchema,
  updateDocumentRequestSchema,
  uploadCompleteRequestSchema,
  uploadRequestSchema,
  uploadResponseSchema,
} from './schemas/documents';
import {
  applySignsRequestSchema,
  attachmentCompleteRequestSchema,
  attachmentParamsSchema,
  attachmentUploadRequestSchema,
  denyRequestSchema,
  fillFieldsRequestSchema,
  resendParamsSchema,
  resendResponseSchema,
  signerActionRequestSchema,
  signerActionResponseSchema,
  signerParamsSchema,
  signerViewSchema,
  uploadSignRequestSchema,
  uploadSignResponseSchema,
} from './schemas/signing';
import {
  createOwnerSignRequestSchema,
  ownerSignParamsSchema,
  ownerSignSchema,
  ownerSignsResponseSchema,
  setDefaultSignRequestSchema,
} from './schemas/owner-signs';
import {
  completeVideoRequestSchema,
  completeVideoResponseSchema,
  mobileParamsSchema,
  mobileRecordingViewSchema,
  mobileSessionParamsSchema,
  signerVideoStatusSchema,
  videoConfirmParamsSchema,
  videoConfirmRequestSchema,
  videoConfirmResponseSchema,
  videoConfirmViewSchema,
  videoMobileLinkResponseSchema,
  startVideoSessionRequestSchema,
  startVideoSessionResponseSchema,
  videoSessionParamsSchema,
} from './schemas/videos';
import { CONTRACT_SCHEMAS } from './contracts';
import { ADMIN_SCHEMAS } from './admin';
import { BILLING_SCHEMAS } from './billing';

/** The schemas of one endpoint: what the handler validates, and what it answers with 2xx. */
export interface EndpointSchemas<
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  Response extends z.ZodType = z.ZodType,
> {
  readonly body?: Body;
  readonly query?: Query;
  readonly params?: Params;
  readonly response: Response;
}

type InferOr<S, Fallback> = S extends z.ZodType ? z.infer<S> : Fallback;

/** The parsed request of an endpoint: its body, query and path parameters. */
export interface ApiRequest<E extends EndpointSchemas> {
  body: InferOr<E['body'], undefined>;
  query: InferOr<E['query'], Record<string, never>>;
  params: InferOr<E['params'], Record<string, never>>;
}

/** The 2xx response body of an endpoint. */
export type ApiResponse<E extends EndpointSchemas> = z.infer<E['response']>;

/** Endpoint schemas keyed by the route ids of shared/api/routes.ts. */
export const API_SCHEMAS = {
  Health: { response: healthResponseSchema },
  GetMe: { response: meResponseSchema },
  SignUp: { body: signUpRequestSchema, response: meResponseSchema },
  RecordLogin: { response: loginResponseSchema },
  SaveConsents: { body: consentsRequestSchema, response: meResponseSchema },
  UpdateMe: { body: updateMeRequestSchema, response: meResponseSchema },
  CloseAccount: { response: closeAccountResponseSchema },
  GetLocale: { response: localeResponseSchema },
  CreateDocument: { body: createDocumentRequestSchema, response: documentViewSchema },
  GetDocument: { params: docuIdParamsSchema, response: documentViewSchema },
  UpdateDocument: {
    body: updateDocumentRequestSchema,
    params: docuIdParamsSchema,
    response: documentViewSchema,
  },
  CreateUpload: { body: uploadRequestSchema, params: docuIdParamsSchema, response: uploadResponseSchema },
  CompleteUpload: {
    body: uploadCompleteRequestSchema,
    params: docuIdParamsSchema,
    response: documentViewSchema,
  },
  SaveRecipients: {
    body: saveRecipientsRequestSchema,
    params: docuIdParamsSchema,
    response: documentViewSchema,
  },
  SaveAreas: { body: saveAreasRequestSchema, params: docuIdParamsSchema, response: documentViewSchema },
  SendDocument: {
    body: sendDocumentRequestSchema,
    params: docuIdParamsSchema,
    response: documentViewSchema,
  },
  GetAddressBook: { response: addressBookResponseSchema },
  GetSignerView: { params: signerParamsSchema, response: signerViewSchema },
  UploadSign: {
    body: uploadSignRequestSchema,
    params: signerParamsSchema,
    response: uploadSignResponseSchema,
  },
  ApplySigns: { body: applySignsRequestSchema, params: signerParamsSchema, response: signerViewSchema },
  FillFields: { body: fillFieldsRequestSchema, params: signerParamsSchema, response: signerViewSchema },
  CreateAttachmentUpload: {
    body: attachmentUploadRequestSchema,
    params: signerParamsSchema,
    response: uploadResponseSchema,
  },
  CompleteAttachmentUpload: {
    body: attachmentCompleteRequestSchema,
    params: signerParamsSchema,
    response: signerViewSchema,
  },
  DeleteAttachment: { params: attachmentParamsSchema, response: signerViewSchema },
  SignerAgree: {
    body: signerActionRequestSchema,
    params: signerParamsSchema,
    response: signerActionResponseSchema,
  },
  SignerDeny: { body: denyRequestSchema, params: signerParamsSchema, response: signerActionResponseSchema },
  StartVideoSession: {
    body: startVideoSessionRequestSchema,
    params: signerParamsSchema,
    response: startVideoSessionResponseSchema,
  },
  CompleteVideoSession: {
    params: videoSessionParamsSchema,
    body: completeVideoRequestSchema,
    response: completeVideoResponseSchema,
  },
  CreateVideoMobileLink: { params: signerParamsSchema, response: videoMobileLinkResponseSchema },
  SignerVideoStatus: { params: signerParamsSchema, response: signerVideoStatusSchema },
  SignerIdentity: { params: signerParamsSchema, response: signerIdentityResponseSchema },
  MobileVideoView: { params: mobileParamsSchema, response: mobileRecordingViewSchema },
  StartMobileVideoSession: {
    body: startVideoSessionRequestSchema,
    params: mobileParamsSchema,
    response: startVideoSessionResponseSchema,
  },
  CompleteMobileVideoSession: {
    params: mobileSessionParamsSchema,
    body: completeVideoRequestSchema,
    response: completeVideoResponseSchema,
  },
  GetVideoConfirmView: { params: videoConfirmParamsSchema, response: videoConfirmViewSchema },
  ConfirmVideos: {
    body: videoConfirmRequestSchema,
    params: videoConfirmParamsSchema,
    response: videoConfirmResponseSchema,
  },
  DenyVideos: {
    body: denyRequestSchema,
    params: videoConfirmParamsSchema,
    response: videoConfirmResponseSchema,
  },
  SignerRejectTerms: {
    body: signerActionRequestSchema,
    params: signerParamsSchema,
    response: signerActionResponseSchema,
  },
  ResendRequest: { params: resendParamsSchema, response: resendResponseSchema },
  // Routing (issue #28): shared/api/schemas/routing.ts.
  RemindRecipient: {
    params: recipientParamsSchema,
    body: remindRequestSchema,
    response: remindResponseSchema,
  },
  ChangeRecipientContact: {
    params: recipientParamsSchema,
    body: changeContactRequestSchema,
    response: changeContactResponseSchema,
  },
  VoidDocument: {
    params: docuIdParamsSchema,
    body: voidRequestSchema,
    response: routingActionResponseSchema,
  },
  SetExpiry: { params: docuIdParamsSchema, body: expiryRequestSchema, response: routingActionResponseSchema },
  SignerDelegate: {
    params: signerParamsSchema,
    body: delegateRequestSchema,
    response: delegateResponseSchema,
  },
  // Contract management (issue #7): shared/api/contracts.ts.
  ...CONTRACT_SCHEMAS,
  // The operators' console (issue #20): shared/api/admin.ts.
  ...ADMIN_SCHEMAS,
  // Plans and payments (issue #18): shared/api/billing.ts.
  ...BILLING_SCHEMAS,
  ListOwnerSigns: { response: ownerSignsResponseSchema },
  CreateOwnerSign: { body: createOwnerSignRequestSchema, response: ownerSignSchema },
  SetDefaultSign: { body: setDefaultSignRequestSchema, response: ownerSignsResponseSchema },
  DeleteOwnerSign: { params: ownerSignParamsSchema, response: ownerSignsResponseSchema },
} as const satisfies Record<string, EndpointSchemas>;
export type ApiRouteId = keyof typeof API_SCHEMAS;
