// Attachment fields (issue #27, architecture §19): the signer attaches a PDF, JPEG or PNG (≤ 10 MB,
// at most FIELD_LIMITS.attachmentsPerRecipient per contractor) with the originals' staging design
// (./original.ts, ./uploads.ts). A form is one-time and writes one staging key of its own,
// `uploads/{docuId}/attachments/{areaIndex}/{random}.{ext}`, with the declared type, within the cap,
// for minutes; it is kept on the field (`pendingAttachment`) and a new form replaces (and removes) the
// one before. The completion accepts only that key: it reads the landed bytes, checks their size and
// their first bytes against the declared type, hashes them and stores exactly those bytes under a key
// no form names, `documents/{docuId}/attachments/{recipientIndex}/{random}.{ext}`, with the declared
// content type; the staging object is removed and the form spent. A refused file is removed and its
// form spent. Everything changes only while the contractor has not answered (assertPending), by a
// write conditional on the document's version; after the agreement the file is fixed.
import { createHash, randomBytes } from 'node:crypto';
import type {
  AttachmentCompleteRequest,
  AttachmentUploadRequest,
  SignerView,
  UploadResponse,
} from '../../shared/api/schemas';
import {
  ATTACHMENT_CONTENT_TYPES,
  type AttachmentContentType,
  FIELD_LIMITS,
  fieldTypeOf,
} from '../../shared/domain/fields';
import type { RecipientRecord } from '../adapters/dynamo/documents';
import { AppError } from '../core/errors';
import { enforceLimits } from './limits';
import { UPLOAD_FORM_SECONDS } from './original';
import { withConflictRetry } from './retry';
import {
  assertPending,
  resolveSigner,
  saveOwnAreas,
  type SignerContext,
  type SigningDeps,
} from './signer-link';
import { ownField } from './signer-fields';
import { getSignerView } from './signing';
import { hashSignerToken } from './signer-tokens';

type StoredArea = NonNullable<RecipientRecord['areas']>[number];

const EXTENSIONS: Record<AttachmentContentType, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
};

const LIMIT_MB = FIELD_LIMITS.attachmentMaxBytes / (1024 * 1024);

// --- Pure checks --------------------------------------------------------------------------------

export function isAttachmentType(value: string): value is AttachmentContentType {
  return (ATTACHMENT_CONTENT_TYPES as readonly string[]).includes(value);
}

const MAGIC: Record<AttachmentContentType, readonly number[]> = {
  'application/pdf': [...Buffer.from('%PDF-', 'latin1')],
  'image/jpeg': [0xff, 0xd8, 0xff],
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
};

/** Whether the bytes begin as a file of the declared type does (PDF `%PDF-`, JPEG FF D8 FF, PNG's
 *  8-byte signature). */
export function hasMagic(bytes: Uint8Array, type: AttachmentContentType): boolean {
  const magic = MAGIC[type];
  return bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);
}

/** A new staging key of one attachment form. */
export function attachmentUploadKey(docuId: string, areaIndex: number, type: AttachmentContentType): string {
  return `uploads/${docuId}/attachments/${areaIndex}/${randomBytes(16).toString('hex')}.${EXTENSIONS[type]}`;
}

/** Whether `key` is shaped like a staging key of this document's attachment forms. */
export function isAttachmentUploadKeyOf(docuId: string, key: string): boolean {
  const prefix = `uploads/${docuId}/attachments/`;
  return key.startsWith(prefix) && /^\d+\/[0-9a-f]{32}\.(pdf|jpg|png)$/.test(key.slice(prefix.length));
}

/** A new key for a checked attachment: never a form's key, never reused. */
export function acceptedAttachmentKey(
  docuId: string,
  recipientIndex: number,
  type: AttachmentContentType,
): string {
  return `documents/${docuId}/attachments/${recipientIndex}/${randomBytes(16).toString('hex')}.${EXTENSIONS[type]}`;
}

// --- Errors -------------------------------------------------------------------------------------

function badAttachment(reason: string): AppError {
  return new AppError('fields.errors.badAttachment', `The attachment is refused: ${reason}`, {
    status: 400,
    details: { limitMb: LIMIT_MB, max: FIELD_LIMITS.attachmentsPerRecipient },
  });
}

function tooMany(): AppError {
  return new AppError('fields.errors.tooManyAttachments', 'Too many attachments', {
    status: 400,
    details: { max: FIELD_LIMITS.attachmentsPerRecipient },
  });
}

