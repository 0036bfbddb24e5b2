// The typed route registry. Route patterns are relative to the language segment (`/:lang`); every
// link in the app is built with `getHref`, so a renamed route is a compile error, not a broken link.
import { LANGUAGES } from '../../../shared/i18n';

/** URL language prefix: 'en' | 'jp' | 'ko'. The i18n locale for 'jp' is 'ja'. */
export type Lang = (typeof LANGUAGES)[number];

export const DEFAULT_LANG: Lang = 'en';

export function isLang(value: string | undefined): value is Lang {
  return value !== undefined && (LANGUAGES as readonly string[]).includes(value);
}

export const paths = {
  landing: { path: '', getHref: (lang: Lang) => `/${lang}/` },
  login: { path: 'login', getHref: (lang: Lang) => `/${lang}/login` },
  home: { path: 'home', getHref: (lang: Lang) => `/${lang}/home` },
} as const;

export type PathName = keyof typeof paths;

/** Language for a visitor who arrives without a prefix, from the browser's language. */
export function detectLang(language: string = navigator.language): Lang {
  const primary = language.toLowerCase().split('-')[0];
  if (primary === 'ja') return 'jp';
  if (primary === 'ko') return 'ko';
  return DEFAULT_LANG;
}

/** The same page in another language: swaps the first path segment, keeps the rest. */
export function switchLangHref(pathname: string, lang: Lang): string {
  const segments = pathname.split('/');
  // segments[0] is '' (leading slash); segments[1] is the current language.
  if (isLang(segments[1])) segments[1] = lang;
  else segments.splice(1, 0, lang);
  return segments.join('/') || `/${lang}/`;
}

/** Prefixes an unprefixed path with a language: '/home?x=1' → '/en/home?x=1'. */
export function prefixedHref(lang: Lang, pathname: string, search = '', hash = ''): string {
  const rest = pathname === '/' ? '/' : pathname;
  return `/${lang}${rest}${search}${hash}`;
}
