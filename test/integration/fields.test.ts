// Field types on contracts (issue #27 item 1, server side) through the local gateway, against the real
// emulators: the owner places fields of every type (settings checked, the owner's own fields
// pre-filled), a signer fills values (checked by type), attaches real files through one-time presigned
// forms (bytes checked at completion), cannot agree while a required field is empty, and the
// agreement fills the date-signed field and fixes every value.
import { createHash } from 'node:crypto';
import { documentDeps } from '../../lambdas/deps';
import { api } from '../support/cloud-client';
import { makePng } from '../support/png';
import {
  createDocument,
  makePdf,
  newOwner,
  sendTwoContractorDocument,
  uploadPdf,
  type UploadForm,
} from '../support/documents';

const signPath = (docuId: string, token: string, rest = '') => `/api/sign/${docuId}/${token}${rest}`;
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const box = (recipientIndex: number, row: number) => ({
  recipientIndex,
  pageIndex: 0,
  x: 50,
  y: 20 + row * 50,
  width: 120,
  height: 40,
});

/** Contractor 0 (e-mail) has one field of every type; contractor 1 (SMS) a signature and a
 *  pre-filled text. The position in this list is the field's document-wide areaIndex. */
const FIELDS = [
  { ...box(0, 0), type: 'signature' },
  { ...box(0, 1), type: 'name', required: true, label: 'Full name' },
  { ...box(0, 2), type: 'dateSigned' },
  { ...box(0, 3), type: 'text', required: true, maxLength: 10, placeholder: 'Code' },
  { ...box(0, 4), type: 'text', multiline: true, label: 'Notes' },
  { ...box(0, 5), type: 'number', required: true },
  { ...box(0, 6), type: 'date', required: true },
  { ...box(0, 7), type: 'checkbox', required: true, label: 'I have read clause 4' },
  { ...box(0, 8), type: 'radio', required: true, options: ['Monthly', 'Yearly'] },
  { ...box(0, 9), type: 'dropdown', options: ['Tokyo', 'Seoul', 'London'] },
  { ...box(0, 10), type: 'attachment', required: true, label: 'ID card' },
  { ...box(0, 11), type: 'strikethrough' },
  { ...box(0, 12), type: 'stamp', required: false },
  { ...box(0, 13), type: 'initials', required: false },
  { ...box(0, 14), type: 'attachment', label: 'Extra' },
  { ...box(1, 0), type: 'signature' },
  { ...box(1, 1), type: 'text', required: true, value: 'Prefilled' },
];
const AT = {
  signature: 0,
  name: 1,
  dateSigned: 2,
  code: 3,
  notes: 4,
  number: 5,
  date: 6,
  checkbox: 7,
  radio: 8,
  dropdown: 9,
  attachment: 10,
  strike: 11,
  stamp: 12,
  initials: 13,
  extra: 14,
  otherSignature: 15,
  otherText: 16,
};

const fill = (docuId: string, token: string, values: { areaIndex: number; value: string }[]) =>
  api(signPath(docuId, token, '/fields'), { method: 'PUT', body: { values } });

const agree = (docuId: string, token: string) =>
  api(signPath(docuId, token, '/agree'), { method: 'POST', body: { lang: 'en' } });

/** Posts bytes to a presigned form as a browser would (the form fixes the content type). */
function postForm(upload: UploadForm, bytes: Uint8Array, fileName: string, type: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries(upload.fields)) form.append(k, v);
  form.append('file', new Blob([bytes as BlobPart], { type }), fileName);
  return fetch(upload.url, { method: 'POST', body: form });
}

async function attachmentForm(
  docuId: string,
  token: string,
  areaIndex: number,
  file: { fileName: string; contentType: string; sizeBytes: number },
) {
  return api(signPath(docuId, token, '/attachments'), { method: 'POST', body: { areaIndex, ...file } });
}

/** Form → POST the bytes → complete; answers the completion. */
async function attach(
  docuId: string,
  token: string,
  areaIndex: number,
  bytes: Uint8Array,
  fileName: string,
  contentType: string,
) {
  const form = await attachmentForm(docuId, token, areaIndex, {
    fileName,
    contentType,
    sizeBytes: bytes.length,
  });
  expect(form.status).toBe(200);
  expect(form.body.key).toMatch(new RegExp(`^uploads/${docuId}/attachments/${areaIndex}/[0-9a-f]{32}\\.`));
  expect((await postForm(form.body, bytes, fileName, contentType)).status).toBeLessThan(300);
  const done = await api(signPath(docuId, token, '/attachments/complete'), {
    method: 'POST',
    body: { areaIndex, key: form.body.key },
  });
  return Object.assign(done, { form: form.body as UploadForm });
}