function spentForm(): AppError {
  return new AppError('upload.errors.expired', 'This attachment form is spent or was replaced', {
    status: 409,
  });
}

/** The link holder's own attachment field (else 400). */
function ownAttachmentField(ctx: SignerContext, areaIndex: number) {
  const own = ownField(ctx, areaIndex);
  const type = fieldTypeOf(own.area);
  if (type !== 'attachment') {
    throw new AppError('fields.errors.notAnAttachmentField', `Field ${areaIndex} takes no file (${type})`, {
      status: 400,
      details: { areaIndex },
    });
  }
  return own;
}

/** Files the contractor has attached, on fields other than the one at `position`. */
function attachedElsewhere(me: RecipientRecord, position: number): number {
  return (me.areas ?? []).filter((a, i) => i !== position && a.attachment).length;
}

/** The contractor's areas with the one at `position` changed by `change` (its form in force
 *  dropped first). */
function withField(
  ctx: SignerContext,
  position: number,
  change: (area: StoredArea) => StoredArea = (a) => a,
): StoredArea[] {
  const areas = [...(ctx.me.areas ?? [])];
  const { pendingAttachment, ...rest } = areas[position]!;
  void pendingAttachment;
  areas[position] = change(rest);
  return areas;
}

/** Whether `key` is the form in force of any field of the document (the link holder's or not). */
function isFormInForce(ctx: SignerContext, key: string): boolean {
  return ctx.recipients.some((r) => (r.areas ?? []).some((a) => a.pendingAttachment?.key === key));
}

// --- Use cases ----------------------------------------------------------------------------------

/** POST /api/sign/{docuId}/{token}/attachments: a one-time upload form for one attachment field. */
export async function createAttachmentForm(
  deps: SigningDeps,
  docuId: string,
  token: string,
  input: AttachmentUploadRequest,
  now = new Date(),
): Promise<UploadResponse> {
  let counted = false;
  const { key, replaced, type } = await withConflictRetry(async () => {
    const ctx = await resolveSigner(deps, docuId, token, now);
    assertPending(ctx);
    const { area, position } = ownAttachmentField(ctx, input.areaIndex);
    const declared = input.contentType.toLowerCase();
    if (!isAttachmentType(declared)) throw badAttachment(`type ${input.contentType}`);
    if (input.sizeBytes < 1 || input.sizeBytes > FIELD_LIMITS.attachmentMaxBytes) {
      throw badAttachment(`size ${input.sizeBytes}`);
    }
    if (attachedElsewhere(ctx.me, position) >= FIELD_LIMITS.attachmentsPerRecipient) throw tooMany();
    if (!counted) {
      // Each form may stage up to 10 MB for minutes: a capped number per link and per contractor.
      await enforceLimits(deps.limits, [
        { rule: 'attachmentFormsPerLink', key: hashSignerToken(token) },
        { rule: 'attachmentFormsPerSigner', key: ctx.me.contact },
      ]);
      counted = true;
    }
    const k = attachmentUploadKey(docuId, input.areaIndex, declared);
    const pendingAttachment = {
      key: k,
      fileName: input.fileName,
      contentType: declared,
      expiresAt: new Date(now.getTime() + UPLOAD_FORM_SECONDS * 1000).toISOString(),
    };
    await saveOwnAreas(
      deps,
      ctx,
      withField(ctx, position, (a) => ({ ...a, pendingAttachment })),
    );
    return { key: k, replaced: area.pendingAttachment?.key, type: declared };
  });
  // The replaced form is spent: whatever it wrote (or writes) is never accepted.
  if (replaced) await deps.storage.deleteMany([replaced]);
  return deps.storage.presignUpload(key, {
    contentType: type,
    maxBytes: FIELD_LIMITS.attachmentMaxBytes,
    expiresSeconds: UPLOAD_FORM_SECONDS,
  });
}

/** Removes a pending form of the field (after a refused file): the form is spent. */
async function spend(deps: SigningDeps, docuId: string, token: string, areaIndex: number, key: string) {
  await deps.storage.deleteMany([key]);
  await withConflictRetry(async () => {
    const ctx = await resolveSigner(deps, docuId, token);
    const { area, position } = ownField(ctx, areaIndex);
    if (area.pendingAttachment?.key !== key) return;
    await saveOwnAreas(deps, ctx, withField(ctx, position));
  });
}

