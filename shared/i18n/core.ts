// The language plumbing shared by the SPA and the server, without any catalogue: the i18n locales and
// their URL prefixes, key lookup and i18next-style {{variable}} interpolation over catalogues the
// caller passes in. The SPA's entry point (./index) binds it to the whole catalogues; the server's
// (./server) to the server catalogues only, so a Lambda bundle never carries the SPA's texts.

import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../domain/constants';

export { DEFAULT_LANGUAGE, LANGUAGES, type Language };

/** i18n locales, one per URL language prefix. */
export const LOCALES = ['en', 'ja', 'ko'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/**
 * Each language by its own name (each catalogue's `language.{its locale}`; a test keeps them equal),
 * for the language switcher, which shows all three while only one catalogue is loaded.
 */
export const NATIVE_LANGUAGE_NAMES: Readonly<Record<Locale, string>> = {
  en: 'English',
  ja: '日本語',
  ko: '한국어',
};

/**
 * The SPA's first status line, `shell.loading` of each catalogue (a test keeps them equal): shown
 * while the page's code and its catalogue are still on the way (web/src/app/routes/page-loading.tsx).
 */
export const LOADING_TEXT: Readonly<Record<Locale, string>> = {
  en: 'Loading…',
  ja: '読み込み中…',
  ko: '불러오는 중…',
};

/** One catalogue per locale (nested objects whose leaves are messages). */
export type Catalogues = Readonly<Record<Locale, object>>;

/** Interpolation values of a message. */
export type MessageValues = Record<string, string | number>;

const LOCALE_OF: Record<Language, Locale> = { en: 'en', jp: 'ja', ko: 'ko' };
const PREFIX_OF: Record<Locale, Language> = { en: 'en', ja: 'jp', ko: 'ko' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The i18n locale of a URL language prefix ('jp' → 'ja'). Also accepts a path ('/jp/home' → 'ja');
 * a path or prefix without a known language gives undefined.
 */
export function localeForPath(prefix: Language): Locale;
export function localeForPath(prefixOrPath: string): Locale | undefined;
export function localeForPath(prefixOrPath: string): Locale | undefined {
  const first = prefixOrPath.replace(/^\/+/, '').split(/[/?#]/)[0] ?? '';
  return isLanguage(first) ? LOCALE_OF[first] : undefined;
}

/** The URL language prefix of a locale ('ja' → 'jp'); region subtags are ignored, unknown → 'en'. */
export function pathPrefixForLocale(locale: string): Language {
  const primary = locale.toLowerCase().split(/[-_]/)[0];
  return isLocale(primary) ? PREFIX_OF[primary] : 'en';
}

/** The message at a dotted key of a catalogue; undefined for a missing key or a namespace. */
export function lookup(catalogue: unknown, key: string): string | undefined {
  let node: unknown = catalogue;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** The `{{variable}}` names a message interpolates, in order of appearance. */
export function interpolationVariables(message: string): string[] {
  return [...message.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]!);
}

/**
 * A message of `catalogues` in a locale with its values filled in (falls back to English, then to the
 * key itself). A variable without a value is left as written, so a missing value is visible rather
 * than silent.
 */
export function translateIn(
  catalogues: Catalogues,
  key: string,
  values: MessageValues = {},
  locale: Locale = DEFAULT_LOCALE,
): string {
  const message = lookup(catalogues[locale], key) ?? lookup(catalogues[DEFAULT_LOCALE], key) ?? key;
  return message.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}

const EN_ORDINAL_SUFFIX: Record<string, string> = { one: 'st', two: 'nd', few: 'rd', other: 'th' };

/**
 * A contractor's position as a word of the locale, for the `{{nth}}` of the signing prompts:
 * 1 → '1st' (en), '1番目' (ja), '1번째' (ko).
 */
export function ordinal(n: number, locale: Locale): string {
  switch (locale) {
    case 'ja':
      return `${n}番目`;
    case 'ko':
      return `${n}번째`;
    default:
      return `${n}${EN_ORDINAL_SUFFIX[new Intl.PluralRules('en', { type: 'ordinal' }).select(n)] ?? 'th'}`;
  }
}
