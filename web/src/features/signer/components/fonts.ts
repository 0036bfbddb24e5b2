// The handwriting fonts of the auto-generated signs: a lazy chunk of its own, loaded by the sign
// maker the first time it generates candidates (the @font-face CSS of the CJK fonts is large; the
// browser then fetches only the unicode ranges a name needs). All are OFL fonts from @fontsource.
import '@fontsource/dancing-script/400.css';
import '@fontsource/great-vibes/400.css';
import '@fontsource/caveat/400.css';
import '@fontsource/yuji-syuku/400.css';
import '@fontsource/klee-one/400.css';
import '@fontsource/zen-kurenaido/400.css';
import '@fontsource/nanum-pen-script/400.css';
import '@fontsource/gaegu/400.css';
import '@fontsource/gaegu/700.css';

/** One face a candidate is drawn in (each is drawn upright and slanted: six candidates). */
export interface SignFont {
  family: string;
  weight: 400 | 700;
}

const face = (family: string, weight: 400 | 700 = 400): SignFont => ({ family, weight });

export const SIGN_FONTS = {
  en: [face('Dancing Script'), face('Great Vibes'), face('Caveat')],
  ja: [face('Yuji Syuku'), face('Klee One'), face('Zen Kurenaido')],
  // Two Korean handwriting families; Gaegu's bold is different enough to be a third hand.
  ko: [face('Nanum Pen Script'), face('Gaegu'), face('Gaegu', 700)],
} as const satisfies Record<string, readonly SignFont[]>;

/** Waits until `font` can draw `text` (the browser fetches only the unicode ranges it needs). */
export async function loadFont(font: SignFont, text: string, px: number): Promise<void> {
  try {
    await document.fonts.load(`${font.weight} ${px}px "${font.family}"`, text);
  } catch {
    // A font that fails to load falls back to the default one: the candidate is still usable.
  }
}
