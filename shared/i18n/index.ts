// The message catalogues (en, ja, ko) and the mapping between URL language prefixes and i18n locales.
// The SPA hands `resources` to i18next; the server uses `translate` for the English `message` of an
// error body, without loading i18next into every Lambda. Interpolation is i18next's: {{name}}.

import en from './en.json' with { type: 'json' };
import ja from './ja.json' with { type: 'json' };
import ko from './ko.json' with { type: 'json' };
import { LANGUAGES, type Language } from '../domain/constants';
import type { Catalogue, MessageKey } from './keys';

export { LANGUAGES, type Language, type MessageKey, type Catalogue };

/** i18n locales, one per URL language prefix. */
export const LOCALES = ['en', 'ja', 'ko'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** i18next's default namespace, the only one used. */
export const DEFAULT_NAMESPACE = 'translation';

/** i18next resources: `{ [locale]: { translation: catalogue } }`. */
export const resources = {
  en: { translation: en satisfies Catalogue },
  ja: { translation: ja satisfies Catalogue },
  ko: { translation: ko satisfies Catalogue },
} as const;

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

function lookup(catalogue: unknown, key: string): string | undefined {
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
 * A message in a locale with its values filled in (falls back to English, then to the key itself).
 * A variable without a value is left as written, so a missing value is visible rather than silent.
 */
export function translate(
  key: string,
  values: Record<string, string | number> = {},
  locale: Locale = DEFAULT_LOCALE,
): string {
  const message = lookup(resources[locale].translation, key) ?? lookup(en, key) ?? key;
  return message.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}

/** Whether a string is a key of the catalogues (server error codes are checked with it). */
export function isMessageKey(key: string): key is MessageKey {
  return lookup(en, key) !== undefined;
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
