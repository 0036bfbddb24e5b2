// Issue #29 item 2: the brand at the top of the certificate (and, through the same banner, of the
// first audit page): the logo embedded as an image XObject of its own size, its pixels kept.
import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream } from 'pdf-lib';
import { PNG } from 'pngjs';
import { certificatePdf, type CertificateInput } from '../../../lambdas/sealing/index';

function logo(width: number, height: number): { png: Uint8Array; rgb: Buffer } {
  const png = new PNG({ width, height });
  const rgb = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    const [r, g, b] = [(i * 7) % 256, (i * 13) % 256, (i * 29) % 256];
    png.data.set([r, g, b, 255], i * 4);
    rgb.set([r, g, b], i * 3);
  }
  return { png: new Uint8Array(PNG.sync.write(png)), rgb };
}

const input: CertificateInput = {
  language: 'en',
  title: 'Branded agreement',
  shortNumber: 'BR12',
  completedAt: '2026-11-22 10:05:00',
  parties: [{ name: 'Mia Signer', maskedContact: 'm***@example.com', signedAt: '2026-11-22 10:05:00' }],
  finalSha256: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
  tokenId: '7',
  contractAddress: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  chainId: 1337,
  chainName: 'Local chain',
  transactionHash: '0x8a3b1f0d6c4e2a79b5d3c1e0f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0',
  anchoredAt: '2026-11-22 10:06:00',
  verifyUrl: 'https://signseal.example/en/verify/0f8e2d4c',
};

async function firstPageImages(pdf: Uint8Array): Promise<PDFRawStream[]> {
  const doc = await PDFDocument.load(pdf);
  const xobjects = doc.getPage(0).node.Resources()!.lookupMaybe(PDFName.of('XObject'), PDFDict);
  if (!xobjects) return [];
  return xobjects
    .keys()
    .map((k) => xobjects.lookup(k))
    .filter((s): s is PDFRawStream => s instanceof PDFRawStream)
    .filter((s) => s.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'));
}

const size = (s: PDFRawStream) =>
  [PDFName.of('Width'), PDFName.of('Height')].map((k) => s.dict.lookup(k, PDFNumber).asNumber());

describe('the brand on the certificate', () => {
  it('embeds the logo at its own size with its pixels, at the top of the first page', async () => {
    const { png, rgb } = logo(90, 30);
    const pdf = await certificatePdf({ ...input, brand: { logoPng: png, color: '#8a1538' } });
    const images = await firstPageImages(pdf);
    const embedded = images.find((s) => size(s).join('x') === '90x30');
    expect(embedded).toBeDefined();
    expect(inflateSync(embedded!.contents).equals(rgb)).toBe(true);
    // The accent colour (#8a1538 = 0.541 0.082 0.22) fills a 3 pt rule across the page.
    const doc = await PDFDocument.load(pdf);
    const contents = doc.getPage(0).node.Contents()!;
    const streams =
      contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
    const ops = streams
      .filter((st): st is PDFRawStream => st instanceof PDFRawStream)
      .map((st) => {
        try {
          return inflateSync(st.contents).toString('latin1');
        } catch {
          return Buffer.from(st.contents).toString('latin1');
        }
      })
      .join('\n');
    expect(ops).toMatch(/0\.541 0\.082 0\.22 rg [\d.]+ [\d.]+ [\d.]+ 3 re f/);
  });

  it("without a brand there is no logo (SignSeal's own certificate)", async () => {
    const images = await firstPageImages(await certificatePdf(input));
    expect(images.filter((s) => size(s).join('x') === '90x30')).toEqual([]);
  });
});
