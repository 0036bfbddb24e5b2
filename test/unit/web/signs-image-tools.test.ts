// The pure parts of the sign and stamp makers (issue #17): the upload threshold and the stamp layouts.
import {
  applyThreshold,
  charsOf,
  corporateStampLayout,
  generalStampLayout,
  RED_INK,
} from '../../../web/src/features/signs/image-tools';

const pixel = (r: number, g: number, b: number, a = 255) => [r, g, b, a];

describe('applyThreshold', () => {
  it('makes pixels brighter than the threshold transparent and the others opaque ink', () => {
    const data = new Uint8ClampedArray([
      ...pixel(0, 0, 0),
      ...pixel(127, 127, 127),
      ...pixel(129, 129, 129),
      ...pixel(255, 255, 255),
      ...pixel(0, 0, 0, 0),
    ]);
    applyThreshold(data, 128, RED_INK);
    expect(Array.from(data)).toEqual([
      ...pixel(...RED_INK, 255),
      ...pixel(...RED_INK, 255),
      ...pixel(...RED_INK, 0),
      ...pixel(...RED_INK, 0),
      ...pixel(...RED_INK, 0),
    ]);
  });

  it('keeps everything but white at 254 and nothing at 0', () => {
    const grey = () => new Uint8ClampedArray(pixel(200, 200, 200));
    const high = grey();
    applyThreshold(high, 254, [0, 0, 0]);
    expect(high[3]).toBe(255);
    const low = grey();
    applyThreshold(low, 0, [0, 0, 0]);
    expect(low[3]).toBe(0);
  });
});

describe('stamp layouts', () => {
  it('counts code points, not UTF-16 units', () => {
    expect(charsOf(' 𠮷野 ')).toEqual(['𠮷', '野']);
  });

  it('sets a family name alone in one centred column, top to bottom, inside the ring', () => {
    const placed = generalStampLayout('山田', '', 300);
    expect(placed.map((p) => p.char)).toEqual(['山', '田']);
    expect(placed.every((p) => p.x === 150)).toBe(true);
    expect(placed[0]!.y).toBeLessThan(placed[1]!.y);
    for (const p of placed) {
      expect(Math.hypot(p.x - 150, p.y - 150) + p.size / 2).toBeLessThan(150);
    }
  });

  it('sets family and given names in two columns, the family name on the right', () => {
    const placed = generalStampLayout('山田', '太郎', 300);
    const family = placed.filter((p) => '山田'.includes(p.char));
    const given = placed.filter((p) => '太郎'.includes(p.char));
    expect(family[0]!.x).toBeGreaterThan(150);
    expect(given[0]!.x).toBeLessThan(150);
    expect(family[0]!.x - given[0]!.x).toBeCloseTo(family[0]!.size);
  });

  it('sets a corporate seal in a grid of columns read top to bottom, right to left', () => {
    const placed = corporateStampLayout('株式会社サイン', 300);
    expect(placed).toHaveLength(7);
    const xs = [...new Set(placed.map((p) => Math.round(p.x)))];
    const ys = [...new Set(placed.map((p) => Math.round(p.y)))];
    expect(xs).toHaveLength(3);
    expect(ys).toHaveLength(3);
    // The first column is the rightmost; the first character is at its top.
    expect(placed[0]!.x).toBe(Math.max(...placed.map((p) => p.x)));
    expect(placed[0]!.y).toBe(Math.min(...placed.map((p) => p.y)));
    expect(placed[1]!.x).toBe(placed[0]!.x);
    for (const p of placed) {
      expect(p.x - p.size / 2).toBeGreaterThanOrEqual(0);
      expect(p.x + p.size / 2).toBeLessThanOrEqual(300);
    }
    expect(corporateStampLayout('  ', 300)).toEqual([]);
  });
});

describe('vertical forms on a stamp (issue #34)', () => {
  it('turns the long-vowel mark, dashes and brackets a quarter, and moves small kana up and right', () => {
    const placed = corporateStampLayout('サインシール', 300);
    expect(placed.map((p) => p.char).join('')).toBe('サインシール');
    expect(placed.find((p) => p.char === 'ー')!.rotate).toBeCloseTo(Math.PI / 2);
    expect(placed.filter((p) => p.rotate).map((p) => p.char)).toEqual(['ー']);
    const [open, close] = generalStampLayout('「山」', '', 300).filter((p) => p.rotate);
    expect([open!.char, close!.char]).toEqual(['「', '」']);
    const column = generalStampLayout('ジョー', '', 300);
    const small = column.find((p) => p.char === 'ョ')!;
    expect(small.rotate).toBeUndefined();
    expect(small.x).toBeGreaterThan(column[0]!.x);
    expect(column[0]!.rotate).toBeUndefined();
  });

  it('draws ー as a vertical stroke in a vertical seal (pixels)', async () => {
    const { createCanvas } = await import('@napi-rs/canvas');
    const { drawCorporateStamp, STAMP_SIZE } = await import('../../../web/src/features/signs/stamp-draw');
    const canvas = createCanvas(STAMP_SIZE, STAMP_SIZE);
    expect(drawCorporateStamp(canvas as unknown as HTMLCanvasElement, 'サインシール')).toBe(true);
    const cell = corporateStampLayout('サインシール', STAMP_SIZE).find((p) => p.char === 'ー')!;
    // The ink's bounding box inside the mark's cell (the frame stays outside it).
    const half = Math.floor(cell.size / 2) - 2;
    const x0 = Math.round(cell.x) - half;
    const y0 = Math.round(cell.y) - half;
    const { data } = canvas.getContext('2d').getImageData(x0, y0, 2 * half, 2 * half);
    let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
    for (let y = 0; y < 2 * half; y++) {
      for (let x = 0; x < 2 * half; x++) {
        if (data[(y * 2 * half + x) * 4 + 3]! < 128) continue;
        [minX, minY, maxX, maxY] = [
          Math.min(minX, x),
          Math.min(minY, y),
          Math.max(maxX, x),
          Math.max(maxY, y),
        ];
      }
    }
    expect(maxX).toBeGreaterThan(minX);
    // A vertical stroke: at least twice as tall as it is wide.
    expect(maxY - minY).toBeGreaterThan(2 * (maxX - minX));
  });
});
