// Bulk send from a template (issue #27 item 6): check a CSV, send it, read and retry its progress
// (shared/api/schemas/bulk.ts). The file travels as text; the server parses and checks it.
import {
  bulkProgressSchema,
  bulkSendResponseSchema,
  type BulkProgress,
  type BulkRequest,
  type BulkSendResponse,
} from '../../../../../shared/api/schemas/bulk';
import { apiRequest } from '../../../lib/api-client';

const enc = encodeURIComponent;
const base = (templateId: string) => `/templates/${enc(templateId)}/bulk`;

/** `send: false` checks only; `send: true` checks again and queues the good rows (progress set). */
export function postBulk(templateId: string, body: BulkRequest): Promise<BulkSendResponse> {
  return apiRequest({
    method: 'POST',
    path: base(templateId),
    schema: bulkSendResponseSchema,
    body,
    auth: true,
  });
}

export function getBulkProgress(
  templateId: string,
  bulkId: string,
  signal?: AbortSignal,
): Promise<BulkProgress> {
  return apiRequest({
    path: `${base(templateId)}/${enc(bulkId)}`,
    schema: bulkProgressSchema,
    auth: true,
    ...(signal ? { signal } : {}),
  });
}

/** Queues the failed rows again (only those). */
export function retryBulk(templateId: string, bulkId: string): Promise<BulkProgress> {
  return apiRequest({
    method: 'POST',
    path: `${base(templateId)}/${enc(bulkId)}/retry`,
    schema: bulkProgressSchema,
    auth: true,
  });
}
