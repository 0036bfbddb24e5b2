// Turns a sign canvas into the PNG the server accepts (SIGN_IMAGE_LIMITS): the drawing is trimmed to
// its ink with a small margin, kept within the maximum size and padded to the minimum one.
import { SIGN_IMAGE_LIMITS } from '../../../../../shared/api/schemas';

const MARGIN = 8;

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The bounding box of the ink (alpha > 16) in RGBA pixel data, or null when nothing is drawn. */
export function inkBounds(data: ArrayLike<number>, width: number, height: number): Box | null {
  let minX = width;
  let minY = height;
  let maxX = -1;
  let maxY = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if ((data[(y * width + x) * 4 + 3] ?? 0) > 16) {
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
      }
    }
  }
  if (maxX < 0) return null;
  return { x: minX, y: minY, w: maxX - minX + 1, h: maxY - minY + 1 };
}

/**
 * The exported image's size for ink of w×h pixels: a margin around it, scaled down to fit the
 * maximum size, padded up to the minimum one (SIGN_IMAGE_LIMITS); `inkW`×`inkH` is the ink's size.
 */
export function fitSignSize(
  w: number,
  h: number,
): { width: number; height: number; inkW: number; inkH: number } {
  const { minWidth, minHeight, maxWidth, maxHeight } = SIGN_IMAGE_LIMITS;
  const scale = Math.min(1, (maxWidth - 2 * MARGIN) / w, (maxHeight - 2 * MARGIN) / h);
  const inkW = Math.max(1, Math.floor(w * scale));
  const inkH = Math.max(1, Math.floor(h * scale));
  return {
    width: Math.max(minWidth, inkW + 2 * MARGIN),
    height: Math.max(minHeight, inkH + 2 * MARGIN),
    inkW,
    inkH,
  };
}

function inkBox(canvas: HTMLCanvasElement): Box | null {
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  return inkBounds(ctx.getImageData(0, 0, canvas.width, canvas.height).data, canvas.width, canvas.height);
}

/** Whether anything is drawn on the canvas. */
export function hasInk(canvas: HTMLCanvasElement): boolean {
  return inkBox(canvas) !== null;
}

/** The trimmed PNG as base64 (without the data: prefix), or null when the canvas is empty. */
export function exportSignPng(canvas: HTMLCanvasElement): string | null {
  const box = inkBox(canvas);
  if (!box) return null;
  const { width, height, inkW, inkH } = fitSignSize(box.w, box.h);
  const out = document.createElement('canvas');
  out.width = width;
  out.height = height;
  const ctx = out.getContext('2d');
  if (!ctx) return null;
  ctx.drawImage(canvas, box.x, box.y, box.w, box.h, (width - inkW) / 2, (height - inkH) / 2, inkW, inkH);
  return out.toDataURL('image/png').replace(/^data:image\/png;base64,/, '');
}

/** The PNG of a canvas's ink, or the message when there is none. */
export function inkOf(canvas: HTMLCanvasElement | null | undefined, empty: string) {
  const image = canvas ? exportSignPng(canvas) : null;
  return image ? { image } : { error: empty };
}
