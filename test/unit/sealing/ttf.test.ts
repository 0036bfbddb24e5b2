// The sealing fonts without fontkit (issue #19): TrueType lookups in place, the glyf subset a document
// embeds, PNG unfiltering row by row, and what poppler reads from a sealed file's fonts.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServiceSigner, sealPdf, type SealInput } from '../../../lambdas/sealing/index';
import { FONT_FILES, fontPath } from '../../../lambdas/sealing/fonts';
import { unfilterSplit } from '../../../lambdas/sealing/png';
import { GlyphSubset, TrueTypeFont } from '../../../lambdas/sealing/ttf';
import { auditData, makeOriginal, makeSignPng, stamps } from './fixtures';

const dir = mkdtempSync(join(tmpdir(), 'ttf-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const jp = new TrueTypeFont(readFileSync(fontPath(FONT_FILES[0]!)));
const kr = new TrueTypeFont(readFileSync(fontPath(FONT_FILES[1]!)));

function checksum(bytes: Uint8Array): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let sum = 0;
  for (let i = 0; i + 4 <= bytes.length; i += 4) sum = (sum + view.getUint32(i)) >>> 0;
  return sum;
}

describe('TrueTypeFont', () => {
  it('maps code points to glyphs through the Unicode cmap: Latin and kanji in JP, Hangul only in KR', () => {
    expect(jp.postscriptName).toBe('NotoSansJP-Regular');
    expect(jp.glyphId(0x41)).toBeGreaterThan(0);
    expect(jp.hasGlyphForCodePoint('山'.codePointAt(0)!)).toBe(true);
    expect(jp.hasGlyphForCodePoint('김'.codePointAt(0)!)).toBe(false);
    expect(kr.hasGlyphForCodePoint('김'.codePointAt(0)!)).toBe(true);
    expect(jp.glyphId(0x10ffff)).toBe(0);
    // a full-width ideograph advances one em
    expect(jp.advance(jp.glyphId('山'.codePointAt(0)!))).toBe(jp.unitsPerEm);
  });

  it('writes a subset that is a well-formed TrueType file with the same outlines and advances', () => {
    const subset = new GlyphSubset(jp);
    const text = '山田 花子 Alice 業務委託契約書';
    const ids = [...text].map((char) => subset.include(jp.glyphId(char.codePointAt(0)!), char));
    expect(ids[0]).toBe(1); // 0 stays .notdef; ids in order of first use
    const file = subset.encode();
    expect(file.length % 4).toBe(0);
    expect(checksum(file)).toBe(0xb1b0afba); // checkSumAdjustment set over the whole file
    const parsed = new TrueTypeFont(file);
    expect(parsed.numGlyphs).toBe(subset.glyphs.length);
    expect(parsed.unitsPerEm).toBe(jp.unitsPerEm);
    subset.glyphs.forEach((glyph, id) => {
      const outline = jp.glyphData(glyph);
      const copied = parsed.glyphData(id); // padded to 4 bytes with zeros
      expect(Buffer.from(copied.subarray(0, outline.length)).equals(Buffer.from(outline))).toBe(true);
      expect(copied.length - outline.length).toBeLessThan(4);
      expect(copied.subarray(outline.length).every((b) => b === 0)).toBe(true);
      expect(parsed.advance(id)).toBe(jp.advance(glyph));
      expect(parsed.leftSideBearing(id)).toBe(jp.leftSideBearing(glyph));
    });
    // far smaller than the 5.5 MB font
    expect(file.length).toBeLessThan(20_000);
  });
});

describe('unfilterSplit', () => {
  // The reference: PNG's five row filters undone byte by byte (the PNG specification's pseudo-code).
  function reference(raw: Uint8Array, width: number, height: number, bpp: number): Uint8Array {
    const stride = width * bpp;
    const out = new Uint8Array(stride * height);
    for (let y = 0; y < height; y += 1) {
      const filter = raw[y * (stride + 1)]!;
      for (let x = 0; x < stride; x += 1) {
        const value = raw[y * (stride + 1) + 1 + x]!;
        const a = x >= bpp ? out[y * stride + x - bpp]! : 0;
        const b = y > 0 ? out[(y - 1) * stride + x]! : 0;
        const c = x >= bpp && y > 0 ? out[(y - 1) * stride + x - bpp]! : 0;
        const p = a + b - c;
        const paeth =
          Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c)
            ? a
            : Math.abs(p - b) <= Math.abs(p - c)
              ? b
              : c;
        const predicted = [0, a, b, (a + b) >> 1, paeth][filter]!;
        out[y * stride + x] = (value + predicted) & 0xff;
      }
    }
    return out;
  }

  it.each([
    [4, 'RGBA'],
    [2, 'grey + alpha'],
  ])('undoes every row filter (0–4) and splits colour from alpha for %i bytes per pixel (%s)', (bpp) => {
    const width = 37;
    const height = 25; // five rows of each filter, in turn
    const raw = Buffer.alloc((width * bpp + 1) * height);
    let seed = 7;
    for (let i = 0; i < raw.length; i += 1) {
      seed = (seed * 1103515245 + 12345) >>> 0;
      raw[i] = seed >>> 24;
    }
    for (let y = 0; y < height; y += 1) raw[y * (width * bpp + 1)] = y % 5;
    const pixels = reference(raw, width, height, bpp);
    const color = new Uint8Array(width * height * (bpp - 1));
    const alpha = new Uint8Array(width * height);
    unfilterSplit(raw, width, height, bpp, color, alpha);
    for (let i = 0; i < width * height; i += 1) {
      for (let c = 0; c < bpp - 1; c += 1) expect(color[i * (bpp - 1) + c]).toBe(pixels[i * bpp + c]);
      expect(alpha[i]).toBe(pixels[i * bpp + bpp - 1]);
    }
  });
});

describe('the fonts of a sealed PDF', () => {
  const signer = createServiceSigner('SignSeal Test Fonts');

  async function seal(names: string[]): Promise<string> {
    const input: SealInput = {
      original: await makeOriginal(1),
      stamps: stamps(1, 1, [makeSignPng(300, 120)]),
      // the fixture's history has a Korean action: none here, so the names decide the fonts
      audit: { ...auditData(names, 0), title: '業務委託契約書' },
      language: 'jp',
      signer,
      signedAt: new Date('2026-11-22T10:10:00Z'),
    };
    const file = join(dir, `${names.length}-${names[0]}.pdf`);
    writeFileSync(file, (await sealPdf(input)).pdf);
    return file;
  }

  it('embeds only Noto Sans JP when no text needs Hangul, as a CID TrueType font with ToUnicode', async () => {
    const file = await seal(['山田 花子', 'Alice Smith']);
    const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' });
    expect(fonts).toMatch(/NotoSansJP-Regular-SignSeal\s+CID TrueType\s+Identity-H\s+yes\s+\S+\s+yes/);
    expect(fonts).not.toContain('NotoSansKR');
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('山田 花子');
    expect(text).toContain('業務委託契約書');
  });

  it('adds Noto Sans KR for a Korean name, which copies out as Hangul', async () => {
    const file = await seal(['김민수', '佐藤 太郎']);
    const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' });
    expect(fonts).toMatch(/NotoSansKR-Regular-SignSeal\s+CID TrueType\s+Identity-H\s+yes\s+\S+\s+yes/);
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('김민수');
    expect(text).toContain('佐藤 太郎');
  });
});
