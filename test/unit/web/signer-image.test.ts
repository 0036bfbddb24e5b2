// The sign image export of the signer flow: the ink is found in the canvas pixels, and the PNG's size
// always lands within the server's SIGN_IMAGE_LIMITS.
import { SIGN_IMAGE_LIMITS } from '../../../shared/api/schemas';
import { fitSignSize, inkBounds } from '../../../web/src/features/signer/components/sign-image';

function pixels(width: number, height: number, inked: [number, number][]): Uint8ClampedArray {
  const data = new Uint8ClampedArray(width * height * 4);
  for (const [x, y] of inked) data[(y * width + x) * 4 + 3] = 255;
  return data;
}

describe('signer sign image', () => {
  it('finds the bounding box of the ink, or null on an empty canvas', () => {
    expect(inkBounds(pixels(10, 8, []), 10, 8)).toBeNull();
    expect(
      inkBounds(
        pixels(10, 8, [
          [2, 3],
          [7, 5],
        ]),
        10,
        8,
      ),
    ).toEqual({ x: 2, y: 3, w: 6, h: 3 });
  });

  it.each([
    [1, 1],
    [5, 200],
    [700, 300],
    [3000, 100],
    [1400, 600],
    [100, 2000],
  ])('fits %i×%i of ink within the limits', (w, h) => {
    const size = fitSignSize(w, h);
    expect(size.width).toBeGreaterThanOrEqual(SIGN_IMAGE_LIMITS.minWidth);
    expect(size.height).toBeGreaterThanOrEqual(SIGN_IMAGE_LIMITS.minHeight);
    expect(size.width).toBeLessThanOrEqual(SIGN_IMAGE_LIMITS.maxWidth);
    expect(size.height).toBeLessThanOrEqual(SIGN_IMAGE_LIMITS.maxHeight);
    expect(size.inkW).toBeLessThanOrEqual(size.width);
    expect(size.inkH).toBeLessThanOrEqual(size.height);
  });

  it('keeps a drawing of the 700×300 pad at full size', () => {
    expect(fitSignSize(600, 200)).toMatchObject({ inkW: 600, inkH: 200, width: 616, height: 216 });
  });
});
