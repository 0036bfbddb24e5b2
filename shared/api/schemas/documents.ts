// Documents: the e-sign creation funnel (issue #4).

import * as z from 'zod';
import { CONTRACT_KINDS } from '../../domain/entities';
import { DOCUMENT_STATUSES } from '../../domain/status';
import { languageSchema } from './accounts';
import { lineText, multilineText } from './text';
import { FIELD_LIMITS, FIELD_TYPES } from '../../domain/fields';
import { RECIPIENT_ROLES } from '../../domain/routing';
import { recipientRoutingSchema, routingSettingsSchema } from './routing';

/** GET /api/documents/{docuId} etc.: the path parameter. */
export const docuIdParamsSchema = z.object({ docuId: z.string().min(1).max(64) });

/** A field's settings as the owner places it (issue #27, shared/domain/fields.ts; the type's rules are
 *  checked by validateFieldSettings). All optional: an area without them is a required signature. */
export const fieldSettingsSchema = z.object({
  type: z.enum(FIELD_TYPES).optional(),
  required: z.boolean().optional(),
  label: lineText().max(FIELD_LIMITS.labelMaxChars).optional(),
  placeholder: lineText().max(FIELD_LIMITS.placeholderMaxChars).optional(),
  multiline: z.boolean().optional(),
  maxLength: z.number().int().min(1).max(FIELD_LIMITS.textMaxChars).optional(),
  options: z.array(lineText().max(FIELD_LIMITS.optionMaxChars)).max(FIELD_LIMITS.maxOptions).optional(),
  /** The owner's pre-filled value (value fields only). */
  value: multilineText().max(FIELD_LIMITS.textMaxChars).optional(),
});
export type FieldSettingsInput = z.infer<typeof fieldSettingsSchema>;

/** An attached file as views show it (never its storage key). */
export const attachmentViewSchema = z.object({
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int().nonnegative(),
  sha256: z.string(),
});
export type AttachmentView = z.infer<typeof attachmentViewSchema>;

/** One sign area (a field) in PDF coordinates (points, origin bottom-left, 0-based page). `type` is
 *  always present in views ('signature' for areas saved before issue #27). */
export const signAreaViewSchema = z.object({
  pageIndex: z.number().int().nonnegative(),
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
  signed: z.boolean(),
  ...fieldSettingsSchema.shape,
  type: z.enum(FIELD_TYPES),
  required: z.boolean(),
  filledAt: z.string().optional(),
  attachment: attachmentViewSchema.optional(),
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
  /** Video Sign: present (true) once the contractor's agreement video is stored. */
  hasVideo: z.literal(true).optional(),
  /** Issue #28: signer, approver (no fields) or viewer (a copy); signing group (1 in parallel order). */
  role: z.enum(RECIPIENT_ROLES),
  group: z.number().int().positive(),
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
  /** Issue #28: order, reminders, expiry and delegation as saved with the contractors. */
  routing: routingSettingsSchema,
  /** Issue #27: the uploaded PDF's own form fields, offered on Set Position ("Assign the form's N
   *  fields"): each becomes a field of the chosen contractor, named after the form's field. */
  formFields: z.array(
    z.object({
      name: z.string(),
      type: z.enum(['text', 'checkbox', 'radio', 'dropdown', 'signature']),
      pageIndex: z.number().int().nonnegative(),
      x: z.number(),
      y: z.number(),
      width: z.number(),
      height: z.number(),
      required: z.boolean(),
      multiline: z.boolean().optional(),
      maxLength: z.number().int().optional(),
      options: z.array(z.string()).optional(),
    }),
  ),
  /** Presigned GET of the original PDF (10 minutes), null before an upload. */
  fileUrl: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type DocumentView = z.infer<typeof documentViewSchema>;

/** POST /api/documents: a new draft (status Ready). */
/** E-Sign and Video Sign are made in the funnel; Video Contract is not built yet. */
export const createDocumentRequestSchema = z.object({
  kind: z.enum(CONTRACT_KINDS),
  /** Video Contract's Record step (issue #34 item 2, decision 133): answer the owner's newest
   *  unrecorded video contract draft when there is one, so opening the step again makes no new one. */
  reuseUnrecorded: z.boolean().optional(),
});
export type CreateDocumentRequest = z.infer<typeof createDocumentRequestSchema>;

/** POST /api/documents/{docuId}/upload: the browser-side rules are checked again here. */
export const uploadRequestSchema = z.object({
  fileName: lineText().min(1).max(255),
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
  recipients: z
    .array(
      z.object({
        name: lineText().max(200),
        contact: lineText().max(254),
        ...recipientRoutingSchema.shape,
      }),
    )
    .max(100),
  finalRecipients: z.array(lineText().max(254)).max(50),
  lang: languageSchema,
  /** Issue #28: absent keeps what was saved (a new draft starts from the owner's My Info defaults). */
  routing: routingSettingsSchema.optional(),
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
        ...fieldSettingsSchema.shape,
      }),
    )
    .max(FIELD_LIMITS.maxFieldsPerDocument),
});
export type SaveAreasRequest = z.infer<typeof saveAreasRequestSchema>;

/** PATCH /api/documents/{docuId}: allowed before sending. */
export const updateDocumentRequestSchema = z
  .object({
    title: lineText().min(1).max(100).optional(),
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
