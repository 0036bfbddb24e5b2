// Draws the two stamps of 'Create My Stamp' (issue #17) on a canvas in red ink: the round hanko and
// the square corporate seal, laid out by image-tools. The face is Yuji Syuku (a brush font the SPA
// already ships for auto-generated signs, loaded lazily with them), then the system's serif CJK faces
// for the characters it lacks (Hangul, rare kanji): see decision 97.
import { corporateStampLayout, generalStampLayout, RED_INK, type PlacedChar } from './image-tools';

export const STAMP_SIZE = 300; // not a spec constant: the stamp canvas
export const STAMP_FONT = 'Yuji Syuku';
const FALLBACK_FONTS =
  '"Noto Serif CJK JP", "Noto Serif JP", "Noto Serif CJK KR", "Hiragino Mincho ProN", "Yu Mincho", "MS Mincho", serif';

const red = `rgb(${RED_INK.join(', ')})`;
const fontOf = (px: number) => `400 ${px}px "${STAMP_FONT}", ${FALLBACK_FONTS}`;

/** Loads the stamp face for `text` (once per unicode range; a failure falls back to the list). */
export async function loadStampFont(text: string): Promise<void> {
  const { loadFont } = await import('../signer/components/fonts');
  await loadFont({ family: STAMP_FONT, weight: 400 }, text, 64);
}

function drawChars(ctx: CanvasRenderingContext2D, placed: PlacedChar[]): void {
  ctx.fillStyle = red;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (const p of placed) {
    // A little smaller than the cell, so neighbouring strokes never touch.
    ctx.font = fontOf(Math.floor(p.size * 0.92));
    if (!p.rotate) {
      ctx.fillText(p.char, p.x, p.y);
      continue;
    }
    // Vertical text: the long-vowel mark, dashes and brackets turn a quarter (issue #34).
    ctx.save();
    ctx.translate(p.x, p.y);
    ctx.rotate(p.rotate);
    ctx.fillText(p.char, 0, 0);
    ctx.restore();
  }
}

function prepare(canvas: HTMLCanvasElement): CanvasRenderingContext2D | null {
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  ctx.strokeStyle = red;
  ctx.lineWidth = STAMP_SIZE * 0.035;
  return ctx;
}

/** A round hanko: a red ring and the names set vertically inside it. False without a 2D context. */
export function drawGeneralStamp(canvas: HTMLCanvasElement, family: string, given: string): boolean {
  const ctx = prepare(canvas);
  if (!ctx) return false;
  const c = STAMP_SIZE / 2;
  ctx.beginPath();
  ctx.arc(c, c, c - ctx.lineWidth, 0, Math.PI * 2);
  ctx.stroke();
  drawChars(ctx, generalStampLayout(family, given, STAMP_SIZE));
  return true;
}

/** A square corporate seal: a red frame and the text in a grid. False without a 2D context. */
export function drawCorporateStamp(canvas: HTMLCanvasElement, text: string): boolean {
  const ctx = prepare(canvas);
  if (!ctx) return false;
  const inset = ctx.lineWidth;
  ctx.strokeRect(inset, inset, STAMP_SIZE - 2 * inset, STAMP_SIZE - 2 * inset);
  drawChars(ctx, corporateStampLayout(text, STAMP_SIZE));
  return true;
}
