// Attachment fields (issue #27) against an in-memory repository and store: the form is the field's own
// and one at a time, the count cap and the rate limits hold, the completion accepts only the form in
// force and only bytes of the declared type, and stores exactly those bytes under documents/.
import { createHash } from 'node:crypto';
import type { DocumentRecord, RecipientRecord } from '../../../../lambdas/adapters/dynamo/documents';
import type { UserRecord } from '../../../../lambdas/adapters/dynamo/repository';
import { isAppError } from '../../../../lambdas/core/errors';
import type { ObjectStorage } from '../../../../lambdas/ports';
import {
  completeAttachment,
  createAttachmentForm,
  deleteAttachment,
} from '../../../../lambdas/usecases/signer-attachments';
import type { SigningDeps } from '../../../../lambdas/usecases/signer-link';
import { hashSignerToken } from '../../../../lambdas/usecases/signer-tokens';
import { FIELD_LIMITS } from '../../../../shared/domain/fields';
import { InMemoryDocuments, nullStorage } from '../fakes';
import { memoryLimits } from '../rate-limiter-fake';

const box = { pageIndex: 0, x: 10, y: 10, width: 100, height: 30, signed: false };
const attachmentField = { ...box, type: 'attachment', required: true };

function setup(areas: RecipientRecord['areas'] = [attachmentField, { ...box, type: 'text' }]) {
  const mem = new InMemoryDocuments();
  const objects = new Map<string, { bytes: Uint8Array; type: string }>();
  const storage: ObjectStorage = {
    ...nullStorage,
    head: async (key) => {
      const o = objects.get(key);
      if (o) return { size: o.bytes.length, contentType: o.type };
      // The original the signer view checks.
      return key === 'documents/doc1/original.pdf' ? { size: 0, contentType: 'application/pdf' } : null;
    },
    getBytes: async (key) => objects.get(key)?.bytes ?? new Uint8Array(),
    put: async (key, body, type) => {
      objects.set(key, { bytes: typeof body === 'string' ? Buffer.from(body) : body, type });
      return {};
    },
    deleteMany: async (keys) => {
      for (const k of keys) objects.delete(k);
    },
  };
  const deps: SigningDeps = {
    docs: mem,
    signers: mem,
    signs: mem,
    users: { getById: async () => ({ userId: 'o', email: 'o@example.com', name: 'O' }) as UserRecord },
    storage,
    queue: { check: async () => undefined, enqueue: async () => ({ messageId: '1' }) },
    limits: memoryLimits({ attachmentFormsPerLink: { limit: 3 } }),
    maxUploadBytes: 50_000_000,
    englishPhoneCountry: 'US',
    appUrl: 'https://app.example.com',
  };
  const at = new Date().toISOString();
  mem.docs.set('doc1', {
    docuId: 'doc1',
    id4: 'doc1',
    ownerId: 'o',
    kind: 'esign',
    status: 'Agree',
    fileKey: 'documents/doc1/original.pdf',
    pages: [{ width: 595, height: 842 }],
    createdAt: at,
    updatedAt: at,
    version: 1,
  } as DocumentRecord);
  const row = (index: number, contact: string, rowAreas: RecipientRecord['areas']): RecipientRecord => ({
    docuId: 'doc1',
    index,
    name: `Signer ${index}`,
    contact,
    method: 'email',
    isOwner: false,
    agreement: 0,
    areas: rowAreas,
    tokenHash: hashSignerToken(`tok${index}`),
  });
  mem.recipients.set('doc1', [row(0, 'a@example.com', areas), row(1, 'b@example.com', [attachmentField])]);
  for (const index of [0, 1]) {
    mem.tokens.set(hashSignerToken(`tok${index}`), {
      tokenHash: hashSignerToken(`tok${index}`),
      docuId: 'doc1',
      recipientIndex: index,
      createdAt: at,
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      ttl: 0,
    });
  }
  const stored = (index = 0) => mem.recipients.get('doc1')!.find((r) => r.index === index)!.areas!;
  return { mem, deps, objects, stored };
}

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (err) {
    if (isAppError(err)) return { code: err.code, status: err.status, details: err.details };
    throw err;
  }
  throw new Error('not refused');
}

const pdf = new TextEncoder().encode('%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n');
const file = { fileName: 'id.pdf', contentType: 'application/pdf', sizeBytes: pdf.length };

