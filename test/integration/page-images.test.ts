// Issue #33, decision 163: the images of an original's first pages, made when the upload is accepted,
// through the local gateway against the real emulators: a signer's view gives them as presigned URLs
// (as the PDF), the store refuses them unsigned, and a new upload replaces them.
import { documentDeps } from '../../lambdas/deps';
import { pageImageKeys } from '../../lambdas/usecases/page-images';
import { PAGE_IMAGE_PAGES } from '../../shared/domain/page-images';
import { api } from '../support/cloud-client';
import {
  createDocument,
  makePdf,
  newOwner,
  sendTwoContractorDocument,
  uploadPdf,
} from '../support/documents';

const A4 = { width: 595.28, height: 841.89 };

describe('the images of the first pages', () => {
  it("are in the signer's view as presigned WebP images of the leading pages; unsigned, the store refuses them", async () => {
    const sent = await sendTwoContractorDocument({ pdf: await makePdf([A4, A4, A4, A4]) });
    const view = await api(`/api/sign/${sent.docuId}/${sent.mailToken}`);
    expect(view.status).toBe(200);
    const images = view.body.pageImages as string[];
    expect(images).toHaveLength(PAGE_IMAGE_PAGES);
    for (const url of images) {
      const res = await fetch(url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect(new TextDecoder().decode(bytes.slice(8, 12))).toBe('WEBP');
      // Without its signature (a guessed or shared key), the private bucket answers nothing.
      expect((await fetch(url.replace(/\?.*$/, ''))).status).toBe(403);
    }
    // A wrong token sees no view at all.
    const stranger = await api(`/api/sign/${sent.docuId}/${'x'.repeat(43)}`);
    expect(stranger.status).toBeGreaterThanOrEqual(400);
    expect(stranger.body.pageImages).toBeUndefined();
  });

  it('a new upload replaces them: the old images are deleted with the old original', async () => {
    const owner = await newOwner();
    const docuId = await createDocument(owner);
    expect((await uploadPdf(owner, docuId, await makePdf([A4]))).status).toBe(200);
    const { storage, docs } = documentDeps();
    const before = (await docs.getDocument(docuId))!;
    expect(before.pageImages).toBe(1);
    const oldKeys = pageImageKeys(before.fileKey!, 1);
    expect(await storage.head(oldKeys[0]!)).not.toBeNull();

    expect((await uploadPdf(owner, docuId, await makePdf([A4, A4]))).status).toBe(200);
    const after = (await docs.getDocument(docuId))!;
    expect(after.pageImages).toBe(2);
    expect(await storage.head(oldKeys[0]!)).toBeNull();
    for (const key of pageImageKeys(after.fileKey!, 2)) expect(await storage.head(key)).not.toBeNull();
  });
});
