// The e-sign creation funnel (issue #4) through the local gateway, against the real emulators:
// create → presigned upload → server-side check → contractors → sign areas → terms → send.
import { createHash, randomUUID } from 'node:crypto';
import { PDFDocument, PDFName } from 'pdf-lib';
import { getDeps, documentDeps } from '../../lambdas/deps';
import { validateContractors } from '../../shared/domain/contractors';
import { api, eventually, mailbox } from '../support/cloud-client';
import {
  A4,
  giveOwnerSign,
  makePdf,
  mailsTo,
  newOwner,
  postFile,
  resolveShortLink,
  SHORT_LINK,
  SIGNER_LINK as LINK,
  uploadPdf as uploadThroughForm,
  type Owner,
} from '../support/documents';

const LETTER = { width: 612, height: 792 };
const LANDSCAPE = { width: 842, height: 595 };

/** A PDF whose trailer has an /Encrypt dictionary: pdf-lib refuses it as encrypted. */
async function makeEncryptedPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([A4.width, A4.height]);
  const encrypt = doc.context.obj({
    Filter: 'Standard',
    V: 1,
    R: 2,
    O: PDFName.of('owner'),
    U: PDFName.of('user'),
    P: -4,
  });
  doc.context.trailerInfo.Encrypt = doc.context.register(encrypt);
  return doc.save({ useObjectStreams: false });
}

async function createDoc(owner: Owner): Promise<string> {
  const res = await api('/api/documents', { method: 'POST', token: owner.token, body: { kind: 'esign' } });
  expect(res.status).toBe(201);
  expect(res.body.status).toBe('Ready');
  return res.body.docuId as string;
}

async function presign(owner: Owner, docuId: string, sizeBytes: number, fileName = 'contract.pdf') {
  return api(`/api/documents/${docuId}/upload`, {
    method: 'POST',
    token: owner.token,
    body: { fileName, contentType: 'application/pdf', sizeBytes },
  });
}

const UA = { 'user-agent': 'documents-test/1.0' };
const uploadPdf = (owner: Owner, docuId: string, bytes: Uint8Array, fileName = 'contract.pdf') =>
  uploadThroughForm(owner, docuId, bytes, fileName, UA);

async function complete(owner: Owner, docuId: string, key: string) {
  return api(`/api/documents/${docuId}/upload/complete`, {
    method: 'POST',
    token: owner.token,
    body: { key },
    headers: UA,
  });
}

function saveRecipients(
  owner: Owner,
  docuId: string,
  recipients: { name: string; contact: string }[],
  lang: 'en' | 'jp' | 'ko' = 'en',
  finalRecipients: string[] = [],
) {
  return api(`/api/documents/${docuId}/recipients`, {
    method: 'PUT',
    token: owner.token,
    body: { recipients, finalRecipients, lang },
  });
}

function saveAreas(owner: Owner, docuId: string, areas: Record<string, number>[]) {
  return api(`/api/documents/${docuId}/areas`, { method: 'PUT', token: owner.token, body: { areas } });
}

const area = (recipientIndex: number, pageIndex = 0) => ({
  recipientIndex,
  pageIndex,
  x: 50,
  y: 60,
  width: 120,
  height: 40,
});

