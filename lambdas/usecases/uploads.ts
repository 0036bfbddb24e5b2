// The upload of an e-sign document (issue #4): a presigned POST form, then a server-side check of the
// landed object (within ./pdf-budget.ts's budgets) that makes its bytes the original (./original.ts).
import { createHash } from 'node:crypto';
import { EncryptedPDFError, PDFDocument } from '../droppable/pdf-lib';
import type { DocumentView, UploadRequest, UploadResponse } from '../../shared/api/schemas';
import type { PageSize } from '../../shared/domain/entities';
import { uploadLimitMb, validateUpload } from '../../shared/domain/validation';
import { AppError } from '../core/errors';
import type { AuthUser } from '../core/http';
import { enforceLimits } from './limits';
import { readFormFields, type FormFieldDraft } from './form-fields';
import { DEFAULT_PDF_BUDGETS, inflatedBytes, ParseTimeout, withinTime, type PdfBudgets } from './pdf-budget';
import type { RequestFacts } from './history';
import { isUploadKeyOf, newOriginalKey, newUploadKey, UPLOAD_FORM_SECONDS } from './original';
import { pageImageKeys, storePageImages } from './page-images';
import {
  addHistory,
  assertCan,
  type DocumentDeps,
  expected,
  ownDocument,
  ownerActor,
  validationError,
  view,
} from './document-access';

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export interface CheckedPdf {
  readonly pageCount: number;
  readonly pages: PageSize[];
  readonly sha256: string;
  readonly sizeBytes: number;
  /** The PDF's own form fields, as field drafts (./form-fields.ts); [] for a flat PDF. */
  readonly formFields: FormFieldDraft[];
}

export type PdfCheck =
  | ({ ok: true } & CheckedPdf)
  | {
      ok: false;
      code:
        | 'upload.errors.notPdf'
        | 'upload.errors.encrypted'
        | 'upload.errors.empty'
        | 'upload.errors.tooLarge'
        | 'upload.errors.tooManyPages'
        | 'upload.errors.tooComplex';
      /** Values of the message (the page limit). */
      details?: Record<string, number>;
    };

const PDF_MAGIC = '%PDF-';

async function isEncryptedPdf(bytes: Uint8Array): Promise<boolean> {
  try {
    return (await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false })).isEncrypted;
  } catch {
    return false;
  }
}

/** The server-side check of an uploaded file: not empty, within the limit, a PDF by its first bytes,
 *  within the budgets of decompressed size, parse time and pages (./pdf-budget.ts), parsed by pdf-lib,
 *  not encrypted. Records page sizes (points) and the SHA-256. */
export async function checkPdfBytes(
  bytes: Uint8Array,
  maxBytes: number,
  budgets: PdfBudgets = DEFAULT_PDF_BUDGETS,
): Promise<PdfCheck> {
  if (bytes.length === 0) return { ok: false, code: 'upload.errors.empty' };
  if (bytes.length > maxBytes) return { ok: false, code: 'upload.errors.tooLarge' };
  const head = Buffer.from(bytes.subarray(0, PDF_MAGIC.length)).toString('latin1');
  if (head !== PDF_MAGIC) return { ok: false, code: 'upload.errors.notPdf' };
  if ((await inflatedBytes(bytes, budgets.maxInflatedBytes)) > budgets.maxInflatedBytes) {
    return { ok: false, code: 'upload.errors.tooComplex' };
  }
  let pages: PageSize[];
  let formFields: FormFieldDraft[];
  try {
    const pdf = await withinTime(
      budgets.maxParseMs,
      PDFDocument.load(bytes, { updateMetadata: false, parseSpeed: 500 }),
    );
    if (pdf.isEncrypted) return { ok: false, code: 'upload.errors.encrypted' };
    const count = pdf.getPageCount();
    if (count > budgets.maxPages) {
      return { ok: false, code: 'upload.errors.tooManyPages', details: { maxPages: budgets.maxPages } };
    }
    pages = pdf.getPages().map((p) => {
      const { width, height } = p.getSize();
      return { width, height };
    });
    formFields = readFormFields(pdf, pages);
  } catch (err) {
    if (err instanceof ParseTimeout) return { ok: false, code: 'upload.errors.tooComplex' };
    // pdf-lib is compiled to ES5, so `instanceof EncryptedPDFError` may fail: also ask it directly.
    if (err instanceof EncryptedPDFError || (await isEncryptedPdf(bytes))) {
      return { ok: false, code: 'upload.errors.encrypted' };
    }
    return { ok: false, code: 'upload.errors.notPdf' };
  }
  if (pages.length === 0) return { ok: false, code: 'upload.errors.notPdf' };
  return {
    ok: true,
    pageCount: pages.length,
    pages,
    sha256: sha256Hex(bytes),
    sizeBytes: bytes.length,
    formFields,
  };
}

// --- Upload -------------------------------------------------------------------------------------