const storedAreas = async (docuId: string, index: number) =>
  (await documentDeps().docs.listRecipients(docuId)).find((r) => r.index === index)!.areas ?? [];

describe('field settings (the owner places fields)', () => {
  it("checks each field's settings with its row, and the owner's own required fields must be pre-filled", async () => {
    const owner = await newOwner();
    const docuId = await createDocument(owner);
    expect((await uploadPdf(owner, docuId)).status).toBe(200);
    const rcpt = await api(`/api/documents/${docuId}/recipients`, {
      method: 'PUT',
      token: owner.token,
      body: {
        recipients: [
          { name: 'Alex Owner', contact: owner.email },
          { name: 'Other Party', contact: 'other-party@example.com' },
        ],
        finalRecipients: [],
        lang: 'en',
      },
    });
    expect(rcpt.status).toBe(200);
    expect(rcpt.body.recipients[0].isOwner).toBe(true);
    const save = (areas: unknown[]) =>
      api(`/api/documents/${docuId}/areas`, { method: 'PUT', token: owner.token, body: { areas } });
    const cases: [Record<string, unknown>, string, Record<string, unknown>][] = [
      [{ type: 'radio', options: ['Only one'] }, 'fields.errors.badOptions', { min: 2, max: 30 }],
      [{ type: 'dropdown', options: ['Same', 'Same '] }, 'fields.errors.badOptions', {}],
      [{ type: 'number', maxLength: 5 }, 'fields.errors.badMaxLength', { max: 2000 }],
      [{ type: 'attachment', value: 'x' }, 'fields.errors.noPrefill', {}],
      [{ type: 'number', value: '12abc' }, 'fields.errors.notANumber', {}],
      [{ type: 'date', value: '2026-02-30' }, 'fields.errors.notADate', {}],
      [{ type: 'text', options: ['a', 'b'] }, 'fields.errors.badOptions', {}],
    ];
    for (const [settings, code, values] of cases) {
      const res = await save([box(0, 0), { ...box(1, 0), type: 'signature' }, { ...box(1, 1), ...settings }]);
      expect({ settings, status: res.status, code: res.body.error?.code }).toEqual({
        settings,
        status: 400,
        code,
      });
      expect(res.body.error.details).toMatchObject({ ...values, row: 2 });
    }
    // An owner's required value field without a value: the owner agrees at sending, so it is refused.
    const unfilled = await save([box(0, 0), { ...box(0, 1), type: 'text', required: true }, box(1, 0)]);
    expect(unfilled.status).toBe(400);
    expect(unfilled.body.error.code).toBe('fields.errors.ownerMustPrefill');
    expect(unfilled.body.error.details).toEqual({ row: 1 });
    const attachmentForOwner = await save([
      box(0, 0),
      { ...box(0, 1), type: 'attachment', required: true },
      box(1, 0),
    ]);
    expect(attachmentForOwner.body.error.code).toBe('fields.errors.ownerMustPrefill');

    const ok = await save([
      box(0, 0),
      { ...box(0, 1), type: 'text', required: true, value: 'Acme Ltd.' },
      { ...box(0, 2), type: 'dateSigned' },
      { ...box(0, 3), type: 'checkbox' },
      { ...box(1, 0), type: 'initials' },
      { ...box(1, 1), type: 'dropdown', required: true, options: [' A ', 'B'], value: 'B' },
      { ...box(1, 2), type: 'text', label: 'Notes' },
    ]);
    expect(ok.status).toBe(200);
    const [mine, theirs] = ok.body.recipients;
    expect(mine.areas).toEqual([
      expect.objectContaining({ type: 'signature', required: true, signed: true }),
      expect.objectContaining({ type: 'text', required: true, value: 'Acme Ltd.', signed: true }),
      expect.objectContaining({ type: 'dateSigned', required: false, signed: false }),
      expect.objectContaining({ type: 'checkbox', required: false, signed: false }),
    ]);
    expect(theirs.areas).toEqual([
      expect.objectContaining({ type: 'initials', required: true, signed: false }),
      expect.objectContaining({ type: 'dropdown', options: ['A', 'B'], value: 'B', signed: true }),
      expect.objectContaining({ type: 'text', label: 'Notes', required: false, signed: false }),
    ]);
    expect(theirs.areas[2]).not.toHaveProperty('value');
    expect(theirs.areas[2]).not.toHaveProperty('maxLength');
  });
});

