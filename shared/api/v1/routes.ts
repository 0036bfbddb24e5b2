// The v1 operations (issue #31 item 2): documents from an upload or a template, their contractors,
// fields and order, send, status and history, list, the sealed PDF and certificate, void; templates.
// Bodies and answers are the SPA's own schemas (shared/api/schemas, shared/api/contracts) wherever the
// operation is the SPA's: one rule, one schema. What is v1's own is declared here.
import * as z from 'zod';
import {
  CONTRACT_PAGE_DEFAULT,
  CONTRACT_PAGE_MAX,
  contractListSchema,
  downloadResponseSchema,
  historyEntrySchema,
} from '../contracts';
import {
  docuIdParamsSchema,
  documentViewSchema,
  saveAreasRequestSchema,
  saveRecipientsRequestSchema,
  sendDocumentRequestSchema,
  updateDocumentRequestSchema,
  uploadCompleteRequestSchema,
  uploadRequestSchema,
  uploadResponseSchema,
} from '../schemas/documents';
import { routingActionResponseSchema, voidRequestSchema } from '../schemas/routing';
import {
  createEmbeddedSessionRequestSchema,
  embeddedSessionParamsSchema,
  embeddedSessionSchema,
} from '../schemas/embed';
import {
  templateIdParamsSchema,
  templateListSchema,
  templateViewSchema,
  useTemplateRequestSchema,
} from '../schemas/templates';
import { lineText } from '../schemas/text';
import { DOCUMENT_LIST_TABS, DOCUMENT_STATUSES } from '../../domain/status';
import type { V1Route } from './registry';

const isoDate = z.iso.datetime({ offset: true });

/** POST /api/v1/documents: an e-sign (or Video Sign) draft, optionally titled at once. */
export const v1CreateDocumentSchema = z
  .object({
    kind: z.enum(['esign', 'vsign']).default('esign'),
    title: lineText().min(1).max(100).optional(),
  })
  .strict();

/** GET /api/v1/documents: the owner's documents by list (status group), newest first. */
export const v1ListDocumentsQuerySchema = z
  .object({
    /** draft (not sent), pending (out for signature), signed (sealing or completed), expired
     *  (expired, voided, denied). */
    status: z.enum(DOCUMENT_LIST_TABS),
    /** Only documents changed at or after this instant (ISO 8601 with offset). A page may then hold
     *  fewer than `limit` items; follow `nextCursor` until it is null. */
    updatedSince: isoDate.optional(),
    /** The previous page's `nextCursor`. */
    cursor: z.string().min(1).max(2000).optional(),
    limit: z.coerce.number().int().min(1).max(CONTRACT_PAGE_MAX).default(CONTRACT_PAGE_DEFAULT),
  })
  .strict();

export const v1HistoryResponseSchema = z.object({
  docuId: z.string(),
  status: z.enum(DOCUMENT_STATUSES),
  /** Newest first. */
  history: z.array(historyEntrySchema),
});

export const v1CertificateQuerySchema = z
  .object({
    /** The certificate's language; default: the first one issued (the owner's). */
    lang: z.enum(['en', 'jp', 'ko']).optional(),
  })
  .strict();

export const v1CertificateResponseSchema = z.object({
  /** Presigned GET (10 minutes), downloads as a file. */
  url: z.string(),
  fileName: z.string(),
  lang: z.enum(['en', 'jp', 'ko']),
  expiresAt: isoDate,
});

const docPath = '/documents/{docuId}';

