// What contractors see and what gets sealed cannot change once the upload is complete (issue #13
// defect 1), and a PDF over its budgets is refused with its own message (defect 6), through the local
// gateway against the real emulators (s3rver, DynamoDB Local).
import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import { documentDeps, getDeps } from '../../lambdas/deps';
import { api } from '../support/cloud-client';
import {
  createDocument,
  makePdf,
  newOwner,
  postFile,
  sendTwoContractorDocument,
  uploadPdf,
} from '../support/documents';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function otherTerms(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]).drawText('Other terms: the contractor pays everything', { x: 20, y: 400 });
  return doc.save();
}

async function fetchBytes(url: string): Promise<Uint8Array> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}

describe('the original cannot be replaced', () => {
  it('a saved upload form re-posted after sending changes nothing a signer sees, and is spent', async () => {
    const original = await makePdf();
    const sent = await sendTwoContractorDocument({ pdf: original });
    const { owner, docuId, uploadForm } = sent;

    // The form is still within its minutes at S3, but its key is a staging key nobody reads any more.
    expect(uploadForm.key).toMatch(new RegExp(`^uploads/${docuId}/[0-9a-f]{32}\\.pdf$`));
    expect(Date.parse(uploadForm.expiresAt) - Date.now()).toBeLessThanOrEqual(5 * 60 * 1000);
    const reposted = await postFile(uploadForm, await otherTerms(), 'contract.pdf');
    expect(reposted.status).toBeLessThan(300);

    const view = await api(`/api/sign/${docuId}/${sent.mailToken}`);
    expect(view.status).toBe(200);
    expect(sha256(await fetchBytes(view.body.fileUrl))).toBe(sha256(original));

    const doc = await api(`/api/documents/${docuId}`, { token: owner.token });
    expect(doc.body.sha256).toBe(sha256(original));
    const download = await api(`/api/documents/${docuId}/download`, { token: owner.token });
    expect(download.status).toBe(200);
    expect(sha256(await fetchBytes(download.body.url))).toBe(sha256(original));

    // Completing the spent form again is refused, before and after sending.
    const again = await api(`/api/documents/${docuId}/upload/complete`, {
      method: 'POST',
      token: owner.token,
      body: { key: uploadForm.key },
    });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('upload.errors.expired');
  });

  it('gives each form its own key; a replaced form cannot be completed', async () => {
    const owner = await newOwner();
    const docuId = await createDocument(owner);
    const presign = () =>
      api(`/api/documents/${docuId}/upload`, {
        method: 'POST',
        token: owner.token,
        body: { fileName: 'a.pdf', contentType: 'application/pdf', sizeBytes: 1000 },
      });
    const first = await presign();
    const second = await presign();
    expect(first.body.key).not.toBe(second.body.key);
    expect((await postFile(first.body, await makePdf(), 'a.pdf')).status).toBeLessThan(300);
    const stale = await api(`/api/documents/${docuId}/upload/complete`, {
      method: 'POST',
      token: owner.token,
      body: { key: first.body.key },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('upload.errors.expired');
    // What the replaced form posted is removed, not kept.
    expect(await getDeps().storage.head(first.body.key)).toBeNull();
  });

  it('stores the checked bytes under a key no form names, and removes the staging object', async () => {
    const owner = await newOwner();
    const docuId = await createDocument(owner);
    const bytes = await makePdf();
    const res = await uploadPdf(owner, docuId, bytes);
    expect(res.status).toBe(200);
    const doc = (await documentDeps().docs.getDocument(docuId))!;
    expect(doc.fileKey).toMatch(new RegExp(`^documents/${docuId}/original-[0-9a-f]{24}\\.pdf$`));
    expect(doc.fileKey).not.toBe(res.form.key);
    expect(doc.fileEtag).toBeTruthy();
    expect(sha256(await getDeps().storage.getBytes(doc.fileKey!))).toBe(sha256(bytes));
    expect(await getDeps().storage.head(res.form.key)).toBeNull();
  });

  it('an original changed in the bucket is never served: 409 and the signer page says why', async () => {
    const sent = await sendTwoContractorDocument();
    const doc = (await documentDeps().docs.getDocument(sent.docuId))!;
    // Someone with write access to the bucket (not through the product) replaces the object.
    await getDeps().storage.put(doc.fileKey!, await otherTerms(), 'application/pdf');
    const view = await api(`/api/sign/${sent.docuId}/${sent.mailToken}`);
    expect(view.status).toBe(409);
    expect(view.body.error.code).toBe('documents.errors.originalChanged');
    const download = await api(`/api/documents/${sent.docuId}/download`, { token: sent.owner.token });
    expect(download.status).toBe(409);
    expect(download.body.error.code).toBe('documents.errors.originalChanged');
  });

  it('a failed re-upload keeps the original accepted before it', async () => {
    const owner = await newOwner();
    const docuId = await createDocument(owner);
    const bytes = await makePdf();
    expect((await uploadPdf(owner, docuId, bytes)).status).toBe(200);
    const bad = await uploadPdf(owner, docuId, new TextEncoder().encode('not a pdf'), 'bad.pdf');
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('upload.errors.notPdf');
    expect(await getDeps().storage.head(bad.form.key)).toBeNull();
    const after = await api(`/api/documents/${docuId}`, { token: owner.token });
    expect(after.body).toMatchObject({ status: 'Upload', sha256: sha256(bytes), pageCount: 1 });
    expect(sha256(await fetchBytes(after.body.fileUrl))).toBe(sha256(bytes));
  });
});

describe('PDF budgets', () => {
  /** A 1-page PDF whose content stream is `size` zero bytes, Flate-compressed by hand. */
  function bomb(size: number): Uint8Array {
    const data = deflateSync(new Uint8Array(size), { level: 9 });
    const parts: (string | Uint8Array)[] = [
      '%PDF-1.7\n',
      '1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n',
      '2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n',
      '3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>\nendobj\n',
      `4 0 obj\n<< /Length ${data.length} /Filter /FlateDecode >>\nstream\n`,
      data,
      '\nendstream\nendobj\ntrailer\n<< /Root 1 0 R /Size 5 >>\n%%EOF\n',
    ];
    return Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : p)));
  }

  it('refuses a 300 KB file that inflates to 300 MB, removes it, and stays responsive', async () => {
    const owner = await newOwner();
    const docuId = await createDocument(owner);
    const file = bomb(300 * 1024 * 1024);
    expect(file.length).toBeLessThan(400 * 1024);
    const started = Date.now();
    const res = await uploadPdf(owner, docuId, file, 'bomb.pdf');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('upload.errors.tooComplex');
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(await getDeps().storage.head(res.form.key)).toBeNull();
    const doc = await api(`/api/documents/${docuId}`, { token: owner.token });
    expect(doc.body).toMatchObject({ status: 'Ready', fileUrl: null });
  });

  it('refuses more than 2,000 pages with the limit in the message, and no 500', async () => {
    const owner = await newOwner();
    const docuId = await createDocument(owner);
    const doc = await PDFDocument.create();
    for (let i = 0; i < 2001; i += 1) doc.addPage([200, 200]);
    const res = await uploadPdf(owner, docuId, await doc.save(), 'long.pdf');
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'upload.errors.tooManyPages', details: { maxPages: 2000 } });
    expect(await getDeps().storage.head(res.form.key)).toBeNull();
  });
});
