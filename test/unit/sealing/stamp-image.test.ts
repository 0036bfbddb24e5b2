// Issue #17 item 4: a stamp (a red hanko PNG) lands in the sealed PDF crisp and red, sized to its area
// with its aspect ratio kept and centred. The sealed page is rendered with poppler's pdftoppm and its
// pixels measured; pdfimages shows the image is embedded at its own resolution (not resampled).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { createServiceSigner, sealPdf } from '../../../lambdas/sealing/index';
import { chunk } from '../../support/png';
import { auditData, makeOriginal } from './fixtures';

const SIZE = 300;
const RED = [208, 28, 31] as const;
/** Rendering resolution: 2 pixels per PDF point. */
const DPI = 144;
const PX = DPI / 72;

/** A SIZE×SIZE RGBA PNG: a red disc (radius 140) on a transparent background. */
function redStampPng(): Uint8Array {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(SIZE, 0);
  ihdr.writeUInt32BE(SIZE, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  const stride = SIZE * 4 + 1;
  const rows = Buffer.alloc(stride * SIZE);
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      if (Math.hypot(x + 0.5 - SIZE / 2, y + 0.5 - SIZE / 2) > 140) continue;
      rows.set([...RED, 255], y * stride + 1 + x * 4);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', new Uint8Array(0)),
  ]);
}

/** Parses a binary PPM (P6, maxval 255). */
function readPpm(bytes: Buffer): { width: number; height: number; rgb: Buffer } {
  const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(bytes.subarray(0, 64).toString('latin1'))!;
  const width = Number(header[1]);
  const height = Number(header[2]);
  return { width, height, rgb: bytes.subarray(header[0].length) };
}

const dir = mkdtempSync(join(tmpdir(), 'stamp-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a stamp in the sealed PDF', () => {
  // A wide area (200×100 pt) for a square stamp: it must be 100×100, centred, not stretched.
  const area = { pageIndex: 0, x: 150, y: 300, width: 200, height: 100 };
  let file: string;
  beforeAll(async () => {
    const sealed = await sealPdf({
      original: await makeOriginal(1),
      stamps: [{ ...area, png: redStampPng() }],
      audit: auditData(['山田 花子'], 3),
      language: 'jp',
      signer: createServiceSigner('SignSeal Test Sealing'),
      signedAt: new Date('2026-11-22T10:10:00Z'),
    });
    file = join(dir, 'sealed.pdf');
    writeFileSync(file, sealed.pdf);
  });

  it('is red, sized to its area with its aspect ratio kept, centred and nothing red outside it', () => {
    execFileSync('pdftoppm', ['-f', '1', '-l', '1', '-r', String(DPI), file, join(dir, 'page')]);
    const ppm = readPpm(readFileSync(join(dir, 'page-1.ppm')));
    const pageHeightPt = ppm.height / PX;
    let minX = Infinity;
    let maxX = -1;
    let minY = Infinity;
    let maxY = -1;
    let red = 0;
    let pure = 0;
    for (let y = 0; y < ppm.height; y++) {
      for (let x = 0; x < ppm.width; x++) {
        const i = (y * ppm.width + x) * 3;
        const [r, g, b] = [ppm.rgb[i]!, ppm.rgb[i + 1]!, ppm.rgb[i + 2]!];
        if (r > 150 && g < 110 && b < 110) {
          red++;
          if (Math.abs(r - RED[0]) <= 6 && Math.abs(g - RED[1]) <= 6 && Math.abs(b - RED[2]) <= 6) pure++;
          minX = Math.min(minX, x);
          maxX = Math.max(maxX, x);
          minY = Math.min(minY, y);
          maxY = Math.max(maxY, y);
        }
      }
    }
    // The disc's box in points (top-left origin → PDF's bottom-left).
    const box = {
      left: minX / PX,
      right: (maxX + 1) / PX,
      bottom: pageHeightPt - (maxY + 1) / PX,
      top: pageHeightPt - minY / PX,
    };
    // The image is 100×100 pt at x 200–300, y 300–400; the disc fills 280/300 of it.
    const disc = (100 * 280) / 300;
    expect(box.right - box.left).toBeCloseTo(disc, -0.5); // within ±1.6 pt
    expect(box.top - box.bottom).toBeCloseTo(disc, -0.5);
    expect((box.left + box.right) / 2).toBeCloseTo(area.x + area.width / 2, 0);
    expect((box.bottom + box.top) / 2).toBeCloseTo(area.y + area.height / 2, 0);
    expect(box.left).toBeGreaterThanOrEqual(area.x);
    expect(box.right).toBeLessThanOrEqual(area.x + area.width);
    // Filled and crisp: the red area is the disc's (±8 %), and nearly all of it is the stamp's own red
    // (only the rim is blended with the paper).
    const expected = Math.PI * ((disc / 2) * PX) ** 2;
    expect(red / expected).toBeGreaterThan(0.92);
    expect(red / expected).toBeLessThan(1.08);
    expect(pure / red).toBeGreaterThan(0.9);
  });

  it('is embedded at its own 300×300 pixels, with its transparency (a soft mask), not resampled', () => {
    const list = execFileSync('pdfimages', ['-list', '-f', '1', '-l', '1', file], { encoding: 'utf8' });
    const rows = list
      .split('\n')
      .slice(2)
      .map((line) => line.trim().split(/\s+/))
      .filter((cols) => cols.length > 4);
    expect(rows.find((cols) => cols[2] === 'image')?.slice(3, 5)).toEqual(['300', '300']);
    expect(rows.find((cols) => cols[2] === 'smask')?.slice(3, 5)).toEqual(['300', '300']);
  });
});
