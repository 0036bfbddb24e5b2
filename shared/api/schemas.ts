// API request/response schemas (zod) shared by the handlers (validation) and the SPA's API clients
// (typed fetchers). Every error response has the same envelope: `code` is a message key of the
// catalogues (the SPA translates it), `message` is English for logs and API clients.

import * as z from 'zod';
import { CONTRACT_KINDS, PLAN_KEYS } from '../domain/entities';
import { DOCUMENT_STATUSES } from '../domain/status';
import { CONTRACT_SCHEMAS } from './contracts';

// --- Envelopes --------------------------------------------------------------------------------

/** One refused field of a 400 'errors.validation' response (its `details`). */
export const validationIssueSchema = z.object({
  /** Where: 'body.contractors.0.contact', 'query.type', 'params.docuId'. */
  path: z.string(),
  message: z.string(),
  code: z.string(),
});
export type ValidationIssue = z.infer<typeof validationIssueSchema>;

export const errorBodySchema = z.object({
  error: z.object({
    /** A message key, e.g. 'errors.notFound' or 'contractors.errors.duplicateContact'. */
    code: z.string().min(1),
    /** English, for logs and API clients; the SPA shows the translated `code` instead. */
    message: z.string(),
    requestId: z.string().optional(),
    details: z.unknown().optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

// --- GET /api/health --------------------------------------------------------------------------

export const healthCheckSchema = z.object({
  ok: z.boolean(),
  latencyMs: z.number().nonnegative(),
  error: z.string().optional(),
});
export type HealthCheck = z.infer<typeof healthCheckSchema>;

export const healthResponseSchema = z.object({
  /** 'degraded' when any check failed (the handler then answers 503). */
  status: z.enum(['ok', 'degraded']),
  /** One entry per dependency: database, storage, queues, mail, sms… */
  checks: z.record(z.string(), healthCheckSchema),
  version: z.string(),
  time: z.iso.datetime({ offset: true }),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

// --- Accounts (issue #3) -----------------------------------------------------------------------

/** Version of the terms and privacy texts a user consents to; stored with each consent. */
export const TERMS_VERSION = '2026-11-22';

export const consentsSchema = z.object({
  termsOfService: z.boolean(),
  privacyPolicy: z.boolean(),
  ageConfirmed: z.boolean(),
  marketing: z.boolean(),
  thirdPartyProvision: z.boolean(),
});
export type ConsentsInput = z.infer<typeof consentsSchema>;

/** UI language of a request, as URL prefix. */
export const languageSchema = z.enum(['en', 'jp', 'ko']);

/** POST /api/auth/signup (public): creates an e-mail + password account with its consents. */
export const signUpRequestSchema = z.object({
  email: z.email().max(254),
  password: z.string().min(8).max(256),
  name: z.string().trim().min(1).max(100),
  consents: consentsSchema,
  lang: languageSchema,
});
export type SignUpRequest = z.infer<typeof signUpRequestSchema>;

/** POST /api/me/consents (owner): a federated (Google, LINE) user's consents at first sign-in. */
export const consentsRequestSchema = z.object({ consents: consentsSchema, lang: languageSchema });

/** PATCH /api/me (owner): My Info. Phone is normalised to E.164 by the server (null clears it);
 *  the wallet must be an EVM address (checksummed when mixed-case; null clears it). */
export const updateMeRequestSchema = z
  .object({
    name: z.string().trim().min(1).max(100).optional(),
    phone: z.string().trim().max(32).nullable().optional(),
    walletAddress: z.string().trim().max(64).nullable().optional(),
    lang: languageSchema.optional(),
  })
  .strict();
export type UpdateMeRequest = z.infer<typeof updateMeRequestSchema>;

export const meResponseSchema = z.object({
  userId: z.string().min(1),
  email: z.string(),
  emailVerified: z.boolean(),
  name: z.string(),
  phone: z.string().nullable(),
  walletAddress: z.string().nullable(),
  plan: z.enum(PLAN_KEYS),
  /** End of the current plan period (ISO date-time). */
  validDate: z.iso.datetime({ offset: true }),
  /** Remaining contracts (tickets). */
  availableTickets: z.number().int().nonnegative(),
  isAdmin: z.boolean(),
  /** The user has not given the required consents yet (a first federated sign-in). */
  consentsRequired: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
  /** Previous sign-in, if any. */
  lastLoginAt: z.iso.datetime({ offset: true }).nullable(),
  /** True on the first sign-in (the SPA then shows the thank-you page). */
  firstLogin: z.boolean().optional(),
});
export type MeResponse = z.infer<typeof meResponseSchema>;

/** POST /api/me/login (owner), called once after each sign-in: records it; firstLogin is true the
 *  first time ever (then the SPA shows /thankyou, else 'Logged in successfully.'). */
export const loginResponseSchema = meResponseSchema.extend({ firstLogin: z.boolean() });

/** GET /api/locale (public): the language a visitor without a prefix should get — from CloudFront's
 *  viewer country when deployed (JP → jp), else from Accept-Language; English otherwise. */
export const localeResponseSchema = z.object({ lang: languageSchema, country: z.string().nullable() });

// --- Documents: the e-sign creation funnel (issue #4) -------------------------------------------

/** GET /api/documents/{docuId} etc.: the path parameter. */
export const docuIdParamsSchema = z.object({ docuId: z.string().min(1).max(64) });

/** One sign area in PDF coordinates (points, origin bottom-left, 0-based page). */
export const signAreaViewSchema = z.object({
  pageIndex: z.number().int().nonnegative(),
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
  signed: z.boolean(),
});
export type SignAreaView = z.infer<typeof signAreaViewSchema>;

export const recipientViewSchema = z.object({
  /** 0-based contractor position. */
  index: z.number().int().nonnegative(),
  name: z.string(),
  /** Normalised: lower-case e-mail or E.164 phone. */
  contact: z.string(),
  method: z.enum(['email', 'phone']),
  isOwner: z.boolean(),
  /** 0 pending, 1 agreed, 2 denied. */
  agreement: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  areas: z.array(signAreaViewSchema),
});
export type RecipientView = z.infer<typeof recipientViewSchema>;

export const documentViewSchema = z.object({
  docuId: z.string(),
  id4: z.string(),
  kind: z.enum(CONTRACT_KINDS),
  title: z.string(),
  status: z.enum(DOCUMENT_STATUSES),
  originalFileName: z.string().nullable(),
  pageCount: z.number().int().nonnegative().nullable(),
  /** Page sizes in points. */
  pages: z.array(z.object({ width: z.number(), height: z.number() })),
  sizeBytes: z.number().int().nonnegative().nullable(),
  sha256: z.string().nullable(),
  privateinfoAgree: z.boolean(),
  recipients: z.array(recipientViewSchema),
  finalRecipients: z.array(z.string()),
  /** Presigned GET of the original PDF (10 minutes), null before an upload. */
  fileUrl: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type DocumentView = z.infer<typeof documentViewSchema>;

/** POST /api/documents: a new draft (status Ready). */
export const createDocumentRequestSchema = z.object({ kind: z.literal('esign') });
export type CreateDocumentRequest = z.infer<typeof createDocumentRequestSchema>;

/** POST /api/documents/{docuId}/upload: the browser-side rules are checked again here. */
export const uploadRequestSchema = z.object({
  fileName: z.string().trim().min(1).max(255),
  contentType: z.string().max(255),
  sizeBytes: z.number().int().nonnegative(),
});
export type UploadRequest = z.infer<typeof uploadRequestSchema>;

/** The presigned POST: send `fields` then the file (field `file`) as multipart to `url`. */
export const uploadResponseSchema = z.object({
  url: z.string(),
  fields: z.record(z.string(), z.string()),
  key: z.string(),
  expiresAt: z.iso.datetime({ offset: true }),
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

/** POST /api/documents/{docuId}/upload/complete. */
export const uploadCompleteRequestSchema = z.object({ key: z.string().min(1).max(512) });
export type UploadCompleteRequest = z.infer<typeof uploadCompleteRequestSchema>;

/** PUT /api/documents/{docuId}/recipients: rows as typed (the server trims, drops empty rows,
 *  validates and normalises). */
export const saveRecipientsRequestSchema = z.object({
  recipients: z.array(z.object({ name: z.string().max(200), contact: z.string().max(254) })).max(100),
  finalRecipients: z.array(z.string().max(254)).max(50),
  lang: languageSchema,
});
export type SaveRecipientsRequest = z.infer<typeof saveRecipientsRequestSchema>;

/** PUT /api/documents/{docuId}/areas: every area of every contractor (replaces them all). */
export const saveAreasRequestSchema = z.object({
  areas: z
    .array(
      z.object({
        recipientIndex: z.number().int().nonnegative(),
        pageIndex: z.number().int().nonnegative(),
        x: z.number().finite(),
        y: z.number().finite(),
        width: z.number().finite().positive(),
        height: z.number().finite().positive(),
      }),
    )
    .max(1000),
});
export type SaveAreasRequest = z.infer<typeof saveAreasRequestSchema>;

/** PATCH /api/documents/{docuId}: allowed before sending. */
export const updateDocumentRequestSchema = z
  .object({
    title: z.string().trim().min(1).max(100).optional(),
    privateinfoAgree: z.boolean().optional(),
  })
  .strict();
export type UpdateDocumentRequest = z.infer<typeof updateDocumentRequestSchema>;

/** POST /api/documents/{docuId}/send: `lang` is the language of the request messages. */
export const sendDocumentRequestSchema = z.object({ lang: languageSchema });
export type SendDocumentRequest = z.infer<typeof sendDocumentRequestSchema>;

/** GET /api/address-book. */
export const addressBookResponseSchema = z.object({
  entries: z.array(z.object({ name: z.string(), contact: z.string() })),
});
export type AddressBookResponse = z.infer<typeof addressBookResponseSchema>;

// --- Signing without an account (issue #5) -------------------------------------------------------

/** /api/sign/{docuId}/{token}: the signer link's parts (the token is checked by the handler). */
export const signerParamsSchema = z.object({
  docuId: z.string().min(1).max(64),
  token: z.string().min(1).max(128),
});
export type SignerParams = z.infer<typeof signerParamsSchema>;

/** One sign area as the signer sees it; `areaIndex` is its position among its recipient's areas. */
export const signerAreaViewSchema = z.object({
  areaIndex: z.number().int().nonnegative(),
  pageIndex: z.number().int().nonnegative(),
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
  signed: z.boolean(),
  /** The sign applied to this area (only on the signer's own areas). */
  signId: z.string().nullable(),
});
export type SignerAreaView = z.infer<typeof signerAreaViewSchema>;

/** A contractor as a signer sees it: name and masked contact only. */
export const signerRecipientViewSchema = z.object({
  index: z.number().int().nonnegative(),
  name: z.string(),
  contactMasked: z.string(),
  method: z.enum(['email', 'phone']),
  agreement: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  /** True for the link holder's own row (their areas are the ones to sign). */
  mine: z.boolean(),
  areas: z.array(signerAreaViewSchema),
});
export type SignerRecipientView = z.infer<typeof signerRecipientViewSchema>;

/** A sign image of the signer's account-less record, offered again to the same contact. */
export const signerSignSchema = z.object({
  signId: z.string(),
  /** Presigned GET of the PNG (10 minutes). */
  url: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type SignerSign = z.infer<typeof signerSignSchema>;

/** GET /api/sign/{docuId}/{token}: the signer's view. */
export const signerViewSchema = z.object({
  docuId: z.string(),
  id4: z.string(),
  kind: z.enum(CONTRACT_KINDS),
  title: z.string(),
  status: z.enum(DOCUMENT_STATUSES),
  /** Page sizes in points. */
  pages: z.array(z.object({ width: z.number(), height: z.number() })),
  /** Presigned GET of the original PDF (10 minutes). */
  fileUrl: z.string().nullable(),
  /** The owner's name ('… has requested your signature'). */
  ownerName: z.string(),
  recipients: z.array(signerRecipientViewSchema),
  me: z.object({
    index: z.number().int().nonnegative(),
    /** 1-based position among the contractors, for 'You are {{nth}} Contractor'. */
    ordinal: z.number().int().positive(),
    name: z.string(),
    contactMasked: z.string(),
    agreement: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  }),
  signs: z.array(signerSignSchema),
});
export type SignerView = z.infer<typeof signerViewSchema>;

/** A sign image is at most 1 MB of PNG (base64: 1,333,336 characters). */
export const SIGN_IMAGE_MAX_BYTES = 1_000_000;
export const SIGN_IMAGE_MAX_BASE64 = Math.ceil(SIGN_IMAGE_MAX_BYTES / 3) * 4;
/** Sign image limits, checked by the server on the PNG's bytes (the SPA may check them first). */
export const SIGN_IMAGE_LIMITS = {
  minWidth: 50,
  minHeight: 20,
  maxWidth: 1400,
  maxHeight: 600,
  maxBytes: SIGN_IMAGE_MAX_BYTES,
} as const;

/** POST /api/sign/{docuId}/{token}/signs: a sign image (PNG, 50×20 to 1400×600 px, ≤ 1 MB). A
 *  `data:image/png;base64,` prefix is accepted. The schema lets up to three times the limit through
 *  so that the handler answers `signing.errors.badSignImage` for a too-large image; far larger
 *  bodies are refused as `errors.validation`, over 10 MB by the gateway (413). */
export const uploadSignRequestSchema = z.object({
  image: z
    .string()
    .min(1)
    .max(SIGN_IMAGE_MAX_BASE64 * 3),
});
export type UploadSignRequest = z.infer<typeof uploadSignRequestSchema>;
export const uploadSignResponseSchema = z.object({ signId: z.string(), url: z.string() });
export type UploadSignResponse = z.infer<typeof uploadSignResponseSchema>;

// --- The owner's own signs (issue #4: the owner as a contractor) ------------------------------

/** How an owner's sign was made in the funnel's sign maker. */
export const OWNER_SIGN_KINDS = ['draw', 'autoGeneration'] as const;
export type OwnerSignKind = (typeof OWNER_SIGN_KINDS)[number];

/** One sign of the signed-in owner's sign list; `url` is a presigned GET (10 minutes). */
export const ownerSignSchema = z.object({
  signId: z.string(),
  kind: z.string(),
  url: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  isDefault: z.boolean(),
});
export type OwnerSign = z.infer<typeof ownerSignSchema>;

/** GET /api/me/signs (owner): the account's signs, oldest first, and which one is the default. */
export const ownerSignsResponseSchema = z.object({
  signs: z.array(ownerSignSchema),
  defaultSignId: z.string().nullable(),
  /** At most this many signs per account. */
  max: z.number().int().positive(),
});
export type OwnerSignsResponse = z.infer<typeof ownerSignsResponseSchema>;

/** POST /api/me/signs (owner): a sign image with the same checks as the signer's upload. It becomes
 *  the default when it is the account's first sign or when `makeDefault` is true. */
export const createOwnerSignRequestSchema = z.object({
  image: z
    .string()
    .min(1)
    .max(SIGN_IMAGE_MAX_BASE64 * 3),
  kind: z.enum(OWNER_SIGN_KINDS).optional(),
  makeDefault: z.boolean().optional(),
});
export type CreateOwnerSignRequest = z.infer<typeof createOwnerSignRequestSchema>;

/** PUT /api/me/signs/default (owner): choose the default sign. */
export const setDefaultSignRequestSchema = z.object({ signId: z.string().min(1).max(64) });
export type SetDefaultSignRequest = z.infer<typeof setDefaultSignRequestSchema>;

/** PUT /api/sign/{docuId}/{token}/areas: signs applied to the signer's own areas. */
export const applySignsRequestSchema = z.object({
  signs: z
    .array(z.object({ areaIndex: z.number().int().nonnegative(), signId: z.string().min(1).max(64) }))
    .max(200),
});
export type ApplySignsRequest = z.infer<typeof applySignsRequestSchema>;

/** POST …/agree and …/reject-terms: `lang` is the signer's page language. */
export const signerActionRequestSchema = z.object({ lang: languageSchema });
export type SignerActionRequest = z.infer<typeof signerActionRequestSchema>;

/** POST …/deny: the reason (1..200 characters; shared validateDenyReason) is sent to everyone. */
export const denyRequestSchema = z.object({ reason: z.string().max(2000), lang: languageSchema });
export type DenyRequest = z.infer<typeof denyRequestSchema>;

/** The answer of agree / deny / reject-terms. */
export const signerActionResponseSchema = z.object({
  status: z.enum(DOCUMENT_STATUSES),
  agreement: z.union([z.literal(0), z.literal(1), z.literal(2)]),
});
export type SignerActionResponse = z.infer<typeof signerActionResponseSchema>;

/** POST /api/documents/{docuId}/recipients/{index}/resend (owner). */
export const resendParamsSchema = z.object({
  docuId: z.string().min(1).max(64),
  index: z.coerce.number().int().nonnegative().max(1000),
});
export const resendResponseSchema = z.object({ resent: z.literal(true), index: z.number().int() });
export type ResendResponse = z.infer<typeof resendResponseSchema>;

// --- Request/response pairs -------------------------------------------------------------------

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
  CloseAccount: { response: z.object({ closed: z.literal(true) }) },
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
  SignerAgree: {
    body: signerActionRequestSchema,
    params: signerParamsSchema,
    response: signerActionResponseSchema,
  },
  SignerDeny: { body: denyRequestSchema, params: signerParamsSchema, response: signerActionResponseSchema },
  SignerRejectTerms: {
    body: signerActionRequestSchema,
    params: signerParamsSchema,
    response: signerActionResponseSchema,
  },
  ResendRequest: { params: resendParamsSchema, response: resendResponseSchema },
  // Contract management (issue #7): shared/api/contracts.ts.
  ...CONTRACT_SCHEMAS,
  ListOwnerSigns: { response: ownerSignsResponseSchema },
  CreateOwnerSign: { body: createOwnerSignRequestSchema, response: ownerSignSchema },
  SetDefaultSign: { body: setDefaultSignRequestSchema, response: ownerSignsResponseSchema },
} as const satisfies Record<string, EndpointSchemas>;
export type ApiRouteId = keyof typeof API_SCHEMAS;