describe('attachment forms', () => {
  it("signs a form for the signer's own attachment field only, with a declared type and size", async () => {
    const { deps, stored } = setup();
    const form = await createAttachmentForm(deps, 'doc1', 'tok0', { areaIndex: 0, ...file });
    expect(form.key).toMatch(/^uploads\/doc1\/attachments\/0\/[0-9a-f]{32}\.pdf$/);
    expect(stored()[0]!.pendingAttachment).toMatchObject({ key: form.key, fileName: 'id.pdf' });
    expect(
      await refusal(createAttachmentForm(deps, 'doc1', 'tok0', { areaIndex: 1, ...file })),
    ).toMatchObject({
      code: 'fields.errors.notAnAttachmentField',
      status: 400,
    });
    expect(
      await refusal(createAttachmentForm(deps, 'doc1', 'tok0', { areaIndex: 2, ...file })),
    ).toMatchObject({
      code: 'fields.errors.notYourField',
      details: { areaIndex: 2 },
    });
    const gif = { ...file, contentType: 'image/gif' };
    expect(await refusal(createAttachmentForm(deps, 'doc1', 'tok0', { areaIndex: 0, ...gif }))).toMatchObject(
      {
        code: 'fields.errors.badAttachment',
      },
    );
    const big = { ...file, sizeBytes: FIELD_LIMITS.attachmentMaxBytes + 1 };
    expect(await refusal(createAttachmentForm(deps, 'doc1', 'tok0', { areaIndex: 0, ...big }))).toMatchObject(
      {
        code: 'fields.errors.badAttachment',
      },
    );
  });

  it('counts forms per link (429 upload.errors.tooManyForms) and replaces the form in force', async () => {
    const { deps, objects, stored } = setup();
    const first = await createAttachmentForm(deps, 'doc1', 'tok0', { areaIndex: 0, ...file });
    objects.set(first.key, { bytes: pdf, type: 'application/pdf' });
    const second = await createAttachmentForm(deps, 'doc1', 'tok0', { areaIndex: 0, ...file });
    expect(objects.has(first.key)).toBe(false);
    expect(stored()[0]!.pendingAttachment?.key).toBe(second.key);
    // The replaced form is spent.
    expect(
      await refusal(completeAttachment(deps, 'doc1', 'tok0', { areaIndex: 0, key: first.key })),
    ).toMatchObject({ code: 'upload.errors.expired', status: 409 });
    await createAttachmentForm(deps, 'doc1', 'tok0', { areaIndex: 0, ...file });
    expect(
      await refusal(createAttachmentForm(deps, 'doc1', 'tok0', { areaIndex: 0, ...file })),
    ).toMatchObject({
      code: 'upload.errors.tooManyForms',
      status: 429,
    });
  });

  it('caps the files of one contractor', async () => {
    const areas = Array.from({ length: FIELD_LIMITS.attachmentsPerRecipient + 1 }, (_, i) => ({
      ...attachmentField,
      ...(i < FIELD_LIMITS.attachmentsPerRecipient
        ? {
            signed: true,
            attachment: {
              key: `documents/doc1/attachments/0/${i}.pdf`,
              fileName: 'f.pdf',
              contentType: 'application/pdf',
              sizeBytes: 1,
              sha256: 'x',
            },
          }
        : {}),
    }));
    const { deps } = setup(areas);
    const last = FIELD_LIMITS.attachmentsPerRecipient;
    expect(
      await refusal(createAttachmentForm(deps, 'doc1', 'tok0', { areaIndex: last, ...file })),
    ).toMatchObject({
      code: 'fields.errors.tooManyAttachments',
      details: { max: FIELD_LIMITS.attachmentsPerRecipient },
    });
    // Replacing a file already attached is not one more.
    expect((await createAttachmentForm(deps, 'doc1', 'tok0', { areaIndex: 0, ...file })).key).toMatch(
      /^uploads\//,
    );
  });
});