export const V1_ROUTES: readonly V1Route[] = [
  {
    id: 'createDocument',
    method: 'POST',
    path: '/documents',
    scope: 'documents:write',
    tag: 'documents',
    summary: 'Create a draft document',
    description:
      'A new draft (status Ready). Upload its PDF next: createUpload, POST the file to the form, completeUpload.',
    body: v1CreateDocumentSchema,
    response: documentViewSchema,
    status: 201,
    example: { kind: 'esign', title: 'Service agreement' },
  },
  {
    id: 'listDocuments',
    method: 'GET',
    path: '/documents',
    scope: 'documents:read',
    tag: 'documents',
    summary: 'List documents',
    description: 'One page of your documents in a status group, newest first; follow nextCursor.',
    query: v1ListDocumentsQuerySchema,
    response: contractListSchema,
  },
  {
    id: 'getDocument',
    method: 'GET',
    path: docPath,
    scope: 'documents:read',
    tag: 'documents',
    summary: 'Get a document and its status',
    params: docuIdParamsSchema,
    response: documentViewSchema,
  },
  {
    id: 'updateDocument',
    method: 'PATCH',
    path: docPath,
    scope: 'documents:write',
    tag: 'documents',
    summary: 'Set the title or accept the e-sign terms',
    description: 'Before sending only. privateinfoAgree must be true before send.',
    params: docuIdParamsSchema,
    body: updateDocumentRequestSchema,
    response: documentViewSchema,
    example: { title: 'Service agreement', privateinfoAgree: true },
  },
  {
    id: 'createUpload',
    method: 'POST',
    path: `${docPath}/upload`,
    scope: 'documents:write',
    tag: 'documents',
    summary: 'Get a presigned upload form for the PDF',
    description:
      'Answers a presigned POST: send every `fields` entry, then the file as field `file`, as multipart/form-data to `url` (the bytes go straight to storage), then call completeUpload with `key`.',
    params: docuIdParamsSchema,
    body: uploadRequestSchema,
    response: uploadResponseSchema,
    example: { fileName: 'contract.pdf', contentType: 'application/pdf', sizeBytes: 48213 },
  },
  {
    id: 'completeUpload',
    method: 'POST',
    path: `${docPath}/upload/complete`,
    scope: 'documents:write',
    tag: 'documents',
    summary: 'Check the uploaded PDF and attach it',
    description: 'The server checks the landed file (a real, unencrypted PDF within the limits).',
    params: docuIdParamsSchema,
    body: uploadCompleteRequestSchema,
    response: documentViewSchema,
    example: { key: 'uploads/…/….pdf' },
  },
  {
    id: 'setRecipients',
    method: 'PUT',
    path: `${docPath}/recipients`,
    scope: 'documents:write',
    tag: 'documents',
    summary: 'Set the contractors, their roles and signing order',
    description:
      'Replaces the contractors. Each has a name and an e-mail address or phone number, a role (signer, approver, viewer) and a group: groups sign in order when routing.order is sequential.',
    params: docuIdParamsSchema,
    body: saveRecipientsRequestSchema,
    response: documentViewSchema,
    example: {
      recipients: [
        { name: 'Mia Signer', contact: 'mia@example.com', role: 'signer', group: 1 },
        { name: 'Ken Approver', contact: '+81 90 1234 5678', role: 'approver', group: 2 },
      ],
      finalRecipients: [],
      lang: 'en',
      routing: { order: 'sequential', reminders: null, expiresAt: null, allowDelegation: false },
    },
  },
  {
    id: 'setFields',
    method: 'PUT',
    path: `${docPath}/fields`,
    scope: 'documents:write',
    tag: 'documents',
    summary: 'Place the fields (signature areas and form fields)',
    description:
      "Replaces every field. Coordinates are PDF points, origin bottom-left, pageIndex 0-based; recipientIndex is the contractor's position.",
    params: docuIdParamsSchema,
    body: saveAreasRequestSchema,
    response: documentViewSchema,
    example: { areas: [{ recipientIndex: 0, pageIndex: 0, x: 50, y: 60, width: 120, height: 40 }] },
  },
  {
    id: 'sendDocument',
    method: 'POST',
    path: `${docPath}/send`,
    scope: 'documents:write',
    tag: 'documents',
    summary: 'Send the signature requests',
    description: "Counts against your plan's sends and the send limits, as a send from the site does.",
    params: docuIdParamsSchema,
    body: sendDocumentRequestSchema,
    response: documentViewSchema,
    example: { lang: 'en' },
  },
  {
    id: 'getDocumentHistory',
    method: 'GET',
    path: `${docPath}/history`,
    scope: 'documents:read',
    tag: 'documents',
    summary: 'Get the status and history',
    params: docuIdParamsSchema,
    response: v1HistoryResponseSchema,
  },
  {
    id: 'downloadDocument',
    method: 'GET',
    path: `${docPath}/download`,
    scope: 'documents:read',
    tag: 'documents',
    summary: 'Download the sealed PDF',
    description:
      'Answers presigned URLs (10 minutes) of the sealed PDF once completed (`final: true`), else of the original.',
    params: docuIdParamsSchema,
    response: downloadResponseSchema,
  },
  {
    id: 'downloadCertificate',
    method: 'GET',
    path: `${docPath}/certificate`,
    scope: 'documents:read',
    tag: 'documents',
    summary: 'Download the certificate',
    description:
      'A presigned URL (10 minutes) of the signed certificate, issued once the document is anchored; 409 before.',
    params: docuIdParamsSchema,
    query: v1CertificateQuerySchema,
    response: v1CertificateResponseSchema,
  },
  {
    id: 'voidDocument',
    method: 'POST',
    path: `${docPath}/void`,
    scope: 'documents:write',
    tag: 'documents',
    summary: 'Void (cancel) a sent document',
    description: 'Every party is told with the reason; a voided document is never sealed.',
    params: docuIdParamsSchema,
    body: voidRequestSchema,
    response: routingActionResponseSchema,
    example: { reason: 'Terms changed', lang: 'en' },
  },
  {
    id: 'createEmbeddedSession',
    method: 'POST',
    path: `${docPath}/recipients/{index}/embedded-session`,
    scope: 'documents:write',
    tag: 'documents',
    summary: 'Make an embedded signing session for one recipient',
    description:
      "A URL to put in an iframe on one of the account's allowed origins (My Info → Embedded signing): it must be opened within 10 minutes, signs for one recipient whose turn is open, and posts signseal:signed, signseal:denied or signseal:error to exactly `parentOrigin`. See docs/embedding.md.",
    params: embeddedSessionParamsSchema,
    body: createEmbeddedSessionRequestSchema,
    response: embeddedSessionSchema,
    status: 201,
    example: { parentOrigin: 'https://crm.example.com', lang: 'en' },
  },
  {
    id: 'createDocumentFromTemplate',
    method: 'POST',
    path: '/templates/{templateId}/documents',
    scope: 'documents:write',
    tag: 'templates',
    summary: 'Create a document from a template',
    description:
      "A draft with the template's PDF, title and fields, one person per role; set privateinfoAgree and send it next.",
    params: templateIdParamsSchema,
    body: useTemplateRequestSchema,
    response: documentViewSchema,
    status: 201,
    example: { recipients: [{ name: 'Mia Signer', contact: 'mia@example.com' }], lang: 'en' },
  },
  {
    id: 'listTemplates',
    method: 'GET',
    path: '/templates',
    scope: 'templates:read',
    tag: 'templates',
    summary: 'List templates',
    response: templateListSchema,
  },
  {
    id: 'getTemplate',
    method: 'GET',
    path: '/templates/{templateId}',
    scope: 'templates:read',
    tag: 'templates',
    summary: 'Get a template with its roles and fields',
    params: templateIdParamsSchema,
    response: templateViewSchema,
  },
  {
    id: 'getOpenApi',
    method: 'GET',
    path: '/openapi.json',
    scope: null,
    tag: 'meta',
    summary: "This API's OpenAPI 3.1 description",
    description: 'Public: no key needed.',
    response: z.record(z.string(), z.unknown()),
  },
];