describe('upload', () => {
  it('records page count, page sizes and SHA-256 of a real multi-page PDF, with an upload history item', async () => {
    const owner = await newOwner();
    const docuId = await createDoc(owner);
    const bytes = await makePdf([A4, LETTER, LANDSCAPE]);
    const res = await uploadPdf(owner, docuId, bytes, '売買契約書.pdf');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      docuId,
      status: 'Upload',
      originalFileName: '売買契約書.pdf',
      pageCount: 3,
      sizeBytes: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
    expect(res.body.pages).toEqual([A4, LETTER, LANDSCAPE]);

    const got = await api(`/api/documents/${docuId}`, { token: owner.token });
    expect(got.status).toBe(200);
    expect(got.body.pageCount).toBe(3);
    const file = await fetch(got.body.fileUrl);
    expect(file.status).toBe(200);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(new Uint8Array(bytes));

    const history = await documentDeps().docs.listHistory(docuId);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ action: 'upload', actorName: owner.name, actorContact: owner.email });
    expect(history[0]!.userAgent).toBe('documents-test/1.0');
    expect(history[0]!.ip).not.toBe('');

    // Re-upload before sending replaces the file.
    const again = await uploadPdf(owner, docuId, await makePdf([LETTER]));
    expect(again.body).toMatchObject({ status: 'Upload', pageCount: 1, pages: [LETTER] });

    // A failed re-upload is removed and loses nothing: the file accepted before it stays.
    const bad = await uploadPdf(owner, docuId, new TextEncoder().encode('not a pdf'), 'bad.pdf');
    expect(bad.body.error.code).toBe('upload.errors.notPdf');
    expect(await getDeps().storage.head(bad.form.key)).toBeNull();
    const after = await api(`/api/documents/${docuId}`, { token: owner.token });
    expect(after.body).toMatchObject({ status: 'Upload', pageCount: 1, pages: [LETTER] });
  });

  it('refuses a text file renamed .pdf and deletes it', async () => {
    const owner = await newOwner();
    const docuId = await createDoc(owner);
    const res = await uploadPdf(
      owner,
      docuId,
      new TextEncoder().encode('just some text, not a PDF'),
      'a.pdf',
    );
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('upload.errors.notPdf');
    expect(await getDeps().storage.head(res.form.key)).toBeNull();
    const got = await api(`/api/documents/${docuId}`, { token: owner.token });
    expect(got.body).toMatchObject({ status: 'Ready', pageCount: null, sha256: null, fileUrl: null });
  });

  it('refuses a file that starts like a PDF but does not parse', async () => {
    const owner = await newOwner();
    const docuId = await createDoc(owner);
    const res = await uploadPdf(owner, docuId, new TextEncoder().encode('%PDF-1.7\nbroken'), 'b.pdf');
    expect(res.body.error.code).toBe('upload.errors.notPdf');
    expect(await getDeps().storage.head(res.form.key)).toBeNull();
  });

  it('refuses an encrypted PDF with a clear message and deletes it', async () => {
    const owner = await newOwner();
    const docuId = await createDoc(owner);
    const res = await uploadPdf(owner, docuId, await makeEncryptedPdf(), 'locked.pdf');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('upload.errors.encrypted');
    expect(await getDeps().storage.head(res.form.key)).toBeNull();
  });

  it('refuses a zero-byte file at presign time, and S3 refuses an empty POST (then: missing)', async () => {
    const owner = await newOwner();
    const docuId = await createDoc(owner);
    const zero = await presign(owner, docuId, 0);
    expect(zero.status).toBe(400);
    expect(zero.body.error.code).toBe('upload.errors.empty');

    const p = await presign(owner, docuId, 10);
    const posted = await postFile(p.body, new Uint8Array(0), 'empty.pdf');
    const res = await complete(owner, docuId, p.body.key);
    expect(res.status).toBe(400);
    // S3 enforces content-length-range (1..limit) and refuses the POST; s3rver stores the empty file,
    // which the server-side check then refuses as empty.
    expect(res.body.error.code).toBe(posted.status < 300 ? 'upload.errors.empty' : 'upload.errors.missing');
    expect(await getDeps().storage.head(p.body.key)).toBeNull();
  });

  it('refuses a 60 MB file at presign time with the limit in MB', async () => {
    const owner = await newOwner();
    const docuId = await createDoc(owner);
    const res = await presign(owner, docuId, 60_000_000);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'upload.errors.tooLarge', details: { limitMb: 50 } });
    const notPdf = await api(`/api/documents/${docuId}/upload`, {
      method: 'POST',
      token: owner.token,
      body: { fileName: 'a.docx', contentType: 'application/msword', sizeBytes: 10 },
    });
    expect(notPdf.body.error.code).toBe('upload.errors.onlyPdf');
  });

  it('answers missing for an upload never made, and refuses another key', async () => {
    const owner = await newOwner();
    const docuId = await createDoc(owner);
    const p = await presign(owner, docuId, 1000);
    const res = await complete(owner, docuId, p.body.key);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('upload.errors.missing');
    for (const key of [`documents/${docuId}/original.pdf`, `uploads/${randomUUID()}/x.pdf`, '../etc']) {
      const other = await complete(owner, docuId, key);
      expect(other.status).toBe(400);
      expect(other.body.error.code).toBe('errors.badRequest');
    }
  });
});

