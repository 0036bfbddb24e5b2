// The fonts of every generated PDF: Noto Sans JP (Latin, kana, kanji) and Noto Sans KR (Hangul), read
// and parsed once per process, embedded as subsets through upstream fontkit 2 (see docs/decisions.md:
// @pdf-lib/fontkit drops CJK glyphs when subsetting).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { EventEmitter } from 'node:events';
import * as fontkit from 'fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';
import { SealError } from './errors';

export interface FontFile {
  /** Module path, resolvable from this file with require.resolve. */
  readonly module: string;
  /** The basename, which the Lambda bundle copies next to the code (SEAL_FONT_DIR). */
  readonly file: string;
}

/** The font files used, in order of preference: a character takes the first font that has it. */
export const FONT_FILES: readonly FontFile[] = [
  {
    module: '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf',
    file: 'NotoSansJP_400Regular.ttf',
  },
  {
    module: '@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf',
    file: 'NotoSansKR_400Regular.ttf',
  },
];

interface LoadedFont {
  readonly bytes: Uint8Array;
  readonly font: fontkit.Font;
  /** A fixed BaseFont name, so identical input gives byte-identical output (pdf-lib adds a random suffix otherwise). */
  readonly baseName: string;
}

let loaded: readonly LoadedFont[] | undefined;
const parsedByBytes = new WeakMap<Uint8Array, fontkit.Font>();

/** Where a font file is read from: `${SEAL_FONT_DIR}/${file}` in a Lambda bundle, else the npm package. */
export function fontPath(file: FontFile): string {
  const dir = process.env.SEAL_FONT_DIR;
  if (dir) return `${dir.replace(/\/+$/, '')}/${file.file}`;
  return createRequire(import.meta.url).resolve(file.module);
}

/**
 * pdf-lib 1.17 serialises a subset with `subset.encodeStream().on('data'|'end'|'error')`; fontkit 2
 * offers `subset.encode()` returning the bytes. Give each subset an `encodeStream` that emits them.
 */
function adaptForPdfLib(font: fontkit.Font): fontkit.Font {
  const createSubset = font.createSubset.bind(font);
  font.createSubset = () => {
    const subset = createSubset();
    subset.encodeStream = () => {
      const stream = new EventEmitter();
      setImmediate(() => {
        try {
          stream.emit('data', subset.encode());
          stream.emit('end');
        } catch (error) {
          stream.emit('error', error);
        }
      });
      return stream;
    };
    return subset;
  };
  return font;
}

/** The fonts, read and parsed on first use and kept for the life of the process. */
export function loadFonts(): readonly LoadedFont[] {
  if (loaded) return loaded;
  loaded = FONT_FILES.map((file) => {
    let bytes: Uint8Array;
    let font: fontkit.Font;
    try {
      const buffer = readFileSync(fontPath(file));
      // A Uint8Array of this realm: pdf-lib checks `instanceof Uint8Array`.
      bytes = new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
      font = adaptForPdfLib(fontkit.create(bytes));
    } catch (error) {
      throw new SealError('font_missing', `font ${file.file} could not be loaded`, { cause: error });
    }
    parsedByBytes.set(bytes, font);
    return { bytes, font, baseName: `${font.postscriptName || file.file.replace(/\..*$/, '')}-SignSeal` };
  });
  return loaded;
}

/**
 * The fontkit pdf-lib is given: hands back the font parsed once per process instead of parsing the
 * multi-megabyte file again for every document.
 */
const pdfLibFontkit = {
  create(bytes: Uint8Array): fontkit.Font {
    return parsedByBytes.get(bytes) ?? adaptForPdfLib(fontkit.create(bytes));
  },
};

/** The fonts of one document: each embedded (as a subset) only when a character first needs it. */
export class FontSet {
  private readonly fonts = loadFonts();
  private readonly embedded = new Map<number, Promise<PDFFont>>();
  private readonly pdfFonts: (PDFFont | undefined)[] = [];

  constructor(private readonly doc: PDFDocument) {
    // pdf-lib's Fontkit type describes @pdf-lib/fontkit; fontkit 2 plus the adapter has what it calls.
    doc.registerFontkit(pdfLibFontkit as unknown as Parameters<PDFDocument['registerFontkit']>[0]);
  }

  /** The index of the font that draws this code point: the first that has it, else the first. */
  fontIndexFor(codePoint: number): number {
    for (let i = 0; i < this.fonts.length; i += 1) {
      if (this.fonts[i]!.font.hasGlyphForCodePoint(codePoint)) return i;
    }
    return 0;
  }

  /** Embeds every font some text needs, so drawing can stay synchronous. */
  async prepare(texts: Iterable<string>): Promise<void> {
    const needed = new Set<number>([0]);
    for (const text of texts) {
      for (const char of text) {
        const cp = char.codePointAt(0)!;
        if (cp > 0x7f) needed.add(this.fontIndexFor(cp));
      }
    }
    await Promise.all([...needed].map((i) => this.embed(i)));
  }

  private embed(index: number): Promise<PDFFont> {
    let pending = this.embedded.get(index);
    if (!pending) {
      const { bytes, baseName } = this.fonts[index]!;
      pending = this.doc.embedFont(bytes, { subset: true, customName: baseName }).then((font) => {
        this.pdfFonts[index] = font;
        return font;
      });
      this.embedded.set(index, pending);
    }
    return pending;
  }

  /** The embedded font at an index; `prepare` must have seen the text first. */
  pdfFont(index: number): PDFFont {
    const font = this.pdfFonts[index] ?? this.pdfFonts[0];
    if (!font) throw new Error('FontSet.prepare was not awaited');
    return font;
  }
}
