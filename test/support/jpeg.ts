// Real JPEG stills for the video-contract tests and bench (issue #16): a coloured frame with a
// lighter square, encoded by @napi-rs/canvas (pdf.js's canvas, already installed), as small as the
// recorder's thumbnails (well under 20 KB).
import { createCanvas } from '@napi-rs/canvas';

export function makeJpeg(width = 160, height = 120, hue = 210): Uint8Array {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = `hsl(${hue}, 45%, 35%)`;
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = `hsl(${hue}, 60%, 75%)`;
  ctx.fillRect(width / 4, height / 4, width / 2, height / 2);
  return new Uint8Array(canvas.toBuffer('image/jpeg', 80));
}
