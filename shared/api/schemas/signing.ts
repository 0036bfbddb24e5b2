// Signing without an account (issue #5).

import * as z from 'zod';
import { brandViewSchema } from './brand';
import { CONTRACT_KINDS } from '../../domain/entities';
import { DOCUMENT_STATUSES } from '../../domain/status';
import { RECIPIENT_ROLES } from '../../domain/routing';
import { languageSchema } from './accounts';
import { lineText, multilineText } from './text';
import { FIELD_LIMITS, FIELD_TYPES } from '../../domain/fields';
import { PAGE_IMAGE_PAGES } from '../../domain/page-images';
import { attachmentViewSchema } from './documents';

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
  /** Issue #27: the field's type and settings (fields.ts); value and attachment only on the signer's
   *  own fields (another contractor's show as filled or not). */
  type: z.enum(FIELD_TYPES),
  required: z.boolean(),
  label: z.string().optional(),
  placeholder: z.string().optional(),
  multiline: z.boolean().optional(),
  maxLength: z.number().int().optional(),
  options: z.array(z.string()).optional(),
  value: z.string().optional(),
  filledAt: z.string().optional(),
  attachment: attachmentViewSchema.optional(),
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
  /** Issue #28. */
  role: z.enum(RECIPIENT_ROLES),
  group: z.number().int().positive(),
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
  /** Issue #33: presigned GETs of WebP images of the first pages, in order (as long-lived as
   *  `fileUrl`); shown before pdf.js loads. Absent or short for older documents: pdf.js draws the rest. */
  pageImages: z.array(z.string()).max(PAGE_IMAGE_PAGES).optional(),
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
    /** Issue #28: approver (approve or deny, no fields) or viewer (read only). */
    role: z.enum(RECIPIENT_ROLES),
    group: z.number().int().positive(),
    /** The agreement video accepted so far (video sign, issue #15). */
    video: z
      .object({
        contentType: z.string(),
        sizeBytes: z.number().int(),
        recordedAt: z.string(),
        /** Issue #29: a presigned GET (10 minutes) of their own video, so that the recorder's Play
         *  replays it; absent when it cannot be served (then Play waits for a new recording). */
        url: z.string().optional(),
      })
      .nullable(),
  }),
  signs: z.array(signerSignSchema),
  /** Issue #28: the link holder may forward the request (the owner allows it and they have not
   *  answered); the request's expiry date (null: none). */
  routing: z.object({ canDelegate: z.boolean(), expiresAt: z.iso.datetime({ offset: true }).nullable() }),
  /** Video Contract (issue #16): the terms the owner recorded (presigned GETs, 10 minutes); null for
   *  the other kinds. */
  ownerVideo: z
    .object({
      name: z.string(),
      url: z.string(),
      thumbnailUrl: z.string().nullable(),
      contentType: z.string(),
      durationSeconds: z.number().nonnegative().nullable(),
      recordedAt: z.iso.datetime({ offset: true }),
    })
    .nullable(),
  /** Issue #29 item 2: the brand the contract was sent under (logo path, accent colour, name); null
   *  or absent: SignSeal's own. */
  brand: brandViewSchema.nullable().optional(),
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

/** PUT /api/sign/{docuId}/{token}/areas: signs applied to the signer's own areas. */
export const applySignsRequestSchema = z.object({
  signs: z
    .array(z.object({ areaIndex: z.number().int().nonnegative(), signId: z.string().min(1).max(64) }))
    .max(200),
});
export type ApplySignsRequest = z.infer<typeof applySignsRequestSchema>;

/** PUT /api/sign/{docuId}/{token}/fields: values of the signer's own value fields (fields.ts
 *  validateFieldValue by type; '' clears one). Sign fields use …/areas, attachments …/attachments. */
export const fillFieldsRequestSchema = z.object({
  values: z
    .array(
      z.object({
        areaIndex: z.number().int().nonnegative(),
        value: multilineText().max(FIELD_LIMITS.textMaxChars),
      }),
    )
    .min(1)
    .max(FIELD_LIMITS.maxFieldsPerDocument),
});
export type FillFieldsRequest = z.infer<typeof fillFieldsRequestSchema>;

/** POST /api/sign/{docuId}/{token}/attachments: a one-time upload form for an attachment field (PDF,
 *  JPEG or PNG, ≤ 10 MB; the bytes are checked again at completion, as originals are). */
export const attachmentUploadRequestSchema = z.object({
  areaIndex: z.number().int().nonnegative(),
  fileName: lineText().min(1).max(FIELD_LIMITS.attachmentNameMaxChars),
  contentType: z.string().max(255),
  sizeBytes: z.number().int().nonnegative(),
});
export type AttachmentUploadRequest = z.infer<typeof attachmentUploadRequestSchema>;

/** POST /api/sign/{docuId}/{token}/attachments/complete: the form's key, checked and attached. */
export const attachmentCompleteRequestSchema = z.object({
  areaIndex: z.number().int().nonnegative(),
  key: z.string().min(1).max(512),
});
export type AttachmentCompleteRequest = z.infer<typeof attachmentCompleteRequestSchema>;

/** DELETE /api/sign/{docuId}/{token}/attachments/{areaIndex}: the signer removes their file. */
export const attachmentParamsSchema = z.object({
  docuId: z.string().min(1).max(64),
  token: z.string().min(1).max(128),
  areaIndex: z.coerce.number().int().nonnegative().max(FIELD_LIMITS.maxFieldsPerDocument),
});

/** POST …/agree and …/reject-terms: `lang` is the signer's page language. */
export const signerActionRequestSchema = z.object({ lang: languageSchema });
export type SignerActionRequest = z.infer<typeof signerActionRequestSchema>;

/** POST …/deny: the reason (1..200 characters; shared validateDenyReason) is sent to everyone. */
export const denyRequestSchema = z.object({ reason: multilineText().max(2000), lang: languageSchema });
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