describe('contractors', () => {
  async function uploaded(lang: 'en' | 'jp' | 'ko' = 'en') {
    const owner = await newOwner(lang);
    const docuId = await createDoc(owner);
    expect((await uploadPdf(owner, docuId, await makePdf([A4, A4]))).status).toBe(200);
    return { owner, docuId };
  }

  it('refuses every invalid list with the rule message and the row', async () => {
    const { owner, docuId } = await uploaded();
    const cases: [{ name: string; contact: string }[], string, number | undefined][] = [
      [[{ name: ' ', contact: '  ' }], 'contractors.errors.noneDesignated', undefined],
      [
        [
          { name: 'A', contact: 'a@example.com' },
          { name: 'B', contact: '' },
        ],
        'contractors.errors.contactMissing',
        1,
      ],
      [[{ name: '', contact: 'a@example.com' }], 'contractors.errors.nameMissing', 0],
      [
        [
          { name: 'A', contact: 'a@example.com' },
          { name: 'A2', contact: ' A@Example.COM ' },
        ],
        'contractors.errors.duplicateContact',
        1,
      ],
      [[{ name: 'A', contact: 'a@b' }], 'contractors.errors.invalidEmail', 0],
      [[{ name: 'A', contact: 'hello there' }], 'contractors.errors.unknownContactType', 0],
      [[{ name: 'A', contact: '+1 555' }], 'contractors.errors.invalidPhone', 0],
    ];
    for (const [rows, code, row] of cases) {
      const res = await saveRecipients(owner, docuId, rows);
      expect({ rows, status: res.status, code: res.body.error?.code }).toEqual({ rows, status: 400, code });
      if (row !== undefined) expect(res.body.error.details.row).toBe(row);
    }
    // A phone with letters: the shared rules decide the message; the server says the same.
    const letters = [{ name: 'A', contact: '090-12ab-5678' }];
    const expected = validateContractors(letters, { defaultCountry: 'US' });
    expect(expected.ok).toBe(false);
    const res = await saveRecipients(owner, docuId, letters);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(expected.ok ? '' : expected.error);

    const got = await api(`/api/documents/${docuId}`, { token: owner.token });
    expect(got.body).toMatchObject({ status: 'Upload', recipients: [] });
  });

  it('normalises phones to E.164 by language, trims, drops empty rows and fills the address book', async () => {
    const { owner, docuId } = await uploaded('jp');
    const res = await saveRecipients(
      owner,
      docuId,
      [
        { name: ' 山田 太郎 ', contact: '090-1234-5678' },
        { name: '', contact: '' },
        { name: 'Kim', contact: ' Kim@Example.COM ' },
        { name: 'Me', contact: owner.email.toUpperCase() },
      ],
      'jp',
      ['copy@example.com', ' Copy@example.com'],
    );
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('AddRcpt');
    expect(res.body.recipients).toEqual([
      {
        index: 0,
        name: '山田 太郎',
        contact: '+819012345678',
        method: 'phone',
        isOwner: false,
        agreement: 0,
        areas: [],
        role: 'signer',
        group: 1,
      },
      {
        index: 1,
        name: 'Kim',
        contact: 'kim@example.com',
        method: 'email',
        isOwner: false,
        agreement: 0,
        areas: [],
        role: 'signer',
        group: 1,
      },
      {
        index: 2,
        name: 'Me',
        contact: owner.email,
        method: 'email',
        isOwner: true,
        agreement: 1,
        areas: [],
        role: 'signer',
        group: 1,
      },
    ]);
    expect(res.body.finalRecipients).toEqual(['copy@example.com']);

    const ko = await saveRecipients(owner, docuId, [{ name: '민준', contact: '010-1234-5678' }], 'ko');
    expect(ko.body.recipients).toHaveLength(1);
    expect(ko.body.recipients[0].contact).toBe('+821012345678');
    const en = await saveRecipients(owner, docuId, [{ name: 'Sam', contact: '201-555-0123' }], 'en');
    expect(en.body).toMatchObject({ status: 'AddRcpt' });
    expect(en.body.recipients[0].contact).toBe('+12015550123');

    const book = await api('/api/address-book', { token: owner.token });
    expect(book.status).toBe(200);
    expect(book.body.entries).toEqual(
      expect.arrayContaining([
        { name: '山田 太郎', contact: '+819012345678' },
        { name: 'Kim', contact: 'kim@example.com' },
        { name: '민준', contact: '+821012345678' },
        { name: 'Sam', contact: '+12015550123' },
      ]),
    );
    expect(book.body.entries).toHaveLength(4);
    expect(book.body.entries.map((e: { contact: string }) => e.contact)).not.toContain(owner.email);
  });
});

