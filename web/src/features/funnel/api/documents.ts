// The creation funnel's calls (issue #4): documents, the presigned upload and the address book.
// Schemas are the shared API contract (shared/api/schemas.ts).
import {
  addressBookResponseSchema,
  documentViewSchema,
  uploadResponseSchema,
  type AddressBookResponse,
  type CreateDocumentRequest,
  type DocumentView,
  type SaveAreasRequest,
  type SaveRecipientsRequest,
  type UpdateDocumentRequest,
  type UploadRequest,
  type UploadResponse,
} from '../../../../../shared/api/schemas';
import { apiRequest } from '../../../lib/api-client';

export type { DocumentView };

const doc = (docuId: string) => `/documents/${encodeURIComponent(docuId)}`;

export function createDocument(
  kind: CreateDocumentRequest['kind'] = 'esign',
  options: Omit<CreateDocumentRequest, 'kind'> = {},
): Promise<DocumentView> {
  return apiRequest({
    method: 'POST',
    path: '/documents',
    body: { kind, ...options },
    schema: documentViewSchema,
    auth: true,
  });
}

export function getDocument(docuId: string, signal?: AbortSignal): Promise<DocumentView> {
  return apiRequest({ path: doc(docuId), schema: documentViewSchema, auth: true, signal });
}

export function requestUpload(docuId: string, body: UploadRequest): Promise<UploadResponse> {
  return apiRequest({
    method: 'POST',
    path: `${doc(docuId)}/upload`,
    body,
    schema: uploadResponseSchema,
    auth: true,
  });
}

export function completeUpload(docuId: string, key: string): Promise<DocumentView> {
  return apiRequest({
    method: 'POST',
    path: `${doc(docuId)}/upload/complete`,
    body: { key },
    schema: documentViewSchema,
    auth: true,
  });
}

export function saveRecipients(docuId: string, body: SaveRecipientsRequest): Promise<DocumentView> {
  return apiRequest({
    method: 'PUT',
    path: `${doc(docuId)}/recipients`,
    body,
    schema: documentViewSchema,
    auth: true,
  });
}

export function saveAreas(docuId: string, body: SaveAreasRequest): Promise<DocumentView> {
  return apiRequest({
    method: 'PUT',
    path: `${doc(docuId)}/areas`,
    body,
    schema: documentViewSchema,
    auth: true,
  });
}

export function updateDocument(docuId: string, body: UpdateDocumentRequest): Promise<DocumentView> {
  return apiRequest({ method: 'PATCH', path: doc(docuId), body, schema: documentViewSchema, auth: true });
}

export function sendDocument(docuId: string, lang: SaveRecipientsRequest['lang']): Promise<DocumentView> {
  return apiRequest({
    method: 'POST',
    path: `${doc(docuId)}/send`,
    body: { lang },
    schema: documentViewSchema,
    auth: true,
  });
}

export function getAddressBook(signal?: AbortSignal): Promise<AddressBookResponse> {
  return apiRequest({ path: '/address-book', schema: addressBookResponseSchema, auth: true, signal });
}

/** A failure of the direct-to-S3 upload (network, or the bucket refusing the policy). */
export class StorageUploadError extends Error {
  override readonly name = 'StorageUploadError';
  constructor(readonly status: number) {
    super(`upload to storage failed with ${status}`);
  }
}

/**
 * Sends the file to the presigned POST: the policy fields first, then the file. XMLHttpRequest (not
 * fetch) because only it reports upload progress.
 */
export function postToStorage(
  target: Pick<UploadResponse, 'url' | 'fields'>,
  file: Blob,
  onProgress: (percent: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(target.fields)) form.append(name, value);
    form.append('file', file);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', target.url);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    });
    xhr.addEventListener('load', () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve();
      } else reject(new StorageUploadError(xhr.status));
    });
    xhr.addEventListener('error', () => reject(new StorageUploadError(0)));
    xhr.addEventListener('abort', () => reject(new StorageUploadError(0)));
    xhr.send(form);
  });
}
