import { PNG } from 'pngjs';
import jpeg from 'jpeg-js';
import { deflateSync } from 'node:zlib';
import {
  downscaleRgba,
  fitInBox,
  jpegDimensions,
  processLogo,
  sniffLogoFormat,
} from '../../../../lambdas/usecases/brand-image';
import { chunk } from '../../../support/png';

/** An opaque RGB test card: four coloured quadrants, so a scaled or mangled image shows. */
function card(width: number, height: number): Uint8Array {
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = (y * width + x) * 4;
      const left = x < width / 2;
      const top = y < height / 2;
      data[p] = left ? 200 : 20;
      data[p + 1] = top ? 40 : 180;
      data[p + 2] = left === top ? 90 : 230;
      data[p + 3] = 255;
    }
  }
  return data;
}

function pngOf(width: number, height: number): Uint8Array {
  const png = new PNG({ width, height });
  png.data = Buffer.from(card(width, height));
  return new Uint8Array(PNG.sync.write(png));
}

function jpegOf(width: number, height: number, quality = 95): Uint8Array {
  return new Uint8Array(jpeg.encode({ width, height, data: card(width, height) }, quality).data);
}

/** A PNG whose header claims `width`×`height` but whose data is a few bytes (a decompression bomb's
 *  shape: the header is all that is read). */
function claimingPng(width: number, height: number): Uint8Array {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('IDAT', deflateSync(Buffer.alloc(1000))),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
}

const decode = (png: Uint8Array) => PNG.sync.read(Buffer.from(png));

describe('the brand logo check and re-encoding', () => {
  test('a PNG within the box is re-encoded pixel for pixel', () => {
    const input = pngOf(120, 60);
    const result = processLogo(input);
    expect(result).toMatchObject({ ok: true, width: 120, height: 60, source: 'png' });
    if (!result.ok) return;
    const out = decode(result.png);
    expect([out.width, out.height]).toEqual([120, 60]);
    expect(Buffer.compare(out.data, Buffer.from(card(120, 60)))).toBe(0);
  });

  test('a JPEG is decoded and stored as a PNG of its pixels (within JPEG loss of the card)', () => {
    const result = processLogo(jpegOf(100, 50));
    expect(result).toMatchObject({ ok: true, width: 100, height: 50, source: 'jpeg' });
    if (!result.ok) return;
    expect(sniffLogoFormat(result.png)).toBe('png');
    const out = decode(result.png);
    const want = card(100, 50);
    // Away from the quadrant edges a q95 JPEG is within a few levels of the source.
    for (const [x, y] of [
      [10, 10],
      [90, 10],
      [10, 40],
      [90, 40],
    ] as const) {
      const p = (y * 100 + x) * 4;
      for (let c = 0; c < 3; c++) expect(Math.abs(out.data[p + c]! - want[p + c]!)).toBeLessThan(8);
      expect(out.data[p + 3]).toBe(255);
    }
  });

  test('a logo larger than 600×200 is scaled down into the box, keeping its proportions', () => {
    const result = processLogo(pngOf(1200, 200));
    expect(result).toMatchObject({ ok: true, width: 600, height: 100 });
    if (!result.ok) return;
    const out = decode(result.png);
    // The top-left quadrant keeps its colour after averaging.
    expect([...out.data.subarray(0, 4)]).toEqual([200, 40, 90, 255]);
    expect(fitInBox(300, 900)).toEqual({ width: 67, height: 200 });
    expect(fitInBox(50, 50)).toEqual({ width: 50, height: 50 });
  });

  test('downscaling averages the covered pixels (half black, half white → mid grey)', () => {
    const src = new Uint8Array([0, 0, 0, 255, 255, 255, 255, 255]);
    expect([...downscaleRgba(src, 2, 1, 1, 1)]).toEqual([128, 128, 128, 255]);
  });

  test('an SVG is refused whatever it is called', () => {
    const svg = new TextEncoder().encode(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    expect(processLogo(svg)).toMatchObject({ ok: false, reason: 'notImage' });
  });

  test('a GIF is refused', () => {
    const gif = new Uint8Array([...new TextEncoder().encode('GIF89a'), 1, 0, 1, 0, 0, 0, 0, 0x3b]);
    expect(processLogo(gif)).toMatchObject({ ok: false, reason: 'notImage' });
  });

  test('a file is judged by its magic bytes: text, or a PNG with its first byte changed, is refused', () => {
    const png = pngOf(40, 40);
    const broken = png.slice();
    broken[0] = 0x88;
    expect(processLogo(broken)).toMatchObject({ ok: false, reason: 'notImage' });
    expect(processLogo(new TextEncoder().encode('hello, not an image'))).toMatchObject({
      ok: false,
      reason: 'notImage',
    });
  });

  test('a truncated PNG or JPEG is refused as corrupt', () => {
    const png = pngOf(80, 40);
    expect(processLogo(png.subarray(0, png.length - 30))).toMatchObject({ ok: false, reason: 'corrupt' });
    const jpg = jpegOf(80, 40);
    expect(processLogo(jpg.subarray(0, 20))).toMatchObject({ ok: false, reason: 'corrupt' });
  });

  test('dimensions are checked from the header before decoding (a bomb is refused unread)', () => {
    expect(processLogo(claimingPng(30000, 30000))).toMatchObject({ ok: false, reason: 'dimensions' });
    expect(processLogo(claimingPng(3000, 3000))).toMatchObject({ ok: false, reason: 'dimensions' });
    expect(processLogo(pngOf(10, 10))).toMatchObject({ ok: false, reason: 'dimensions' });
    // A header that promises more than its data holds does not decode.
    expect(processLogo(claimingPng(500, 500))).toMatchObject({ ok: false, reason: 'corrupt' });
  });

  test('a JPEG header is read from its SOF segment', () => {
    expect(jpegDimensions(jpegOf(123, 45))).toEqual({ width: 123, height: 45 });
    expect(jpegDimensions(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]))).toBeNull();
  });

  test('a file over 256 KB is refused before anything else', () => {
    const big = new Uint8Array(256 * 1024 + 1);
    big.set(pngOf(20, 20));
    expect(processLogo(big)).toMatchObject({ ok: false, reason: 'tooLarge' });
  });
});
