// The pure parts of the sign and stamp makers (issue #17, spec doc 1 §5): the upload threshold and the
// layouts of the two stamps. No DOM here, so unit tests cover them.

import { SIGN_INK_COLOUR, STAMP_INK_COLOUR } from '../../../../shared/domain/constants';

/** An RGB ink colour. */
export type Ink = readonly [number, number, number];

/** '#RRGGBB' → [r, g, b]. */
export function inkOf(hex: string): Ink {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export const BLACK_INK: Ink = inkOf(SIGN_INK_COLOUR);
/** Vermilion, the colour of a hanko's ink. */
export const RED_INK: Ink = inkOf(STAMP_INK_COLOUR);

/**
 * Turns an image's RGBA pixels into ink, in place: pixels brighter than `threshold` (luminance 0–255)
 * or mostly transparent become fully transparent, the others opaque `ink`.
 */
export function applyThreshold(data: Uint8ClampedArray, threshold: number, ink: Ink): void {
  for (let i = 0; i + 3 < data.length; i += 4) {
    const luminance = 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
    const transparent = data[i + 3]! < 128 || luminance > threshold;
    data[i] = ink[0];
    data[i + 1] = ink[1];
    data[i + 2] = ink[2];
    data[i + 3] = transparent ? 0 : 255;
  }
}

/** The user-perceived characters of a name (code points, so CJK and surrogate pairs count once). */
export function charsOf(text: string): string[] {
  return Array.from(text.trim());
}

/** One character placed on a stamp: its centre and its font size, in canvas pixels. */
export interface PlacedChar {
  char: string;
  x: number;
  y: number;
  size: number;
  /** Radians clockwise about the centre: set for the characters that turn in vertical text. */
  rotate?: number;
}

/** Characters that turn a quarter clockwise in vertical Japanese (the long-vowel mark, dashes,
 *  tildes, ellipses, brackets), as a font's vertical alternates (`vert`) draw them. */
const TURNED_IN_VERTICAL = new Set([...'ーｰ－—―‐〜～…‥＝=「」『』（）()［］[]【】〈〉《》｛｝{}〔〕＜＞<>']);
/** Small kana and the ideographic comma and full stop, which sit in the upper right of their cell. */
const UPPER_RIGHT_IN_VERTICAL = new Set([...'ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ、。，．']);

/** A character placed at the centre (x, y) of a cell of `size` in a vertical column. */
export function placeVertical(char: string, x: number, y: number, size: number): PlacedChar {
  if (TURNED_IN_VERTICAL.has(char)) return { char, x, y, size, rotate: Math.PI / 2 };
  if (UPPER_RIGHT_IN_VERTICAL.has(char)) return { char, x: x + size * 0.2, y: y - size * 0.2, size };
  return { char, x, y, size };
}

/**
 * A round hanko of diameter `size`: the family name in one vertical column, or with a given name
 * two columns read right to left (family name on the right), each centred, characters top to bottom.
 */
export function generalStampLayout(family: string, given: string, size: number): PlacedChar[] {
  const columns = [charsOf(family), charsOf(given)].filter((c) => c.length > 0);
  const centre = size / 2;
  // The text stays inside a square inscribed in the ring (side ≈ 0.62 of the diameter).
  const box = size * 0.62;
  const longest = Math.max(1, ...columns.map((c) => c.length));
  const charSize = Math.min(box / longest, box / columns.length);
  const placed: PlacedChar[] = [];
  columns.forEach((column, ci) => {
    // Column 0 (family) on the right: x from right to left.
    const x = centre + ((columns.length - 1) / 2 - ci) * charSize;
    const top = centre - (column.length * charSize) / 2;
    column.forEach((char, i) => placed.push(placeVertical(char, x, top + (i + 0.5) * charSize, charSize)));
  });
  return placed;
}

/**
 * A square corporate seal of side `size`: the characters in a grid of columns read top to bottom,
 * right to left (the traditional setting), as square as the count allows.
 */
export function corporateStampLayout(text: string, size: number): PlacedChar[] {
  const chars = charsOf(text);
  if (chars.length === 0) return [];
  const columns = Math.ceil(Math.sqrt(chars.length));
  const rows = Math.ceil(chars.length / columns);
  const box = size * 0.8;
  const cell = Math.min(box / columns, box / rows);
  const left = (size - columns * cell) / 2;
  const top = (size - rows * cell) / 2;
  return chars.map((char, i) => {
    const column = Math.floor(i / rows);
    const row = i % rows;
    return placeVertical(char, left + (columns - 1 - column + 0.5) * cell, top + (row + 0.5) * cell, cell);
  });
}
