// Templates (issue #27 item 3): a PDF with roles (not people) and their fields, saved from a document
// and used to start new contracts. Field settings are those of the Set Position step (documents.ts).
import * as z from 'zod';
import { FIELD_LIMITS, FIELD_TYPES } from '../../domain/fields';
import { ROLE_NAME_MAX_CHARS, TEMPLATE_MAX_ROLES, TEMPLATE_TITLE_MAX_CHARS } from '../../domain/templates';
import { languageSchema } from './accounts';
import { fieldSettingsSchema } from './documents';
import { lineText, multilineText } from './text';

export const templateIdParamsSchema = z.object({ templateId: z.string().min(1).max(64) });

/** A field of a role: where it is and its settings (a pre-filled value included). */
export const templateFieldSchema = z.object({
  pageIndex: z.number().int().nonnegative(),
  x: z.number().finite(),
  y: z.number().finite(),
  width: z.number().finite().positive(),
  height: z.number().finite().positive(),
  ...fieldSettingsSchema.shape,
});
export type TemplateField = z.infer<typeof templateFieldSchema>;

export const templateRoleSchema = z.object({
  name: lineText().min(1).max(ROLE_NAME_MAX_CHARS),
  fields: z.array(templateFieldSchema).max(FIELD_LIMITS.maxFieldsPerDocument),
});

/** POST /api/templates: save a document's PDF, contractors (as roles) and fields as a template. */
export const createTemplateFromDocumentSchema = z.object({
  docuId: z.string().min(1).max(64),
  title: lineText().min(1).max(TEMPLATE_TITLE_MAX_CHARS),
  /** One name per contractor, in order ("Buyer", "Seller"); default "Contractor N". */
  roleNames: z.array(lineText().min(1).max(ROLE_NAME_MAX_CHARS)).max(TEMPLATE_MAX_ROLES).optional(),
});
export type CreateTemplateRequest = z.infer<typeof createTemplateFromDocumentSchema>;

/** POST /api/templates with `gallery`: add a starter form of the gallery (issue #27 item 5) to one's
 *  templates, under its own title unless another is given. */
export const createTemplateFromGallerySchema = z
  .object({
    gallery: z.string().min(1).max(64),
    title: lineText().min(1).max(TEMPLATE_TITLE_MAX_CHARS).optional(),
  })
  .strict();
export type CreateTemplateFromGalleryRequest = z.infer<typeof createTemplateFromGallerySchema>;

/** POST /api/templates: from a document, or from the gallery. */
export const createTemplateRequestSchema = z.union([
  createTemplateFromGallerySchema,
  createTemplateFromDocumentSchema,
]);

/** PATCH /api/templates/{templateId}: rename, rename roles, edit their fields (the owner only). */
export const updateTemplateRequestSchema = z
  .object({
    title: lineText().min(1).max(TEMPLATE_TITLE_MAX_CHARS).optional(),
    roles: z.array(templateRoleSchema).min(1).max(TEMPLATE_MAX_ROLES).optional(),
    /** The `version` the edit was made on: another save since is refused (409 templates.errors.changed). */
    version: z.number().int().positive().optional(),
  })
  .strict();
export type UpdateTemplateRequest = z.infer<typeof updateTemplateRequestSchema>;

/** POST /api/templates/{templateId}/use: each role's person, and values for fields by label. */
export const useTemplateRequestSchema = z.object({
  recipients: z
    .array(z.object({ name: lineText().max(200), contact: lineText().max(254) }))
    .min(1)
    .max(TEMPLATE_MAX_ROLES),
  /** Field label → value, for value fields the owner fills in advance (the CSV columns of bulk send). */
  values: z
    .record(lineText().max(FIELD_LIMITS.labelMaxChars), multilineText().max(FIELD_LIMITS.textMaxChars))
    .optional(),
  title: lineText().min(1).max(TEMPLATE_TITLE_MAX_CHARS).optional(),
  lang: languageSchema,
});
export type UseTemplateRequest = z.infer<typeof useTemplateRequestSchema>;

export const templateSummarySchema = z.object({
  templateId: z.string(),
  title: z.string(),
  roles: z.array(z.string()),
  fieldCount: z.number().int().nonnegative(),
  pageCount: z.number().int().nonnegative(),
  /** The caller owns it (may edit); false for a template shared by the company's plan buyer. */
  mine: z.boolean(),
  ownerName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Counts saves; an edit sends the one it was made on (PATCH `version`). */
  version: z.number().int().positive(),
});
export type TemplateSummary = z.infer<typeof templateSummarySchema>;

/** A starter form of the gallery (issue #27 item 5), as GET /api/templates lists it. */
export const galleryFormSchema = z.object({
  galleryId: z.string(),
  title: z.string(),
  /** The form's language (the product's codes: en, jp, ko). */
  language: languageSchema,
  /** lease, purchase or disclosure: the same form in each language has the same kind. */
  form: z.string(),
  roles: z.array(z.string()),
  fieldCount: z.number().int().nonnegative(),
  pageCount: z.number().int().nonnegative(),
});
export type GalleryFormSummary = z.infer<typeof galleryFormSchema>;

/** GET /api/templates. */
export const templateListSchema = z.object({
  templates: z.array(templateSummarySchema),
  /** The company's templates a seat member may use (Standard plans). */
  shared: z.array(templateSummarySchema),
  limit: z.number().int().nonnegative(),
  used: z.number().int().nonnegative(),
  /** The starter forms anyone may add to their templates. */
  gallery: z.array(galleryFormSchema),
});
export type TemplateList = z.infer<typeof templateListSchema>;

/** GET /api/templates/{templateId}. */
export const templateViewSchema = templateSummarySchema.extend({
  originalFileName: z.string(),
  sha256: z.string(),
  sizeBytes: z.number().int().nonnegative(),
  pages: z.array(z.object({ width: z.number(), height: z.number() })),
  /** Presigned GET of the template's PDF (10 minutes). */
  fileUrl: z.string(),
  /** Every role's fields, in role order; `type` and `required` always named. */
  fields: z.array(
    templateFieldSchema.extend({
      roleIndex: z.number().int().nonnegative(),
      type: z.enum(FIELD_TYPES),
      required: z.boolean(),
    }),
  ),
});
export type TemplateView = z.infer<typeof templateViewSchema>;