export async function createUpload(
  deps: DocumentDeps,
  user: AuthUser,
  docuId: string,
  input: UploadRequest,
): Promise<UploadResponse> {
  const doc = await ownDocument(deps, user, docuId);
  assertCan(doc, 'Upload');
  if (doc.kind === 'vcontract') {
    // A video contract has no PDF: its "upload" is the owner's recorded terms.
    throw new AppError('errors.invalidTransition', 'A video contract has no document to upload', {
      status: 409,
    });
  }
  const check = validateUpload(input, deps.maxUploadBytes);
  if (!check.ok) throw validationError(check, 'The file is refused');
  // Each form may stage up to the upload cap for minutes: a capped number per owner and per document
  // an hour (429 over it, issue #25).
  await enforceLimits(deps.limits, [
    { rule: 'uploadFormsPerOwner', key: user.sub },
    { rule: 'uploadFormsPerDocument', key: docuId },
  ]);
  // A key of its own for each form: a saved form can only ever write to this staging key, which is
  // forgotten once the upload is completed (or replaced by the next form).
  const key = newUploadKey(docuId);
  const presigned = await deps.storage.presignUpload(key, {
    contentType: 'application/pdf',
    maxBytes: deps.maxUploadBytes,
    expiresSeconds: UPLOAD_FORM_SECONDS,
  });
  await deps.docs.updateDocument(docuId, expected(doc), {
    pendingFileName: input.fileName,
    pendingUploadKey: key,
  });
  if (doc.pendingUploadKey) await deps.storage.deleteMany([doc.pendingUploadKey]);
  return presigned;
}

function uploadError(
  code: string,
  message: string,
  deps: DocumentDeps,
  details?: Record<string, number>,
): AppError {
  return new AppError(code, message, {
    status: 400,
    ...(code === 'upload.errors.tooLarge'
      ? { details: { limitMb: uploadLimitMb(deps.maxUploadBytes) } }
      : details
        ? { details }
        : {}),
  });
}

export async function completeUpload(
  deps: DocumentDeps,
  user: AuthUser,
  docuId: string,
  input: { key: string },
  facts: RequestFacts,
): Promise<DocumentView> {
  const doc = await ownDocument(deps, user, docuId);
  const key = input.key;
  if (!doc.pendingUploadKey || key !== doc.pendingUploadKey) {
    // A form already completed (or replaced by a newer one) is spent: nothing it posts is ever used.
    if (isUploadKeyOf(docuId, key)) {
      await deps.storage.deleteMany([key]);
      throw new AppError('upload.errors.expired', 'This upload form is spent or was replaced', {
        status: 409,
      });
    }
    throw new AppError('errors.badRequest', 'This is not the upload key of the document', { status: 400 });
  }
  assertCan(doc, 'Upload');

  // A refused file is removed and its form spent; an original accepted earlier stays as it was.
  const failWith = async (code: string, message: string, details?: Record<string, number>) => {
    await deps.storage.deleteMany([key]);
    await deps.docs.updateDocument(docuId, expected(doc), { pendingUploadKey: null, pendingFileName: null });
    return uploadError(code, message, deps, details);
  };

  const info = await deps.storage.head(key);
  if (!info) throw uploadError('upload.errors.missing', 'Nothing was uploaded', deps);
  if (info.size === 0) throw await failWith('upload.errors.empty', 'The file is empty');
  if (info.size > deps.maxUploadBytes)
    throw await failWith('upload.errors.tooLarge', 'The file is too large');
  const bytes = await deps.storage.getBytes(key);
  const checked = await checkPdfBytes(bytes, deps.maxUploadBytes, deps.pdfBudgets);
  if (!checked.ok) {
    throw await failWith(checked.code, `The file was refused: ${checked.code}`, checked.details);
  }

  // The checked bytes (not whatever the staging key holds later) become the original, under a key
  // no form names. Re-upload: contractors are kept, their sign areas cleared (the pages may differ).
  const fileKey = newOriginalKey(docuId);
  const stored = await deps.storage.put(fileKey, bytes, 'application/pdf');
  const pageImages = await storePageImages(deps, fileKey, bytes);
  const recipients = await deps.docs.listRecipients(docuId);
  try {
    await deps.docs.changeStatus(
      docuId,
      expected(doc),
      'Upload',
      {
        fileKey,
        fileEtag: stored.etag ?? null,
        originalFileName: doc.pendingFileName ?? 'document.pdf',
        pendingFileName: null,
        pendingUploadKey: null,
        sizeBytes: checked.sizeBytes,
        sha256: checked.sha256,
        pages: checked.pages,
        pageImages,
        formFields: checked.formFields,
        uploadedAt: new Date().toISOString(),
      },
      { putRecipients: recipients.map((r) => ({ ...r, areas: [] })) },
    );
  } catch (err) {
    await deps.storage.deleteMany([fileKey, ...pageImageKeys(fileKey, pageImages)]);
    throw err;
  }
  await deps.storage.deleteMany([
    key,
    ...(doc.fileKey ? [doc.fileKey, ...pageImageKeys(doc.fileKey, doc.pageImages ?? 0)] : []),
  ]);
  await addHistory(deps, doc, 'upload', await ownerActor(deps, user), facts);
  return view(deps, docuId);
}
