// Video evidence on the signed pages (issue #15): under each video signer's stamped sign, a small QR
// code to that video's verification page and a caption beside it (recorded at, SHA-256 prefix). The
// mark stays inside the page and off the other sign areas: below the sign when there is room, else
// above, right or left of it; when no side is free it goes below, moved inside the page.
import type { PDFDocument } from 'pdf-lib';
import type { FontSet } from './fonts';
import { drawQr, GREY, PageContent, Typesetter } from './typeset';
import type { VideoMark } from './types';

/** The QR code's side in points: 41 modules of a verify URL at ~1.2 pt, readable from a 300 dpi scan. */
export const MARK_QR = 48;
export const MARK_TEXT_WIDTH = 112;
export const MARK_WIDTH = MARK_QR + 4 + MARK_TEXT_WIDTH;
export const MARK_HEIGHT = MARK_QR;
const CAPTION_SIZE = 5.5;
const GAP = 3;
const EDGE = 6;

export interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * Where a mark of `MARK_WIDTH` × `MARK_HEIGHT` goes for the sign `area` on a page of `page` size, away
 * from `others` (the page's other sign areas and marks already placed). Bottom-left corner returned.
 */
export function placeMark(
  area: Box,
  page: { width: number; height: number },
  others: readonly Box[],
): { x: number; y: number } {
  const clampX = (x: number) => Math.min(Math.max(x, EDGE), page.width - MARK_WIDTH - EDGE);
  const clampY = (y: number) => Math.min(Math.max(y, EDGE), page.height - MARK_HEIGHT - EDGE);
  const candidates = [
    { x: area.x, y: area.y - GAP - MARK_HEIGHT }, // below
    { x: area.x, y: area.y + area.height + GAP }, // above
    { x: area.x + area.width + GAP, y: area.y + area.height - MARK_HEIGHT }, // right
    { x: area.x - GAP - MARK_WIDTH, y: area.y + area.height - MARK_HEIGHT }, // left
  ];
  const fitsPage = (c: { x: number; y: number }) =>
    c.y >= EDGE && c.y + MARK_HEIGHT <= page.height - EDGE && c.x + MARK_WIDTH >= EDGE && c.x <= page.width;
  for (const raw of candidates) {
    if (!fitsPage(raw)) continue;
    const c = { x: clampX(raw.x), y: raw.y };
    const box = { ...c, width: MARK_WIDTH, height: MARK_HEIGHT };
    if (!overlaps(box, area) && !others.some((o) => overlaps(box, o))) return c;
  }
  return { x: clampX(candidates[0]!.x), y: clampY(candidates[0]!.y) };
}

/** Draws every mark on its page (after the stamps, so each page's own content is already wrapped). */
export async function drawVideoMarks(
  doc: PDFDocument,
  fonts: FontSet,
  marks: readonly VideoMark[],
  areas: readonly (Box & { pageIndex: number })[],
): Promise<void> {
  if (marks.length === 0) return;
  await fonts.prepare(marks.map((m) => m.caption));
  const type = new Typesetter(fonts);
  const pages = doc.getPages();
  const contents = new Map<number, PageContent>();
  const placed = new Map<number, Box[]>();
  for (const mark of marks) {
    const page = pages[mark.pageIndex];
    if (!page) continue; // the stamps were checked first: an area outside the document is refused there
    let content = contents.get(mark.pageIndex);
    if (!content) {
      content = new PageContent(page);
      contents.set(mark.pageIndex, content);
    }
    const others = [
      ...areas.filter((a) => a.pageIndex === mark.pageIndex && !overlaps(a, mark)),
      ...(placed.get(mark.pageIndex) ?? []),
    ];
    const { width, height } = page.getSize();
    const at = placeMark(mark, { width, height }, others);
    placed.set(mark.pageIndex, [
      ...(placed.get(mark.pageIndex) ?? []),
      { ...at, width: MARK_WIDTH, height: MARK_HEIGHT },
    ]);
    drawQr(content, mark.url, at.x, at.y, MARK_QR);
    const lines = type.wrap(mark.caption, CAPTION_SIZE, MARK_TEXT_WIDTH).slice(0, 6);
    const lineHeight = CAPTION_SIZE * 1.3;
    lines.forEach((line, i) => {
      const baseline = at.y + MARK_HEIGHT - (i + 1) * lineHeight + CAPTION_SIZE * 0.25;
      type.draw(content, line, at.x + MARK_QR + 4, baseline, CAPTION_SIZE, GREY);
    });
  }
  for (const content of contents.values()) content.finish(doc, fonts);
}
