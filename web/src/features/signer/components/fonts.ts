// The handwriting fonts of the auto-generated signs: a lazy chunk of its own, loaded by the sign
// maker the first time it generates candidates (the @font-face CSS of the Japanese fonts is large).
import '@fontsource/dancing-script/400.css';
import '@fontsource/great-vibes/400.css';
import '@fontsource/caveat/400.css';
import '@fontsource/yuji-syuku/400.css';
import '@fontsource/klee-one/400.css';
import '@fontsource/zen-kurenaido/400.css';

export const LATIN_FONTS = ['Dancing Script', 'Great Vibes', 'Caveat'] as const;
export const JAPANESE_FONTS = ['Yuji Syuku', 'Klee One', 'Zen Kurenaido'] as const;

/** Waits until `font` can draw `text` (the browser fetches only the unicode ranges it needs). */
export async function loadFont(font: string, text: string, px: number): Promise<void> {
  try {
    await document.fonts.load(`${px}px "${font}"`, text);
  } catch {
    // A font that fails to load falls back to the default one: the candidate is still usable.
  }
}
