// The size a PNG's image data must inflate to, from its header: one place for the signer's image
// check (lambdas/usecases/signing.ts), the brand logo check (lambdas/usecases/brand-image.ts) and the
// seal's decoder (lambdas/sealing/png.ts), which all
// stop inflating there so that a PNG bomb fails without allocating.

/** Adam7's seven passes: x start, y start, x step, y step. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/** The bytes of a PNG's filtered rows (a filter byte, then the row), interlaced or not. */
export function pngRawSize(width: number, height: number, bitsPerPixel: number, interlaced: boolean): number {
  const rows = (w: number, h: number) => (w > 0 && h > 0 ? h * (1 + Math.ceil((w * bitsPerPixel) / 8)) : 0);
  if (!interlaced) return rows(width, height);
  return ADAM7.reduce(
    (sum, [xs, ys, dx, dy]) => sum + rows(Math.ceil((width - xs) / dx), Math.ceil((height - ys) / dy)),
    0,
  );
}
