// Presigned uploads and downloads straight between a client and S3 (s3rver), never through the API.
import { createHash, randomUUID } from 'node:crypto';
import { getDeps } from '../../lambdas/deps';

describe('document storage', () => {
  it('accepts a browser-style POST upload through a presigned form, then serves it by a presigned URL', async () => {
    const storage = getDeps().storage;
    const key = `documents/${randomUUID()}/original.pdf`;
    const upload = await storage.presignUpload(key, {
      contentType: 'application/pdf',
      maxBytes: 1000,
      expiresSeconds: 60,
    });
    expect(upload.key).toBe(key);
    expect(Object.keys(upload.fields)).toEqual(expect.arrayContaining(['key', 'Policy', 'Content-Type']));

    const form = new FormData();
    for (const [k, v] of Object.entries(upload.fields)) form.append(k, v);
    form.append('file', new Blob(['%PDF-1.7 test'], { type: 'application/pdf' }), 'contract.pdf');
    const posted = await fetch(upload.url, { method: 'POST', body: form });
    expect(posted.status).toBeLessThan(300);

    expect(await storage.head(key)).toEqual({
      size: 13,
      contentType: 'application/pdf',
      etag: `"${createHash('md5').update('%PDF-1.7 test').digest('hex')}"`,
    });
    expect(new TextDecoder().decode(await storage.getBytes(key))).toBe('%PDF-1.7 test');

    const url = await storage.presignDownload(key, { expiresSeconds: 60, filename: '契約書.pdf' });
    const downloaded = await fetch(url);
    expect(downloaded.status).toBe(200);
    expect(await downloaded.text()).toBe('%PDF-1.7 test');

    await storage.deleteMany([key]);
    expect(await storage.head(key)).toBeNull();
  });

  it('reports a missing object as absent rather than failing', async () => {
    expect(await getDeps().storage.head(`documents/${randomUUID()}/none.pdf`)).toBeNull();
  });
});