describe('sign areas, name and terms', () => {
  it('requires an area per contractor, inside the page, then sets SetPos; title and terms are saved', async () => {
    const owner = await newOwner();
    const docuId = await createDoc(owner);
    await uploadPdf(owner, docuId, await makePdf([A4, LETTER]));
    const early = await saveAreas(owner, docuId, [area(0)]);
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('errors.invalidTransition');

    await saveRecipients(owner, docuId, [
      { name: 'A', contact: 'a@example.com' },
      { name: 'B', contact: 'b@example.com' },
    ]);
    let res = await saveAreas(owner, docuId, [area(0)]);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'contractors.errors.noSignArea', details: { row: 1 } });
    res = await saveAreas(owner, docuId, [area(0), { ...area(1, 1), x: 550 }]);
    expect(res.body.error).toMatchObject({ code: 'signAreas.errors.outsidePage', details: { row: 1 } });
    res = await saveAreas(owner, docuId, [area(0), area(1, 2)]);
    expect(res.body.error.code).toBe('signAreas.errors.outsidePage');
    res = await saveAreas(owner, docuId, [area(0), area(2)]);
    expect(res.status).toBe(400);

    res = await saveAreas(owner, docuId, [area(0), area(0, 1), area(1, 1)]);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('SetPos');
    expect(res.body.recipients[0].areas).toEqual([
      // An area without field settings is a required signature (issue #27), named so in the view.
      {
        pageIndex: 0,
        x: 50,
        y: 60,
        width: 120,
        height: 40,
        signed: false,
        type: 'signature',
        required: true,
      },
      {
        pageIndex: 1,
        x: 50,
        y: 60,
        width: 120,
        height: 40,
        signed: false,
        type: 'signature',
        required: true,
      },
    ]);
    expect(res.body.recipients[1].areas).toHaveLength(1);

    const patched = await api(`/api/documents/${docuId}`, {
      method: 'PATCH',
      token: owner.token,
      body: { title: '業務委託契約', privateinfoAgree: true },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ title: '業務委託契約', privateinfoAgree: true, status: 'SetPos' });
    const tooLong = await api(`/api/documents/${docuId}`, {
      method: 'PATCH',
      token: owner.token,
      body: { title: 'x'.repeat(101) },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.code).toBe('errors.validation');
  });
});

