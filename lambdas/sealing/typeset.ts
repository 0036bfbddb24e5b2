// Text on generated pages: each string split into runs by the font that has its characters (Noto Sans
// JP first, Noto Sans KR for what it lacks), measured, wrapped to a column and drawn run by run. A
// generated page's drawing is written as one content stream of PDF operators (PageContent), not
// through pdf-lib's drawText/drawRectangle: those build an operator object per number, assert every
// option and deflate with pako; they were most of the audit pages' time (issue #19).
import { deflateSync } from 'node:zlib';
import { PDFName, rgb, type PDFDocument, type PDFImage, type PDFPage, type RGB } from 'pdf-lib';
// The encoder only: qrcode's main module also loads its PNG, SVG and terminal renderers and pngjs
// (~40 KB in the seal and anchor bundles), which a QR code drawn as vector squares never uses.
import QRCode from 'qrcode/lib/core/qrcode.js';
import type { FontSet } from './fonts';

export const BLACK = rgb(0, 0, 0);
export const GREY = rgb(0.4, 0.4, 0.4);
export const RULE = rgb(0.8, 0.8, 0.8);

/** A number as a PDF operand: at most three decimals, never in exponent form. */
export function num(value: number): string {
  const rounded = Math.round(value * 1000) / 1000;
  return rounded === 0 ? '0' : String(rounded);
}

const colour = (c: RGB) => `${num(c.red)} ${num(c.green)} ${num(c.blue)}`;

/** One generated page's drawing: PDF operators gathered as text, written once by `finish`. */
export class PageContent {
  private readonly ops: string[] = [];
  private readonly fonts = new Set<number>();
  private readonly images: PDFImage[] = [];

  constructor(readonly page: PDFPage) {}

  /** An embedded image scaled into the box whose bottom-left corner is (x, y). */
  image(image: PDFImage, x: number, y: number, width: number, height: number): void {
    let index = this.images.indexOf(image);
    if (index < 0) index = this.images.push(image) - 1;
    this.ops.push(`q ${num(width)} 0 0 ${num(height)} ${num(x)} ${num(y)} cm /Im${index} Do Q`);
  }

  /** A run of text already encoded for its font (hex glyph ids), baseline at (x, y). */
  text(font: number, hex: string, x: number, y: number, size: number, color: RGB): void {
    this.fonts.add(font);
    this.ops.push(
      `BT /F${font} ${num(size)} Tf ${colour(color)} rg 1 0 0 1 ${num(x)} ${num(y)} Tm ${hex} Tj ET`,
    );
  }

  rectangle(x: number, y: number, width: number, height: number, color: RGB): void {
    this.ops.push(`${colour(color)} rg ${num(x)} ${num(y)} ${num(width)} ${num(height)} re f`);
  }

  line(x1: number, y1: number, x2: number, y2: number, thickness: number, color: RGB): void {
    this.ops.push(
      `${colour(color)} RG ${num(thickness)} w ${num(x1)} ${num(y1)} m ${num(x2)} ${num(y2)} l S`,
    );
  }

  /** Open polyline (round caps and joins): a check mark. */
  polyline(points: readonly (readonly [number, number])[], thickness: number, color: RGB): void {
    const path = points.map(([x, y], i) => `${num(x)} ${num(y)} ${i === 0 ? 'm' : 'l'}`).join(' ');
    this.ops.push(`${colour(color)} RG ${num(thickness)} w 1 J 1 j ${path} S`);
  }

  /** Everything drawn until `endClip` stays inside this rectangle (a field's area). */
  beginClip(x: number, y: number, width: number, height: number): void {
    this.ops.push(`q ${num(x)} ${num(y)} ${num(width)} ${num(height)} re W n`);
  }

  endClip(): void {
    this.ops.push('Q');
  }

  /** Writes the operators as the page's content stream (node's zlib), its fonts and images as resources. */
  finish(doc: PDFDocument, fonts: FontSet): void {
    for (const index of this.fonts)
      this.page.node.setFontDictionary(PDFName.of(`F${index}`), fonts.pdfFont(index).ref);
    this.images.forEach((image, i) => this.page.node.setXObject(PDFName.of(`Im${i}`), image.ref));
    const bytes = deflateSync(Buffer.from(this.ops.join('\n'), 'latin1'));
    const stream = doc.context.stream(bytes, { Filter: 'FlateDecode' });
    this.page.node.addContentStream(doc.context.register(stream));
  }
}

interface Run {
  readonly text: string;
  readonly font: number;
}

// Ideographs, kana and full-width forms may break anywhere; Hangul and Latin break at spaces.
const BREAK_ANYWHERE = /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]/u;
/** Spaces, one CJK character, or a run of anything else. */
const TOKENS =
  /\s+|[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]|[^\s\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]+/gu;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/gu;

