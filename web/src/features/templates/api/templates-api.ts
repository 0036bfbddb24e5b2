// Templates (issue #27 item 3): the template endpoints (shared/api/schemas/templates.ts).
import * as z from 'zod';
import {
  documentViewSchema,
  templateListSchema,
  templateViewSchema,
  type CreateTemplateRequest,
  type DocumentView,
  type TemplateList,
  type TemplateView,
  type UpdateTemplateRequest,
  type UseTemplateRequest,
} from '../../../../../shared/api/schemas';
import { apiRequest } from '../../../lib/api-client';

const enc = encodeURIComponent;

export function listTemplates(): Promise<TemplateList> {
  return apiRequest({ path: '/templates', schema: templateListSchema, auth: true });
}

export function getTemplate(templateId: string): Promise<TemplateView> {
  return apiRequest({ path: `/templates/${enc(templateId)}`, schema: templateViewSchema, auth: true });
}

export function createTemplate(body: CreateTemplateRequest): Promise<TemplateView> {
  return apiRequest({ method: 'POST', path: '/templates', schema: templateViewSchema, body, auth: true });
}

/** Adds a starter form of the gallery (issue #27 item 5) to the caller's templates. */
export function addGalleryForm(galleryId: string, title?: string): Promise<TemplateView> {
  return apiRequest({
    method: 'POST',
    path: '/templates',
    schema: templateViewSchema,
    body: { gallery: galleryId, ...(title === undefined ? {} : { title }) },
    auth: true,
  });
}

export function renameTemplate(templateId: string, title: string): Promise<TemplateView> {
  return apiRequest({
    method: 'PATCH',
    path: `/templates/${enc(templateId)}`,
    schema: templateViewSchema,
    body: { title },
    auth: true,
  });
}

/** Edit template's save: the roles' names and fields, on the version the editor was opened on. */
export function updateTemplate(templateId: string, body: UpdateTemplateRequest): Promise<TemplateView> {
  return apiRequest({
    method: 'PATCH',
    path: `/templates/${enc(templateId)}`,
    schema: templateViewSchema,
    body,
    auth: true,
  });
}

export function duplicateTemplate(templateId: string, title: string): Promise<TemplateView> {
  return apiRequest({
    method: 'POST',
    path: `/templates/${enc(templateId)}/duplicate`,
    schema: templateViewSchema,
    body: { title },
    auth: true,
  });
}

export function deleteTemplate(templateId: string): Promise<{ deleted: true }> {
  return apiRequest({
    method: 'DELETE',
    path: `/templates/${enc(templateId)}`,
    schema: z.object({ deleted: z.literal(true) }),
    auth: true,
  });
}

/** Not a React hook: a POST that makes a contract from the template. */
export function startFromTemplate(templateId: string, body: UseTemplateRequest): Promise<DocumentView> {
  return apiRequest({
    method: 'POST',
    path: `/templates/${enc(templateId)}/use`,
    schema: documentViewSchema,
    body,
    auth: true,
  });
}
