// The fonts of every generated PDF: Noto Sans JP (Latin, kana, kanji) and Noto Sans KR (Hangul), each
// opened on first need and kept for the life of the process (its small tables in memory, glyph
// outlines read from the file as documents draw them), embedded as subsets by ./ttf.ts (see
// docs/decisions.md: no font library at sealing time, issue #19).
import { createRequire } from 'node:module';
import type { PDFDocument, PDFFont } from 'pdf-lib';
import { SealError } from './errors';
import { embedSubsetFont, TrueTypeFont } from './ttf';

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
  readonly font: TrueTypeFont;
  /** A fixed BaseFont name, so identical input gives byte-identical output. */
  readonly baseName: string;
}

const loaded: (LoadedFont | undefined)[] = [];

/** Where a font file is read from: `${SEAL_FONT_DIR}/${file}` in a Lambda bundle, else the npm package. */
export function fontPath(file: FontFile): string {
  const dir = process.env.SEAL_FONT_DIR;
  if (dir) return `${dir.replace(/\/+$/, '')}/${file.file}`;
  return createRequire(import.meta.url).resolve(file.module);
}

/** The font at an index of FONT_FILES, opened on first use and kept for the life of the process. */
export function loadFont(index: number): LoadedFont {
  let font = loaded[index];
  if (font) return font;
  const file = FONT_FILES[index]!;
  try {
    const parsed = TrueTypeFont.open(fontPath(file));
    font = { font: parsed, baseName: `${parsed.postscriptName || file.file.replace(/\..*$/, '')}-SignSeal` };
  } catch (error) {
    throw new SealError('font_missing', `font ${file.file} could not be loaded`, { cause: error });
  }
  loaded[index] = font;
  return font;
}

/** The fonts of one document: each read (once per process) and embedded only when a character needs it. */
export class FontSet {
  private readonly pdfFonts: (PDFFont | undefined)[] = [];

  constructor(private readonly doc: PDFDocument) {}

  /** The index of the font that draws this code point: the first that has it, else the first. */
  fontIndexFor(codePoint: number): number {
    for (let i = 0; i < FONT_FILES.length; i += 1) {
      if (loadFont(i).font.hasGlyphForCodePoint(codePoint)) return i;
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
    for (const index of [...needed].sort()) this.embed(index);
  }

  private embed(index: number): PDFFont {
    let font = this.pdfFonts[index];
    if (!font) {
      const { font: ttf, baseName } = loadFont(index);
      font = embedSubsetFont(this.doc, ttf, baseName);
      this.pdfFonts[index] = font;
    }
    return font;
  }

  /** The embedded font at an index; `prepare` must have seen the text first. */
  pdfFont(index: number): PDFFont {
    const font = this.pdfFonts[index] ?? this.pdfFonts[0];
    if (!font) throw new Error('FontSet.prepare was not awaited');
    return font;
  }
}