export class Typesetter {
  /** Advance widths (em) by font, by code point. */
  private readonly advance: Map<number, number>[] = [];
  /** Width at 1 pt of the words wrapped so far. */
  private readonly tokens = new Map<string, number>();

  constructor(readonly fonts: FontSet) {}

  /** Control characters (from user agents, names) would draw as boxes or break lines: spaces instead. */
  static clean(text: string): string {
    return text.replace(CONTROL, ' ');
  }

  private runs(text: string): Run[] {
    const runs: Run[] = [];
    let current = '';
    let font = -1;
    for (const char of text) {
      const cp = char.codePointAt(0)!;
      // ASCII stays in the current run: every font has it, and fewer runs mean fewer text objects.
      const wanted = cp <= 0x7f ? (font < 0 ? 0 : font) : this.fonts.fontIndexFor(cp);
      if (wanted !== font && current) {
        runs.push({ text: current, font });
        current = '';
      }
      font = wanted;
      current += char;
    }
    if (current) runs.push({ text: current, font });
    return runs;
  }

  private charWidth(char: string, font: number): number {
    const cache = (this.advance[font] ??= new Map());
    const cp = char.codePointAt(0)!;
    let width = cache.get(cp);
    if (width === undefined) {
      width = this.fonts.pdfFont(font).widthOfTextAtSize(char, 1);
      cache.set(cp, width);
    }
    return width;
  }

  /** Width in points at a size (advance widths, no kerning: close enough to wrap a column). */
  width(text: string, size: number): number {
    let total = 0;
    for (const run of this.runs(text)) {
      for (const char of run.text) total += this.charWidth(char, run.font);
    }
    return total * size;
  }

  /** `width(token, size)` of a word, its width at 1 pt kept: a field's text is wrapped at many sizes. */
  private tokenWidth(token: string, size: number): number {
    let total = this.tokens.get(token);
    if (total === undefined) {
      total = this.width(token, 1);
      this.tokens.set(token, total);
    }
    return total * size;
  }

  /**
   * The lines of a text wrapped to a width: at spaces, between CJK characters, inside long tokens.
   * With `maxLines`, only the first lines are made (the same ones): a long text in a small field's
   * area is not wrapped to its end at every size tried.
   */
  wrap(text: string, size: number, maxWidth: number, maxLines = Infinity): string[] {
    const lines: string[] = [];
    let line = '';
    let lineWidth = 0;
    const push = () => {
      lines.push(line.trimEnd());
      line = '';
      lineWidth = 0;
    };
    for (const paragraph of Typesetter.clean(text).split(/\n/)) {
      // Read lazily: a wrap cut short by `maxLines` never splits the rest.
      for (const [token] of paragraph.matchAll(TOKENS)) {
        const isSpace = /^\s/.test(token);
        if (isSpace && !line) continue;
        const w = this.tokenWidth(token, size);
        if (lineWidth + w <= maxWidth || isSpace) {
          line += token;
          lineWidth += w;
        } else if (w <= maxWidth || BREAK_ANYWHERE.test(token)) {
          if (line.trim()) push();
          line = token;
          lineWidth = w;
        } else {
          for (const char of token) {
            const cw = this.width(char, size);
            if (lineWidth + cw > maxWidth && line.trim()) push();
            if (lines.length >= maxLines) return lines;
            line += char;
            lineWidth += cw;
          }
        }
        if (lines.length >= maxLines) return lines;
      }
      if (line.trim() || lines.length === 0) push();
      else line = '';
    }
    return lines;
  }

  /** Draws one line (no wrapping) with its baseline at y. */
  draw(content: PageContent, text: string, x: number, y: number, size: number, color: RGB = BLACK): void {
    let cursor = x;
    for (const run of this.runs(Typesetter.clean(text))) {
      const font = this.fonts.pdfFont(run.font);
      content.text(run.font, font.encodeText(run.text).toString(), cursor, y, size, color);
      let advance = 0;
      for (const char of run.text) advance += this.charWidth(char, run.font);
      cursor += advance * size; // cached advances: a second shaping pass per run costs more
    }
  }
}

/** A QR code as vector squares (one rectangle per horizontal run of dark modules), quiet zone excluded. */
export function drawQr(content: PageContent, url: string, x: number, y: number, size: number): void {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const n = modules.size;
  const cell = size / n;
  for (let row = 0; row < n; row += 1) {
    let col = 0;
    while (col < n) {
      if (!modules.get(row, col)) {
        col += 1;
        continue;
      }
      const start = col;
      while (col < n && modules.get(row, col)) col += 1;
      content.rectangle(x + start * cell, y + size - (row + 1) * cell, (col - start) * cell, cell, BLACK);
    }
  }
}
