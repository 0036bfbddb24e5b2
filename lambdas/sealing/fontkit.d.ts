// The slice of upstream fontkit 2 (which ships no types) that the sealing module and pdf-lib use.
declare module 'fontkit' {
  export interface Glyph {
    readonly id: number;
    readonly advanceWidth: number;
    readonly codePoints: number[];
  }
  export interface Subset {
    includeGlyph(glyph: Glyph | number): number;
    encode(): Uint8Array;
    /** Added by the sealing module's adapter for pdf-lib 1.17. */
    encodeStream?: () => unknown;
  }
  export interface Font {
    readonly postscriptName: string;
    readonly unitsPerEm: number;
    hasGlyphForCodePoint(codePoint: number): boolean;
    layout(text: string, features?: unknown): { glyphs: Glyph[] };
    createSubset(): Subset;
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