/** POST /api/sign/{docuId}/{token}/attachments/complete: checks the landed file and attaches it. */
export async function completeAttachment(
  deps: SigningDeps,
  docuId: string,
  token: string,
  input: AttachmentCompleteRequest,
  now = new Date(),
): Promise<SignerView> {
  const { areaIndex, key } = input;
  const ctx = await resolveSigner(deps, docuId, token, now);
  assertPending(ctx);
  const { area, position } = ownAttachmentField(ctx, areaIndex);
  const pending = area.pendingAttachment;
  if (!pending || pending.key !== key) {
    // A spent or replaced form's key: nothing it posted is ever used. The form in force of another
    // field (this contractor's or another's) is not this field's, and is left alone.
    if (isAttachmentUploadKeyOf(docuId, key) && !isFormInForce(ctx, key)) {
      await deps.storage.deleteMany([key]);
      throw spentForm();
    }
    throw new AppError('errors.badRequest', 'This is not the upload key of the field', { status: 400 });
  }
  const fail = async (reason: string) => {
    await spend(deps, docuId, token, areaIndex, key);
    return badAttachment(reason);
  };
  const type = pending.contentType;
  if (!isAttachmentType(type)) throw await fail(`type ${type}`);
  const info = await deps.storage.head(key);
  if (!info) {
    throw new AppError('upload.errors.missing', 'Nothing was uploaded with this form', { status: 400 });
  }
  if (info.size === 0 || info.size > FIELD_LIMITS.attachmentMaxBytes) throw await fail(`size ${info.size}`);
  const bytes = await deps.storage.getBytes(key);
  if (bytes.length === 0 || bytes.length > FIELD_LIMITS.attachmentMaxBytes) {
    throw await fail(`size ${bytes.length}`);
  }
  if (!hasMagic(bytes, type)) throw await fail(`not a ${type} by its first bytes`);
  if (attachedElsewhere(ctx.me, position) >= FIELD_LIMITS.attachmentsPerRecipient) {
    await spend(deps, docuId, token, areaIndex, key);
    throw tooMany();
  }

  // The checked bytes (not whatever the staging key holds later) become the attachment, under a key
  // no form names, stored with the declared type.
  const attachment = {
    key: acceptedAttachmentKey(docuId, ctx.me.index, type),
    fileName: pending.fileName,
    contentType: type,
    sizeBytes: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
  await deps.storage.put(attachment.key, bytes, type);
  let replaced: string | undefined;
  // The first attempt writes against the context read above; a conflict reads it again.
  let read: SignerContext | undefined = ctx;
  try {
    replaced = await withConflictRetry(async () => {
      const c = read ?? (await resolveSigner(deps, docuId, token, now));
      read = undefined;
      assertPending(c);
      const own = ownAttachmentField(c, areaIndex);
      if (own.area.pendingAttachment?.key !== key) throw spentForm();
      if (attachedElsewhere(c.me, own.position) >= FIELD_LIMITS.attachmentsPerRecipient) throw tooMany();
      const filled = { attachment, signed: true, filledAt: now.toISOString() };
      await saveOwnAreas(
        deps,
        c,
        withField(c, own.position, (a) => ({ ...a, ...filled })),
      );
      return own.area.attachment?.key;
    });
  } catch (err) {
    await deps.storage.deleteMany([attachment.key]);
    throw err;
  }
  // The form is spent; a file replaced by this one is no longer anyone's.
  await deps.storage.deleteMany([key, ...(replaced ? [replaced] : [])]);
  return getSignerView(deps, docuId, token);
}

/** DELETE /api/sign/{docuId}/{token}/attachments/{areaIndex}: the signer removes their file. */
export async function deleteAttachment(
  deps: SigningDeps,
  docuId: string,
  token: string,
  areaIndex: number,
  now = new Date(),
): Promise<SignerView> {
  const removed = await withConflictRetry(async () => {
    const ctx = await resolveSigner(deps, docuId, token, now);
    assertPending(ctx);
    const { area, position } = ownAttachmentField(ctx, areaIndex);
    if (!area.attachment) return undefined;
    const areas = [...(ctx.me.areas ?? [])];
    const { attachment, ...rest } = area;
    void attachment;
    areas[position] = { ...rest, signed: false, filledAt: now.toISOString() };
    await saveOwnAreas(deps, ctx, areas);
    return area.attachment.key;
  });
  if (removed) await deps.storage.deleteMany([removed]);
  return getSignerView(deps, docuId, token);
}
