// Fields drawn into the original's pages (issue #27, architecture §19): each value in its area with the
// embedded CJK-capable fonts (./fonts.ts), so pdftotext finds it; a ticked checkbox as a vector check
// mark; a strikethrough as a line through the middle of its area. Text fits its area: one line shrunk
// until it fits the width, a multiline text wrapped (at spaces, between CJK characters) and shrunk
// until its lines fit the height; what still does not fit at the smallest size is clipped to the area.
// One content stream per page, written once (./typeset.ts PageContent), as the audit pages are.
import type { PDFDocument, PDFPage } from 'pdf-lib';
import { assertArea, SealError } from './errors';
import type { FontSet } from './fonts';
import { BLACK, PageContent, Typesetter } from './typeset';
import type { FieldDrawing } from './types';

const LEADING = 1.2;
/** Largest size of a filled value, and of an attachment's caption. */
const MAX_SIZE = 14;
const MAX_SIZE_MULTILINE = 12;
const MAX_SIZE_SMALL = 8;
/** Smallest size text is shrunk to; below it, a text is wrapped (and what still overflows clipped). */
export const MIN_SIZE = 4;

export interface FittedText {
  readonly size: number;
  readonly lines: readonly string[];
}

/** The size and lines of a text in a box of `width` × `height` points (padding excluded). */
export function fitText(
  type: Typesetter,
  text: string,
  width: number,
  height: number,
  options: { multiline?: boolean; small?: boolean } = {},
): FittedText {
  const clean = text.replace(/\r\n?/g, '\n');
  const cap = options.small ? MAX_SIZE_SMALL : options.multiline ? MAX_SIZE_MULTILINE : MAX_SIZE;
  const oneLine = !options.multiline && !clean.includes('\n');
  if (oneLine) {
    const natural = type.width(clean, 1);
    const size = Math.min(cap, height / LEADING, natural > 0 ? width / natural : cap);
    if (size >= MIN_SIZE) return { size, lines: [clean] };
  }
  // Several lines: the largest size (in steps of 5%) whose wrapped lines fit the height.
  const paragraphs = clean.split('\n');
  let size = Math.max(MIN_SIZE, Math.min(cap, height / LEADING));
  for (;;) {
    const room = linesIn(height, size);
    const fit = Math.max(1, Math.floor(height / (size * LEADING)));
    // One line more than is kept or fits tells whether the text fits: the rest is never wrapped.
    const lines = wrapParagraphs(type, paragraphs, size, width, Math.max(room, fit) + 1);
    if (lines.length <= room || size <= MIN_SIZE) return { size, lines: lines.slice(0, fit) };
    size = Math.max(MIN_SIZE, size * 0.95);
  }
}

/** How many lines of `size` fit a height: the most `n` with `n * size * LEADING <= height`. */
function linesIn(height: number, size: number): number {
  let n = Math.floor(height / (size * LEADING));
  while ((n + 1) * size * LEADING <= height) n += 1;
  while (n > 0 && n * size * LEADING > height) n -= 1;
  return n;
}

/** The first `maxLines` lines of the paragraphs, each wrapped on its own (Typesetter.wrap turns control
 *  characters, \n too, into spaces). */
function wrapParagraphs(
  type: Typesetter,
  paragraphs: readonly string[],
  size: number,
  width: number,
  maxLines: number,
): string[] {
  const lines: string[] = [];
  for (const paragraph of paragraphs) {
    if (lines.length >= maxLines) break;
    lines.push(...type.wrap(paragraph, size, width, maxLines - lines.length));
  }
  return lines;
}

const KINDS: ReadonlySet<string> = new Set<FieldDrawing['kind']>(['text', 'check', 'strike', 'none']);
/**
 * The longest text drawn into one field: far beyond any value the handlers accept (a text field holds
 * at most 2,000 characters), so only a damaged record reaches it, and is refused rather than typeset.
 */
export const MAX_TEXT_CHARS = 20_000;

/** A field the module can draw: on a page (and not wholly off it), of a known kind, with a text. */
function checkField(field: FieldDrawing, index: number, pages: readonly PDFPage[]): void {
  assertArea(field, `field ${index}`, pages.length);
  const box = pages[field.pageIndex]!.getMediaBox();
  const { x, y, width, height } = field;
  if (x >= box.x + box.width || y >= box.y + box.height || x + width <= box.x || y + height <= box.y) {
    throw new SealError('bad_area', `field ${index} lies off its page (page ${field.pageIndex})`);
  }
  if (!KINDS.has(field.kind)) throw new SealError('bad_field', `field ${index} is of no known kind`);
  if (field.kind !== 'text') return;
  if (typeof field.text !== 'string') throw new SealError('bad_field', `field ${index} has no text`);
  if (field.text.length > MAX_TEXT_CHARS) {
    throw new SealError('bad_field', `field ${index}'s text is longer than ${MAX_TEXT_CHARS} characters`);
  }
}

/** Draws every field into its page (after the stamps). Empty fields (`none`) draw nothing. */
export async function drawFields(
  doc: PDFDocument,
  fonts: FontSet,
  fields: readonly FieldDrawing[],
): Promise<void> {
  const pages = doc.getPages();
  fields.forEach((field, i) => checkField(field, i, pages));
  const drawn = fields.filter((f) => f.kind !== 'none' && !(f.kind === 'text' && !f.text!.trim()));
  if (drawn.length === 0) return;
  await fonts.prepare(drawn.map((f) => f.text ?? ''));
  const type = new Typesetter(fonts);
  const contents = new Map<number, PageContent>();
  for (const field of drawn) {
    let content = contents.get(field.pageIndex);
    if (!content) {
      content = new PageContent(pages[field.pageIndex]!);
      contents.set(field.pageIndex, content);
    }
    const { x, y, width, height } = field;
    if (field.kind === 'strike') {
      // Through the middle, the area's full width.
      const thickness = Math.min(Math.max(height * 0.08, 1), 2.5);
      content.line(x, y + height / 2, x + width, y + height / 2, thickness, BLACK);
      continue;
    }
    if (field.kind === 'check') {
      // A square centred in the area, the mark inside it.
      const side = Math.min(width, height) * 0.8;
      const sx = x + (width - side) / 2;
      const sy = y + (height - side) / 2;
      content.polyline(
        [
          [sx + side * 0.15, sy + side * 0.52],
          [sx + side * 0.4, sy + side * 0.2],
          [sx + side * 0.85, sy + side * 0.82],
        ],
        Math.max(side * 0.1, 0.75),
        BLACK,
      );
      continue;
    }
    const padX = Math.min(3, width * 0.06);
    const padY = Math.min(2, height * 0.08);
    const fitted = fitText(type, field.text!, width - 2 * padX, height - 2 * padY, {
      ...(field.multiline ? { multiline: true } : {}),
      ...(field.small ? { small: true } : {}),
    });
    const lineHeight = fitted.size * LEADING;
    content.beginClip(x, y, width, height);
    if (fitted.lines.length === 1) {
      // One line: centred vertically (Noto's capitals sit ~0.35 em above the baseline's middle).
      type.draw(content, fitted.lines[0]!, x + padX, y + height / 2 - fitted.size * 0.35, fitted.size);
    } else {
      fitted.lines.forEach((line, n) => {
        const baseline =
          y + height - padY - (n + 1) * lineHeight + (lineHeight - fitted.size) / 2 + fitted.size * 0.2;
        type.draw(content, line, x + padX, baseline, fitted.size);
      });
    }
    content.endClip();
  }
  for (const content of contents.values()) content.finish(doc, fonts);
}
