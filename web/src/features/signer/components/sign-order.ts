// The pure rules of the signer page, kept apart from its components so they are unit-tested: the
// order the signer is walked through their areas, and how a name becomes the text of a generated sign.
import type { SignerView } from '../../../../../shared/api/schemas';
import type { Lang } from '../../../app/paths';

export type Area = SignerView['recipients'][number]['areas'][number];

/** The signer's areas in reading order: page by page, top to bottom, left to right. */
export function readingOrder(areas: readonly Area[], pages: SignerView['pages']): Area[] {
  const top = (a: Area) => (pages[a.pageIndex]?.height ?? 0) - a.y - a.height;
  return [...areas].sort((a, b) => a.pageIndex - b.pageIndex || top(a) - top(b) || a.x - b.x);
}

/**
 * Where "Next area" goes from position `cursor` of `ordered`: the next unsigned area, wrapping to the
 * first; when every area is signed, simply the next one.
 */
export function nextAreaPosition(
  ordered: readonly Area[],
  cursor: number,
  isSigned: (areaIndex: number) => boolean,
): number {
  if (ordered.length === 0) return 0;
  for (let offset = 1; offset <= ordered.length; offset++) {
    const candidate = (cursor + offset) % ordered.length;
    if (!isSigned(ordered[candidate]!.areaIndex)) return candidate;
  }
  return (cursor + 1) % ordered.length;
}

/** The languages Auto Generation writes a sign in. */
export type Script = 'ja' | 'ko' | 'en';
export const SCRIPTS: readonly Script[] = ['ja', 'ko', 'en'];

/** The Auto Generation language a page in `lang` starts with. */
export function scriptForLang(lang: Lang): Script {
  return lang === 'jp' ? 'ja' : lang === 'ko' ? 'ko' : 'en';
}

/** The text of the sign: family name first in Japanese and Korean, given name first in English. */
export function signText(script: Script, family: string, given: string): string {
  const f = family.trim();
  const g = given.trim();
  if (script === 'en') return [g, f].filter((p) => p !== '').join(' ');
  return `${f}${g}`;
}
