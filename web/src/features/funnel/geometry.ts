// Sign areas between the screen and the PDF (spec: stored in PDF points, origin bottom-left, as
// pdf-lib expects). A page is drawn `scale` CSS pixels per point; screen boxes have their origin at
// the page's top-left corner.
import {
  DEFAULT_SIGN_HEIGHT,
  PAGE_DISPLAY_HEIGHT_DESKTOP,
  PAGE_DISPLAY_WIDTH_MOBILE,
  SCROLL_WINDOW_DESKTOP,
  SCROLL_WINDOW_MOBILE,
} from '../../../../shared/domain/constants';
import type { PageSize } from '../../../../shared/domain/entities';

export interface PdfBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ScreenBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Default size of a new sign area, in points. */
export const DEFAULT_AREA = { width: 150, height: DEFAULT_SIGN_HEIGHT } as const;
/** The smallest area a drag or resize makes, in points. */
export const MIN_AREA = { width: 20, height: 10 } as const;

export function toScreen(box: PdfBox, page: PageSize, scale: number): ScreenBox {
  return {
    left: box.x * scale,
    top: (page.height - box.y - box.height) * scale,
    width: box.width * scale,
    height: box.height * scale,
  };
}

export function toPdf(box: ScreenBox, page: PageSize, scale: number): PdfBox {
  const width = box.width / scale;
  const height = box.height / scale;
  return { x: box.left / scale, y: page.height - box.top / scale - height, width, height };
}

// Rounded down to 1/100 point, so a box at the edge never ends beyond it.
const round = (n: number) => Math.floor(n * 100) / 100;

/** Keeps a box inside the page: no larger than the page, at least the minimum size, moved inside. */
export function clampToPage(box: PdfBox, page: PageSize): PdfBox {
  const width = Math.min(Math.max(box.width, MIN_AREA.width), page.width);
  const height = Math.min(Math.max(box.height, MIN_AREA.height), page.height);
  const x = Math.min(Math.max(box.x, 0), page.width - width);
  const y = Math.min(Math.max(box.y, 0), page.height - height);
  return { x: round(x), y: round(y), width: round(width), height: round(height) };
}

/** A new box of `size` (points) whose top-left corner is at a point of the page (in points). */
export function boxAt(
  point: { x: number; y: number },
  size: { width: number; height: number },
  page: PageSize,
): PdfBox {
  return clampToPage({ x: point.x, y: point.y - size.height, width: size.width, height: size.height }, page);
}

/** A new sign area of the default size whose top-left corner is at a point of the page (in points). */
export function defaultAreaAt(point: { x: number; y: number }, page: PageSize): PdfBox {
  return boxAt(point, DEFAULT_AREA, page);
}

/** A phone, for the page display: a screen no wider than this (the spec's 380 px phone, with room). */
const PHONE_MAX_WIDTH = 640;

/** The width a page is shown at in the scroll window: 380 px at most on a phone, 820 px tall at
 *  most on a desktop. */
export function windowPageWidth(available: number, page: PageSize, screenWidth: number): number {
  if (screenWidth <= PHONE_MAX_WIDTH) return Math.min(available, PAGE_DISPLAY_WIDTH_MOBILE);
  return Math.min(available, (PAGE_DISPLAY_HEIGHT_DESKTOP * page.width) / page.height);
}

/** The scroll window's height on this screen. */
export function scrollWindowHeight(screenWidth: number): number {
  return screenWidth <= PHONE_MAX_WIDTH ? SCROLL_WINDOW_MOBILE : SCROLL_WINDOW_DESKTOP;
}