describe('attachment completion', () => {
  it('stores exactly the checked bytes under documents/ with their SHA-256, and spends the form', async () => {
    const { deps, objects, stored } = setup();
    const form = await createAttachmentForm(deps, 'doc1', 'tok0', { areaIndex: 0, ...file });
    expect(
      await refusal(completeAttachment(deps, 'doc1', 'tok0', { areaIndex: 0, key: form.key })),
    ).toMatchObject({
      code: 'upload.errors.missing',
    });
    objects.set(form.key, { bytes: pdf, type: 'text/plain' });
    const view = await completeAttachment(deps, 'doc1', 'tok0', { areaIndex: 0, key: form.key });
    const sha256 = createHash('sha256').update(pdf).digest('hex');
    expect(view.recipients[0]!.areas[0]).toMatchObject({
      signed: true,
      attachment: { fileName: 'id.pdf', contentType: 'application/pdf', sizeBytes: pdf.length, sha256 },
    });
    const area = stored()[0]!;
    expect(area.pendingAttachment).toBeUndefined();
    expect(area.attachment!.key).toMatch(/^documents\/doc1\/attachments\/0\/[0-9a-f]{32}\.pdf$/);
    expect(objects.get(area.attachment!.key)).toEqual({ bytes: pdf, type: 'application/pdf' });
    expect(objects.has(form.key)).toBe(false);
    expect(
      await refusal(completeAttachment(deps, 'doc1', 'tok0', { areaIndex: 0, key: form.key })),
    ).toMatchObject({
      code: 'upload.errors.expired',
    });
    expect(
      await refusal(
        completeAttachment(deps, 'doc1', 'tok0', { areaIndex: 0, key: 'documents/doc1/original.pdf' }),
      ),
    ).toMatchObject({ code: 'errors.badRequest', status: 400 });

    // Removed while pending: the object goes, the field is empty again.
    const removed = await deleteAttachment(deps, 'doc1', 'tok0', 0);
    expect(removed.recipients[0]!.areas[0]).toMatchObject({ signed: false });
    expect(removed.recipients[0]!.areas[0]).not.toHaveProperty('attachment');
    expect(objects.has(area.attachment!.key)).toBe(false);
  });

  it("refuses another field's form in force (another contractor's too) and leaves its file alone", async () => {
    const { deps, objects, stored } = setup();
    const theirs = await createAttachmentForm(deps, 'doc1', 'tok1', { areaIndex: 2, ...file });
    objects.set(theirs.key, { bytes: pdf, type: 'application/pdf' });
    await createAttachmentForm(deps, 'doc1', 'tok0', { areaIndex: 0, ...file });
    expect(
      await refusal(completeAttachment(deps, 'doc1', 'tok0', { areaIndex: 0, key: theirs.key })),
    ).toMatchObject({ code: 'errors.badRequest', status: 400 });
    expect(objects.has(theirs.key)).toBe(true);
    expect(stored(1)[0]!.pendingAttachment?.key).toBe(theirs.key);
    const view = await completeAttachment(deps, 'doc1', 'tok1', { areaIndex: 2, key: theirs.key });
    expect(view.recipients[1]!.areas[0]).toMatchObject({ signed: true, attachment: { fileName: 'id.pdf' } });
  });

  it('refuses bytes that are not of the declared type, removes them and spends the form', async () => {
    const { deps, objects, stored } = setup();
    const form = await createAttachmentForm(deps, 'doc1', 'tok0', { areaIndex: 0, ...file });
    objects.set(form.key, {
      bytes: new TextEncoder().encode('<html>not a pdf</html>'),
      type: 'application/pdf',
    });
    expect(
      await refusal(completeAttachment(deps, 'doc1', 'tok0', { areaIndex: 0, key: form.key })),
    ).toMatchObject({
      code: 'fields.errors.badAttachment',
      status: 400,
    });
    expect(objects.has(form.key)).toBe(false);
    expect(stored()[0]!.pendingAttachment).toBeUndefined();
    expect(stored()[0]!.attachment).toBeUndefined();
  });

  it('changes nothing once the contractor has agreed', async () => {
    const { deps, mem } = setup();
    const form = await createAttachmentForm(deps, 'doc1', 'tok0', { areaIndex: 0, ...file });
    const rows = mem.recipients.get('doc1')!;
    mem.recipients.set(
      'doc1',
      rows.map((r) => (r.index === 0 ? { ...r, agreement: 1 } : r)),
    );
    const calls = [
      () => createAttachmentForm(deps, 'doc1', 'tok0', { areaIndex: 0, ...file }),
      () => completeAttachment(deps, 'doc1', 'tok0', { areaIndex: 0, key: form.key }),
      () => deleteAttachment(deps, 'doc1', 'tok0', 0),
    ];
    for (const call of calls) {
      expect(await refusal(call())).toMatchObject({ code: 'signing.alreadyAgreed', status: 409 });
    }
  });
});