describe('a signer fills fields', () => {
  it('fills values by type, attaches checked files, cannot agree while a required field is empty, and the agreement fixes everything', async () => {
    const areas = FIELDS;
    const s = await sendTwoContractorDocument({ areas });
    const view = await api(signPath(s.docuId, s.mailToken));
    expect(view.status).toBe(200);
    const my = view.body.recipients[0].areas;
    expect(my.map((a: { type: string }) => a.type)).toEqual(FIELDS.slice(0, 15).map((f) => f.type));
    expect(my[AT.code]).toMatchObject({
      areaIndex: AT.code,
      required: true,
      maxLength: 10,
      placeholder: 'Code',
    });
    expect(my[AT.radio]).toMatchObject({ options: ['Monthly', 'Yearly'], signed: false });
    // Another contractor's field shows whether it is filled, never its value.
    const theirs = view.body.recipients[1].areas[1];
    expect(theirs).toMatchObject({ areaIndex: AT.otherText, type: 'text', signed: true });
    expect(theirs).not.toHaveProperty('value');
    const phoneView = await api(signPath(s.docuId, s.smsToken));
    expect(phoneView.body.recipients[1].areas[1]).toMatchObject({ value: 'Prefilled', signed: true });

    // Bad values: each refused with its own key and the values its message needs.
    const bad: [number, string, string, Record<string, unknown>][] = [
      [AT.number, 'twelve', 'fields.errors.notANumber', {}],
      [AT.number, '1e5', 'fields.errors.notANumber', {}],
      [AT.date, '2026-02-30', 'fields.errors.notADate', {}],
      [AT.date, '2026/03/01', 'fields.errors.notADate', {}],
      [AT.code, 'ABCDEFGHIJK', 'fields.errors.tooLong', { max: 10 }],
      [AT.code, 'two\nlines', 'fields.errors.oneLine', {}],
      [AT.radio, 'Weekly', 'fields.errors.badChoice', {}],
      [AT.checkbox, 'yes', 'fields.errors.badChoice', {}],
      [AT.dropdown, 'Paris', 'fields.errors.badChoice', {}],
      [AT.signature, 'Alex', 'fields.errors.notAValueField', {}],
      [AT.attachment, 'file.pdf', 'fields.errors.notAValueField', {}],
      [AT.dateSigned, '2026-01-01', 'fields.errors.notAValueField', {}],
      [AT.otherText, 'Mine now', 'fields.errors.notYourField', {}],
      [999, 'x', 'fields.errors.notYourField', {}],
    ];
    for (const [areaIndex, value, code, values] of bad) {
      const res = await fill(s.docuId, s.mailToken, [{ areaIndex, value }]);
      expect({ areaIndex, value, status: res.status, code: res.body.error?.code }).toEqual({
        areaIndex,
        value,
        status: 400,
        code,
      });
      expect(res.body.error.details).toEqual({ ...values, areaIndex });
    }
    // A refused value in a batch changes nothing of the batch.
    const mixed = await fill(s.docuId, s.mailToken, [
      { areaIndex: AT.name, value: 'Mail Signer' },
      { areaIndex: AT.number, value: 'NaN' },
    ]);
    expect(mixed.status).toBe(400);
    expect((await storedAreas(s.docuId, 0))[AT.name]).not.toHaveProperty('value');

    // Signs go on sign fields only.
    const sign = await api(signPath(s.docuId, s.mailToken, '/signs'), {
      method: 'POST',
      body: { image: b64(makePng(60, 30)) },
    });
    expect(sign.status).toBe(201);
    const signOnText = await api(signPath(s.docuId, s.mailToken, '/areas'), {
      method: 'PUT',
      body: { signs: [{ areaIndex: AT.code, signId: sign.body.signId }] },
    });
    expect(signOnText.status).toBe(400);
    expect(signOnText.body.error.code).toBe('fields.errors.notASignField');

    // Nothing filled: every empty required field is named by its areaIndex.
    const early = await agree(s.docuId, s.mailToken);
    expect(early.status).toBe(400);
    expect(early.body.error.code).toBe('fields.errors.requiredFields');
    expect(early.body.error.details).toEqual({
      count: 8,
      areaIndexes: [AT.signature, AT.name, AT.code, AT.number, AT.date, AT.checkbox, AT.radio, AT.attachment],
    });

    const good = await fill(s.docuId, s.mailToken, [
      { areaIndex: AT.name, value: 'Mail Signer' },
      { areaIndex: AT.code, value: 'ＡＢＣ-1234' },
      { areaIndex: AT.notes, value: 'Line one\nLine two' },
      { areaIndex: AT.number, value: '-12.5' },
      { areaIndex: AT.date, value: '2028-02-29' },
      { areaIndex: AT.checkbox, value: 'true' },
      { areaIndex: AT.radio, value: 'Yearly' },
      { areaIndex: AT.dropdown, value: 'Seoul' },
      { areaIndex: AT.strike, value: 'true' },
    ]);
    expect(good.status).toBe(200);
    const filled = good.body.recipients[0].areas;
    expect(filled[AT.code]).toMatchObject({ value: 'ＡＢＣ-1234', signed: true });
    expect(filled[AT.notes]).toMatchObject({ value: 'Line one\nLine two', signed: true });
    expect(filled[AT.date]).toMatchObject({ value: '2028-02-29', signed: true });
    expect(Date.parse(filled[AT.radio].filledAt)).toBeGreaterThan(Date.now() - 60_000);
    // '' clears a value (an optional field may stay empty).
    const cleared = await fill(s.docuId, s.mailToken, [{ areaIndex: AT.dropdown, value: '' }]);
    expect(cleared.body.recipients[0].areas[AT.dropdown]).toMatchObject({ value: '', signed: false });

    // Attachments: the field's own form only, a real type within the cap.
    const file = { fileName: 'id.pdf', contentType: 'application/pdf', sizeBytes: 1000 };
    const notAttachment = await attachmentForm(s.docuId, s.mailToken, AT.code, file);
    expect(notAttachment.status).toBe(400);
    expect(notAttachment.body.error.code).toBe('fields.errors.notAnAttachmentField');
    const others = await attachmentForm(s.docuId, s.smsToken, AT.attachment, file);
    expect(others.status).toBe(400);
    expect(others.body.error.code).toBe('fields.errors.notYourField');
    const gif = await attachmentForm(s.docuId, s.mailToken, AT.attachment, {
      ...file,
      contentType: 'image/gif',
    });
    expect(gif.status).toBe(400);
    expect(gif.body.error.code).toBe('fields.errors.badAttachment');
    const huge = await attachmentForm(s.docuId, s.mailToken, AT.attachment, {
      ...file,
      sizeBytes: 10 * 1024 * 1024 + 1,
    });
    expect(huge.status).toBe(400);
    expect(huge.body.error.code).toBe('fields.errors.badAttachment');

    // A fake PDF (wrong first bytes) is refused at completion, removed, and its form spent.
    const fake = new TextEncoder().encode('This is not a PDF at all, only some text.');
    const refused = await attach(s.docuId, s.mailToken, AT.attachment, fake, 'fake.pdf', 'application/pdf');
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('fields.errors.badAttachment');
    expect(await documentDeps().storage.head(refused.form.key)).toBeNull();
    const again = await api(signPath(s.docuId, s.mailToken, '/attachments/complete'), {
      method: 'POST',
      body: { areaIndex: AT.attachment, key: refused.form.key },
    });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('upload.errors.expired');
    // A form beyond its cap is refused by the store itself.
    const small = await attachmentForm(s.docuId, s.mailToken, AT.attachment, file);
    const over = Buffer.alloc(10 * 1024 * 1024 + 10);
    Buffer.from('%PDF-1.7\n').copy(over);
    expect((await postForm(small.body, over, 'big.pdf', 'application/pdf')).status).toBeGreaterThanOrEqual(
      400,
    );

    // A real PDF: checked, stored under documents/ with its type, the staging copy removed.
    const pdf = await makePdf();
    const attached = await attach(
      s.docuId,
      s.mailToken,
      AT.attachment,
      pdf,
      'ID card.pdf',
      'application/pdf',
    );
    expect(attached.status).toBe(200);
    expect(attached.body.recipients[0].areas[AT.attachment]).toMatchObject({
      signed: true,
      attachment: {
        fileName: 'ID card.pdf',
        contentType: 'application/pdf',
        sizeBytes: pdf.length,
        sha256: sha256(pdf),
      },
    });
    expect(JSON.stringify(attached.body.recipients)).not.toContain('documents/');
    const stored = (await storedAreas(s.docuId, 0))[AT.attachment]!;
    expect(stored.attachment?.key).toMatch(
      new RegExp(`^documents/${s.docuId}/attachments/0/[0-9a-f]{32}\\.pdf$`),
    );
    expect(stored).not.toHaveProperty('pendingAttachment');
    const head = await documentDeps().storage.head(stored.attachment!.key);
    expect(head).toMatchObject({ size: pdf.length, contentType: 'application/pdf' });
    expect(sha256(await documentDeps().storage.getBytes(stored.attachment!.key))).toBe(sha256(pdf));
    expect(await documentDeps().storage.head(attached.form.key)).toBeNull();
    // The spent form: completing it again is refused, and posting with it again is never used.
    const replay = await api(signPath(s.docuId, s.mailToken, '/attachments/complete'), {
      method: 'POST',
      body: { areaIndex: AT.attachment, key: attached.form.key },
    });
    expect(replay.status).toBe(409);

    // A PNG on the optional field, then removed.
    const png = makePng(80, 40);
    const pngDone = await attach(s.docuId, s.mailToken, AT.extra, png, 'photo.png', 'image/png');
    expect(pngDone.status).toBe(200);
    expect(pngDone.body.recipients[0].areas[AT.extra].attachment).toMatchObject({
      contentType: 'image/png',
      sha256: sha256(png),
    });
    const pngKey = (await storedAreas(s.docuId, 0))[AT.extra]!.attachment!.key;
    expect(pngKey).toMatch(/\.png$/);
    const removed = await api(signPath(s.docuId, s.mailToken, `/attachments/${AT.extra}`), {
      method: 'DELETE',
    });
    expect(removed.status).toBe(200);
    expect(removed.body.recipients[0].areas[AT.extra]).toMatchObject({ signed: false });
    expect(removed.body.recipients[0].areas[AT.extra]).not.toHaveProperty('attachment');
    expect(await documentDeps().storage.head(pngKey)).toBeNull();
    // A PNG declared as a JPEG is refused by its first bytes.
    const jpegLie = await attach(s.docuId, s.mailToken, AT.extra, png, 'photo.jpg', 'image/jpeg');
    expect(jpegLie.status).toBe(400);
    expect(jpegLie.body.error.code).toBe('fields.errors.badAttachment');

    // Only the sign is missing now: the earlier answer for unsigned areas.
    const unsigned = await agree(s.docuId, s.mailToken);
    expect(unsigned.status).toBe(400);
    expect(unsigned.body.error.code).toBe('signing.errors.unsignedAreas');
    expect(unsigned.body.error.details).toEqual({ unsigned: 1 });
    const signed = await api(signPath(s.docuId, s.mailToken, '/areas'), {
      method: 'PUT',
      body: { signs: [{ areaIndex: AT.signature, signId: sign.body.signId }] },
    });
    expect(signed.status).toBe(200);
    expect(signed.body.recipients[0].areas[AT.signature].filledAt).toEqual(expect.any(String));

    // Optional fields (notes, dropdown, stamp, initials, extra attachment) never block.
    const before = Date.now();
    const agreed = await agree(s.docuId, s.mailToken);
    expect(agreed.status).toBe(200);
    expect(agreed.body).toEqual({ status: 'Agree', agreement: 1 });
    const doc = await api(`/api/documents/${s.docuId}`, { token: s.owner.token });
    const dateSigned = doc.body.recipients[0].areas[AT.dateSigned];
    expect(dateSigned).toMatchObject({ type: 'dateSigned', signed: true });
    expect(Date.parse(dateSigned.value)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(dateSigned.value)).toBeLessThanOrEqual(Date.now() + 1000);
    expect(dateSigned.filledAt).toBe(dateSigned.value);
    expect(doc.body.recipients[0].areas[AT.radio]).toMatchObject({ value: 'Yearly' });

    // After the agreement nothing changes any more.
    const late = await fill(s.docuId, s.mailToken, [{ areaIndex: AT.name, value: 'Someone else' }]);
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('signing.alreadyAgreed');
    const lateForm = await attachmentForm(s.docuId, s.mailToken, AT.extra, file);
    expect(lateForm.status).toBe(409);
    const lateDelete = await api(signPath(s.docuId, s.mailToken, `/attachments/${AT.attachment}`), {
      method: 'DELETE',
    });
    expect(lateDelete.status).toBe(409);
    expect((await storedAreas(s.docuId, 0))[AT.name]).toMatchObject({ value: 'Mail Signer' });

    // The other contractor: a pre-filled required text counts as filled; they may change it.
    const changed = await fill(s.docuId, s.smsToken, [{ areaIndex: AT.otherText, value: 'Changed' }]);
    expect(changed.status).toBe(200);
    const emptied = await fill(s.docuId, s.smsToken, [{ areaIndex: AT.otherText, value: '' }]);
    expect(emptied.body.recipients[1].areas[1]).toMatchObject({ signed: false });
    const blocked = await agree(s.docuId, s.smsToken);
    expect(blocked.body.error).toMatchObject({
      code: 'fields.errors.requiredFields',
      details: { count: 2, areaIndexes: [AT.otherSignature, AT.otherText] },
    });
  });
});
