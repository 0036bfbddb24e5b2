// A top-to-bottom flow of A4 pages: headings, paragraphs and table rows that wrap and paginate.
import type { PDFDocument, PDFPage, RGB } from 'pdf-lib';
import { BLACK, GREY, PageContent, RULE, Typesetter } from './typeset';

export const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const FOOTER = 24;
const PAD_X = 4;
const PAD_Y = 3;
const LEADING = 1.35;

export interface Cell {
  readonly text: string;
  readonly width: number;
  readonly color?: RGB;
}

export class Flow {
  readonly pages: PDFPage[] = [];
  /** Each page's drawing, written into the document by `finish`. */
  private readonly contents: PageContent[] = [];
  readonly left = MARGIN;
  readonly width = A4[0] - 2 * MARGIN;
  readonly top = A4[1] - MARGIN;
  private readonly bottom = MARGIN + FOOTER;
  y = 0;
  /** Drawn at the top of each page the flow breaks to (a table's header row). */
  onBreak: (() => void) | undefined;

  constructor(
    private readonly doc: PDFDocument,
    readonly type: Typesetter,
  ) {}

  get page(): PDFPage {
    if (this.pages.length === 0) this.newPage();
    return this.pages[this.pages.length - 1]!;
  }

  /** The current page's drawing. */
  get content(): PageContent {
    if (this.pages.length === 0) this.newPage();
    return this.contents[this.contents.length - 1]!;
  }

  newPage(): PDFPage {
    const page = this.doc.addPage(A4);
    this.pages.push(page);
    this.contents.push(new PageContent(page));
    this.y = this.top;
    const header = this.onBreak;
    if (header && this.pages.length > 1) {
      this.onBreak = undefined; // the header row must not break again
      header();
      this.onBreak = header;
    }
    return page;
  }

  /** Starts a new page unless `height` points still fit on this one. */
  ensure(height: number): void {
    if (this.pages.length === 0 || this.y - height < this.bottom) this.newPage();
  }

  gap(height: number): void {
    this.y -= height;
  }

  /** Wrapped text across the full width (or from an indent). */
  text(text: string, size: number, options: { color?: RGB; indent?: number; width?: number } = {}): void {
    const indent = options.indent ?? 0;
    const lines = this.type.wrap(text, size, options.width ?? this.width - indent);
    const lineHeight = size * LEADING;
    for (const line of lines) {
      this.ensure(lineHeight);
      this.y -= lineHeight;
      this.type.draw(
        this.content,
        line,
        this.left + indent,
        this.y + (lineHeight - size) / 2 + size * 0.2,
        size,
        options.color,
      );
    }
  }

  /**
   * One table row: each cell wrapped to its width, top-aligned, a rule below. A row taller than what
   * is left goes to the next page; a row taller than a page continues over pages.
   */
  row(cells: readonly Cell[], size: number, options: { shade?: RGB } = {}): void {
    const lineHeight = size * LEADING;
    const wrapped = cells.map((cell) => this.type.wrap(cell.text, size, cell.width - 2 * PAD_X));
    let first = 0;
    let remaining = Math.max(...wrapped.map((lines) => lines.length));
    const pageRoom = this.top - this.bottom - 2 * PAD_Y;
    if (remaining * lineHeight <= pageRoom) this.ensure(remaining * lineHeight + 2 * PAD_Y);
    while (remaining > 0) {
      let fit = Math.floor((this.y - this.bottom - 2 * PAD_Y) / lineHeight);
      if (fit < 1) {
        this.newPage();
        fit = Math.floor((this.y - this.bottom - 2 * PAD_Y) / lineHeight);
      }
      const count = Math.min(fit, remaining);
      const height = count * lineHeight + 2 * PAD_Y;
      const content = this.content;
      if (options.shade) content.rectangle(this.left, this.y - height, this.width, height, options.shade);
      let x = this.left;
      cells.forEach((cell, i) => {
        const lines = wrapped[i]!.slice(first, first + count);
        lines.forEach((line, n) => {
          const baseline = this.y - PAD_Y - (n + 1) * lineHeight + (lineHeight - size) / 2 + size * 0.2;
          this.type.draw(content, line, x + PAD_X, baseline, size, cell.color ?? BLACK);
        });
        x += cell.width;
      });
      this.y -= height;
      content.line(this.left, this.y, this.left + this.width, this.y, 0.5, RULE);
      first += count;
      remaining -= count;
    }
  }

  /** A footer line on every page of the flow, once the total is known. */
  footers(text: (page: number, total: number) => string, size = 7.5): void {
    const total = this.contents.length;
    this.contents.forEach((content, i) => {
      this.type.draw(content, text(i + 1, total), this.left, MARGIN, size, GREY);
    });
  }

  /** Writes every page's drawing into the document: the flow's last step. */
  finish(): void {
    for (const content of this.contents) content.finish(this.doc, this.type.fonts);
  }
}
