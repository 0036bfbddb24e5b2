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

  it.each([
    [0, '山田 花子 Alice Smith 業務委託契約書 2026年11月22日 (署名済) ÀÉîõü ﬁ ①'],
    [1, '김민수 이서연 박지훈 Bob Jones 계약서 서명 완료 2026-11-22'],
  ])(
    'writes the same subset opened from the file (glyphs read on demand) as over its bytes: font %i',
    (index, text) => {
      const path = fontPath(FONT_FILES[index]!);
      const inMemory = new TrueTypeFont(readFileSync(path));
      const opened = TrueTypeFont.open(path);
      expect(opened.postscriptName).toBe(inMemory.postscriptName);
      expect([opened.ascent, opened.descent, opened.capHeight, opened.italicAngle]).toEqual([
        inMemory.ascent,
        inMemory.descent,
        inMemory.capHeight,
        inMemory.italicAngle,
      ]);
      const subsets = [new GlyphSubset(inMemory), new GlyphSubset(opened)];
      for (const char of text) {
        const ids = subsets.map((subset) => subset.include(subset.font.glyphId(char.codePointAt(0)!), char));
        expect(ids[1]).toBe(ids[0]);
      }
      expect(subsets[1]!.glyphs.length).toBeGreaterThan(20);
      const [expected, actual] = subsets.map((subset) => Buffer.from(subset.encode()));
      expect(actual!.equals(expected!)).toBe(true);
      expect(actual!.length).toBeGreaterThan(1000);
    },
  );

  /**
   * A tiny TrueType file (the Noto fonts have no composite glyphs): 'A' is glyph 2, a composite of
   * glyphs 3 (word offsets) and 1 (byte offsets and a scale); 'B' is glyph 3. Short loca, format 4 cmap.
   */
  function compositeFont(): Uint8Array {
    const u16 = (...values: number[]) => {
      const view = new DataView(new ArrayBuffer(2 * values.length));
      values.forEach((v, i) => view.setUint16(2 * i, v & 0xffff));
      return new Uint8Array(view.buffer);
    };
    const simple = (seed: number) =>
      Uint8Array.from([0, 1, 0, 0, 0, 0, 0, 100, 0, 100, seed, seed + 1, 0, 3]);
    // numberOfContours -1, bbox; component: flags, glyph, args; the last has no MORE_COMPONENTS
    const composite = Buffer.concat([
      u16(-1, 0, 0, 200, 200),
      u16(0x0021, 3, 10, 20),
      Uint8Array.from([0, 0x08, 0, 1, 5, 6, 0x20, 0]),
    ]);
    const glyphs = [new Uint8Array(0), simple(7), composite, simple(9)];
    const offsets = [0];
    for (const glyph of glyphs) offsets.push(offsets.at(-1)! + glyph.length);
    const head = new Uint8Array(54);
    new DataView(head.buffer).setUint16(18, 1000);
    const tables: Record<string, Uint8Array> = {
      cmap: Buffer.concat([
        u16(0, 1, 3, 1, 0, 12), // one subtable, platform 3 encoding 1, at offset 12
        u16(4, 32, 0, 4, 4, 1, 0, 0x42, 0xffff, 0, 0x41, 0xffff, 2 - 0x41, 1, 0, 0),
      ]),
      glyf: Buffer.concat(glyphs),
      head,
      hhea: Buffer.concat([u16(1, 0, 800, -200), new Uint8Array(26), u16(4)]),
      hmtx: u16(500, 0, 600, 10, 700, 20, 800, 30),
      loca: u16(...offsets.map((offset) => offset / 2)),
      maxp: u16(0, 0x5000, 4),
    };
    const tags = Object.keys(tables).sort();
    const directory = new DataView(new ArrayBuffer(12 + 16 * tags.length));
    directory.setUint32(0, 0x00010000);
    directory.setUint16(4, tags.length);
    let offset = directory.byteLength;
    tags.forEach((tag, i) => {
      for (let j = 0; j < 4; j += 1) directory.setUint8(12 + 16 * i + j, tag.charCodeAt(j));
      directory.setUint32(12 + 16 * i + 8, offset);
      directory.setUint32(12 + 16 * i + 12, tables[tag]!.length);
      offset += tables[tag]!.length;
    });
    return Buffer.concat([new Uint8Array(directory.buffer), ...tags.map((tag) => tables[tag]!)]);
  }

  it('reads a composite glyph and its components from the file, and renumbers them in the subset', () => {
    const bytes = compositeFont();
    const file = join(dir, 'composite.ttf');
    writeFileSync(file, bytes);
    const inMemory = new TrueTypeFont(bytes);
    const opened = TrueTypeFont.open(file);
    expect(opened.glyphId(0x41)).toBe(2);
    expect(opened.glyphId(0x42)).toBe(3);
    expect(opened.glyphId(0x43)).toBe(0);
    const subsets = [new GlyphSubset(inMemory), new GlyphSubset(opened)];
    for (const subset of subsets) {
      expect(subset.include(subset.font.glyphId(0x41), 'A')).toBe(1);
      expect(subset.include(subset.font.glyphId(0x42), 'B')).toBe(2); // already in, as A's component
      expect(subset.glyphs).toEqual([0, 2, 3, 1]);
    }
    const [expected, actual] = subsets.map((subset) => Buffer.from(subset.encode()));
    expect(actual!.equals(expected!)).toBe(true);
    const written = new TrueTypeFont(actual!);
    const outline = new DataView(written.glyphData(1).buffer, written.glyphData(1).byteOffset);
    expect([outline.getUint16(12), outline.getUint16(20)]).toEqual([2, 3]); // glyphs 3 and 1, renumbered
    expect(written.advance(3)).toBe(600);
    expect(written.leftSideBearing(1)).toBe(20);
  });

  it('fails clearly on a file that is not a TrueType font', () => {
    const file = join(dir, 'not-a-font.ttf');
    writeFileSync(file, 'not a font at all, just text');
    expect(() => TrueTypeFont.open(file)).toThrow('not a TrueType font');
    expect(() => TrueTypeFont.open(join(dir, 'missing.ttf'))).toThrow(/ENOENT/);
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
