// Sign images in the seal: image data that inflates beyond its header (a PNG bomb) stops at the size
// the header declares, and the colour planes written over the inflated rows come out as in a copy.
import { deflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import { SealError } from '../../../lambdas/sealing/errors';
import { embedPng, rawSize, unfilterSplit } from '../../../lambdas/sealing/png';
import { makePng, pngWithData } from '../../support/png';

async function failure(bytes: Uint8Array): Promise<SealError> {
  const doc = await PDFDocument.create();
  const error = await embedPng(doc, bytes).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SealError);
  return error as SealError;
}

describe('embedPng and image data sizes', () => {
  // 32 MB of zeros deflate to ~32 KB: 38 times the 700×300 RGBA image the header declares (841 KB)
  const bomb = deflateSync(Buffer.alloc(32 * 2 ** 20));

  it('refuses image data that inflates past the header size, stopping there (a PNG bomb)', async () => {
    expect(bomb.length).toBeLessThan(64 * 1024);
    const error = await failure(pngWithData({ width: 700, height: 300 }, bomb));
    expect(error.code).toBe('bad_image');
    expect(error.message).toBe('PNG image data inflates to more than the 700×300 image');
    // the inflation ended when the buffer of the header's size (and one byte) was full, rather than
    // a size check after it had inflated 32 MB
    const image = (700 * 4 + 1) * 300;
    expect((error.cause as Error).message).toBe(
      `inflating stopped after ${image + 1} bytes, the image's ${image} and one`,
    );
  });

  it('refuses image data whose zlib check value is wrong', async () => {
    const rows = deflateSync(Buffer.alloc((40 * 4 + 1) * 20));
    rows[rows.length - 1] = rows[rows.length - 1]! ^ 0xff; // the Adler-32 of the inflated rows
    const error = await failure(pngWithData({ width: 40, height: 20 }, rows));
    expect(error.message).toBe('PNG image data does not decode (incorrect data check)');
  });

  it('decodes several signs in one document as each alone (its decode buffers reused from one to the next)', async () => {
    // two different signs, each embedded in a document of its own and then both in one document
    const [a, b] = [makePng(300, 120), makePng(200, 90)];
    const alone = await Promise.all(
      [a, b].map(async (png) => {
        const doc = await PDFDocument.create();
        await embedPng(doc, png);
        return doc.save({ useObjectStreams: false });
      }),
    );
    const both = await PDFDocument.create();
    const [ia, ib] = [await embedPng(both, a), await embedPng(both, b)];
    expect([ia.width, ib.width]).toEqual([300, 200]);
    const saved = Buffer.from(await both.save({ useObjectStreams: false })).toString('latin1');
    // each image's two streams (colour, alpha) in the shared document are those of its own document
    for (const single of alone) {
      const streams = [
        ...Buffer.from(single)
          .toString('latin1')
          .matchAll(/stream\r?\n([\s\S]*?)endstream/g),
      ];
      const images = streams.map((m) => m[1]!).filter((body) => body.length > 0);
      for (const body of images.slice(0, 2)) expect(saved).toContain(body);
    }
  });

  it('stops the same way on the path handed to pdf-lib (16-bit, interlaced)', async () => {
    for (const header of [
      { width: 700, height: 300, bitDepth: 16 },
      { width: 700, height: 300, interlaced: true },
    ]) {
      const error = await failure(pngWithData(header, bomb));
      expect(error.message).toBe('PNG image data inflates to more than the 700×300 image');
    }
  });

  it('refuses image data short of the header size', async () => {
    const rows = Buffer.alloc((40 * 4 + 1) * 20 - 1);
    const error = await failure(pngWithData({ width: 40, height: 20 }, deflateSync(rows)));
    expect(error.message).toBe('PNG image data has the wrong size');
  });

  it('embeds a well-formed sign, opaque or not', async () => {
    const doc = await PDFDocument.create();
    const image = await embedPng(doc, makePng(300, 120));
    expect([image.width, image.height]).toEqual([300, 120]);
    const opaque = pngWithData({ width: 4, height: 2, colorType: 2 }, deflateSync(Buffer.alloc(2 * 13)));
    expect((await embedPng(doc, opaque)).width).toBe(4);
  });

  it('computes the rows of an interlaced image pass by pass (Adam7)', () => {
    const header = { width: 8, height: 8, bitDepth: 8, colorType: 6 };
    expect(rawSize({ ...header, interlaced: false })).toBe(8 * (1 + 32));
    // passes of 1×1, 1×1, 2×1, 2×2, 4×2, 4×4 and 8×4 pixels, each row with its filter byte
    expect(rawSize({ ...header, interlaced: true })).toBe(5 + 5 + 9 + 18 + 34 + 68 + 132);
    expect(rawSize({ width: 3, height: 1, bitDepth: 1, colorType: 0, interlaced: false })).toBe(2);
  });
});

describe('unfilterSplit over the inflated rows themselves', () => {
  it.each([4, 2])(
    'gives the same planes when colour is written over the rows (%i bytes per pixel)',
    (bpp) => {
      const width = 29;
      const height = 20;
      const raw = Buffer.alloc((width * bpp + 1) * height);
      let seed = 11;
      for (let i = 0; i < raw.length; i += 1) {
        seed = (seed * 1103515245 + 12345) >>> 0;
        raw[i] = seed >>> 24;
      }
      for (let y = 0; y < height; y += 1) raw[y * (width * bpp + 1)] = y % 5;
      const count = width * height;
      const color = new Uint8Array(count * (bpp - 1));
      const alpha = new Uint8Array(count);
      unfilterSplit(Buffer.from(raw), width, height, bpp, color, alpha);
      const inPlaceAlpha = new Uint8Array(count);
      unfilterSplit(raw, width, height, bpp, raw.subarray(0, count * (bpp - 1)), inPlaceAlpha);
      expect(Buffer.from(raw.subarray(0, count * (bpp - 1))).equals(Buffer.from(color))).toBe(true);
      expect(Buffer.from(inPlaceAlpha).equals(Buffer.from(alpha))).toBe(true);
    },
  );
});
