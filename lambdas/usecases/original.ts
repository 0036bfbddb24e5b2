// What was uploaded is what is signed and sealed (issue #13 defect 1, architecture §18). A presigned
// form writes only to a staging key of its own (`uploads/{docuId}/{uploadId}.pdf`), valid minutes and
// spent by its completion; the server checks those bytes and stores them itself under a new key that
// no form ever names (`documents/{docuId}/original-{random}.pdf`), with their SHA-256, size and entity
// tag. Whenever the original is served to a signer or downloaded, its size and entity tag are checked
// (a HEAD); before sealing, its bytes are hashed again. A mismatch stops the request with an alert in
// the logs and never seals.
import { createHash, randomBytes } from 'node:crypto';
import { AppError } from '../core/errors';
import { createLogger, type Logger } from '../core/logger';
import type { ObjectStorage } from '../ports';

/** A presigned upload form is valid this long (and only until its completion). */
export const UPLOAD_FORM_SECONDS = 5 * 60;

/** A new staging key for one upload form of a document. */
export function newUploadKey(docuId: string): string {
  return `uploads/${docuId}/${randomBytes(16).toString('hex')}.pdf`;
}

/** Whether `key` is shaped like a staging key of this document (an old or spent form's). */
export function isUploadKeyOf(docuId: string, key: string): boolean {
  return (
    key.startsWith(`uploads/${docuId}/`) && /^[0-9a-f]{32}\.pdf$/.test(key.slice(`uploads/${docuId}/`.length))
  );
}

/** A new key for a checked original: never the key of a form, never reused. */
export function newOriginalKey(docuId: string): string {
  return `documents/${docuId}/original-${randomBytes(12).toString('hex')}.pdf`;
}

/** What is recorded of an original when it is accepted. */
export interface OriginalFacts {
  readonly docuId: string;
  readonly fileKey?: string | null;
  readonly sha256?: string | null;
  readonly sizeBytes?: number | null;
  readonly fileEtag?: string | null;
}

const alerts: Logger = createLogger({ alert: 'original-integrity' });

function changed(doc: OriginalFacts, reason: string, log: Logger): AppError {
  // Ids only: the alert names the document and what differed, never contents or contacts.
  log.error('The stored original of a document no longer matches what was accepted', {
    alert: 'original-integrity',
    docuId: doc.docuId,
    reason,
  });
  return new AppError('documents.errors.originalChanged', 'The original file has changed since upload', {
    status: 409,
  });
}

/** Before serving the original: its object still has the accepted size and entity tag. */
export async function assertOriginalIntact(
  storage: Pick<ObjectStorage, 'head'>,
  doc: OriginalFacts,
  log: Logger = alerts,
): Promise<void> {
  if (!doc.fileKey) return;
  const info = await storage.head(doc.fileKey);
  if (!info) throw changed(doc, 'missing', log);
  if (doc.sizeBytes != null && info.size !== doc.sizeBytes) throw changed(doc, 'size', log);
  if (doc.fileEtag && info.etag !== doc.fileEtag) throw changed(doc, 'etag', log);
}

/** Before sealing: the bytes read hash to the accepted SHA-256. */
export function assertOriginalBytes(doc: OriginalFacts, bytes: Uint8Array, log: Logger = alerts): void {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  if (doc.sha256 && sha256 !== doc.sha256) throw changed(doc, 'sha256', log);
}