describe('send', () => {
  it('sends an e-mail and an SMS with signer links, stores only token hashes, and refuses a second send', async () => {
    const owner = await newOwner('jp');
    const docuId = await createDoc(owner);
    await uploadPdf(owner, docuId, await makePdf([A4]));
    const email = `signer-${randomUUID()}@example.com`;
    const phoneDigits = `90${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const e164 = `+81${phoneDigits}`;
    await saveRecipients(
      owner,
      docuId,
      [
        { name: 'Me', contact: owner.email },
        { name: '鈴木 花子', contact: email },
        { name: '田中 一郎', contact: `0${phoneDigits}` },
      ],
      'jp',
    );
    await saveAreas(owner, docuId, [area(0), area(1), area(2)]);
    await giveOwnerSign(owner);
    await api(`/api/documents/${docuId}`, {
      method: 'PATCH',
      token: owner.token,
      body: { title: '秘密保持契約' },
    });

    const noTerms = await api(`/api/documents/${docuId}/send`, {
      method: 'POST',
      token: owner.token,
      body: { lang: 'jp' },
    });
    expect(noTerms.status).toBe(400);
    expect(noTerms.body.error.code).toBe('documents.send.termsRequired');

    await api(`/api/documents/${docuId}`, {
      method: 'PATCH',
      token: owner.token,
      body: { privateinfoAgree: true },
    });
    const sent = await api(`/api/documents/${docuId}/send`, {
      method: 'POST',
      token: owner.token,
      body: { lang: 'jp' },
    });
    expect(sent.status).toBe(200);
    expect(sent.body.status).toBe('Agree');
    expect(sent.body.recipients[0]).toMatchObject({
      isOwner: true,
      agreement: 1,
      areas: [expect.objectContaining({ signed: true })],
    });
    expect(sent.body.recipients[1]).toMatchObject({ isOwner: false, agreement: 0 });

    const mail = await eventually(async () => mailsTo(await mailbox(), email)[0], 30000, 'the e-mail');
    const sms = await eventually(
      async () => mailsTo(await mailbox(), `${e164}@sms.local`)[0],
      30000,
      'the SMS',
    );
    expect(mail.subject).toContain('秘密保持契約');
    const mailLink = LINK.exec(mail.body.text ?? '');
    // The SMS carries a short link on the product's domain that redirects to the signer page.
    const short = SHORT_LINK.exec(sms.body.text ?? '');
    expect(short).not.toBeNull();
    const smsLink = LINK.exec((await resolveShortLink(short![0])).location ?? '');
    expect(mailLink?.slice(1, 3)).toEqual(['jp', docuId]);
    expect(smsLink?.slice(1, 3)).toEqual(['jp', docuId]);
    expect(mail.body.html).toContain(mailLink![0]);

    const docs = documentDeps().docs;
    for (const [match, index] of [
      [mailLink!, 1],
      [smsLink!, 2],
    ] as const) {
      const token = match[3]!;
      const stored = await docs.getToken(createHash('sha256').update(token).digest('hex'));
      expect(stored).toMatchObject({ docuId, recipientIndex: index });
      expect(JSON.stringify(stored)).not.toContain(token);
      const days = (Date.parse(stored!.expiresAt) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(29.9);
      expect(days).toBeLessThanOrEqual(30);
      expect(stored!.ttl).toBe(Math.floor(Date.parse(stored!.expiresAt) / 1000));
      expect(await docs.getToken(token)).toBeNull();
    }
    const history = await docs.listHistory(docuId);
    // The owner sent each request (actor), to the contractor (target), by its channel.
    const transfers = history.filter((h) => h.action === 'transfer');
    expect(transfers.map((h) => h.actorContact)).toEqual([owner.email, owner.email]);
    expect(transfers.map((h) => `${h.targetContact} ${h.channel}`).sort()).toEqual(
      [`${email} email`, `${e164} sms`].sort(),
    );

    const count = (await mailbox()).filter(
      (m) => m.destination.to.includes(email) || m.destination.to.includes(`${e164}@sms.local`),
    ).length;
    const second = await api(`/api/documents/${docuId}/send`, {
      method: 'POST',
      token: owner.token,
      body: { lang: 'jp' },
    });
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe('errors.invalidTransition');
    const reupload = await presign(owner, docuId, 1000);
    expect(reupload.status).toBe(409);
    expect(reupload.body.error.code).toBe('errors.invalidTransition');
    const edit = await api(`/api/documents/${docuId}`, {
      method: 'PATCH',
      token: owner.token,
      body: { title: 'changed' },
    });
    expect(edit.status).toBe(409);
    const rcpt = await saveRecipients(owner, docuId, [{ name: 'X', contact: 'x@example.com' }]);
    expect(rcpt.status).toBe(409);
    await new Promise((r) => setTimeout(r, 2000));
    const after = (await mailbox()).filter(
      (m) => m.destination.to.includes(email) || m.destination.to.includes(`${e164}@sms.local`),
    ).length;
    expect(after).toBe(count);
  });

  it('goes straight to Generating when the owner is the only contractor', async () => {
    const owner = await newOwner();
    const docuId = await createDoc(owner);
    await uploadPdf(owner, docuId, await makePdf([A4]));
    await saveRecipients(owner, docuId, [{ name: 'Me', contact: owner.email }]);
    await saveAreas(owner, docuId, [area(0)]);
    await giveOwnerSign(owner);
    await api(`/api/documents/${docuId}`, {
      method: 'PATCH',
      token: owner.token,
      body: { privateinfoAgree: true },
    });
    const sent = await api(`/api/documents/${docuId}/send`, {
      method: 'POST',
      token: owner.token,
      body: { lang: 'en' },
    });
    expect(sent.status).toBe(200);
    expect(sent.body.status).toBe('Generating');
    expect(sent.body.recipients[0]).toMatchObject({ isOwner: true, agreement: 1 });
  });
});

describe('ownership', () => {
  it("answers 404 for another user's document on every endpoint, revealing nothing", async () => {
    const owner = await newOwner();
    const docuId = await createDoc(owner);
    const other = await newOwner();
    const calls: [string, string, unknown][] = [
      ['GET', `/api/documents/${docuId}`, undefined],
      ['PATCH', `/api/documents/${docuId}`, { title: 'mine now' }],
      [
        'POST',
        `/api/documents/${docuId}/upload`,
        { fileName: 'a.pdf', contentType: 'application/pdf', sizeBytes: 10 },
      ],
      [
        'POST',
        `/api/documents/${docuId}/upload/complete`,
        { key: `uploads/${docuId}/${'0'.repeat(32)}.pdf` },
      ],
      [
        'PUT',
        `/api/documents/${docuId}/recipients`,
        { recipients: [{ name: 'A', contact: 'a@example.com' }], finalRecipients: [], lang: 'en' },
      ],
      ['PUT', `/api/documents/${docuId}/areas`, { areas: [area(0)] }],
      ['POST', `/api/documents/${docuId}/send`, { lang: 'en' }],
    ];
    for (const [method, path, body] of calls) {
      const res = await api(path, { method, token: other.token, body });
      expect({ method, path, status: res.status, code: res.body.error?.code }).toEqual({
        method,
        path,
        status: 404,
        code: 'errors.notFound',
      });
      expect(JSON.stringify(res.body)).not.toContain(owner.email);
    }
    const unknown = await api(`/api/documents/${randomUUID().replace(/-/g, '')}`, { token: owner.token });
    expect(unknown.status).toBe(404);
    const anonymous = await api(`/api/documents/${docuId}`);
    expect(anonymous.status).toBe(401);
    const mine = await api(`/api/documents/${docuId}`, { token: owner.token });
    expect(mine.body.title).toBe('');
  });
});
