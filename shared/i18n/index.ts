// The message catalogues (en, ja, ko) for the SPA and the mapping between URL language prefixes and
// i18n locales. The SPA hands `resources` to i18next. Interpolation is i18next's: {{name}}.
//
// Each catalogue is two files merged here: ./{locale}.json (what only the SPA shows) and
// ./server/{locale}.json (the namespaces the server also renders; a top-level namespace lives in
// exactly one of them), so the SPA sees every key. Lambdas use ./server instead, which carries only
// the server part (docs/decisions.md).

import spaEn from './en.json' with { type: 'json' };
import spaJa from './ja.json' with { type: 'json' };
import spaKo from './ko.json' with { type: 'json' };
import { serverCatalogues } from './server';
import { DEFAULT_LOCALE, lookup, translateIn, type Locale, type MessageValues } from './core';
import type { Catalogue, MessageKey, SpaCatalogue } from './keys';

export * from './core';
export type { MessageKey, Catalogue };

/** i18next's default namespace, the only one used. */
export const DEFAULT_NAMESPACE = 'translation';

/** A locale's whole catalogue: its SPA namespaces and its server namespaces, side by side. */
function merged(spa: SpaCatalogue, locale: Locale): Catalogue {
  return { ...spa, ...serverCatalogues[locale] };
}

const catalogues = {
  en: merged(spaEn, 'en'),
  ja: merged(spaJa satisfies SpaCatalogue, 'ja'),
  ko: merged(spaKo satisfies SpaCatalogue, 'ko'),
} as const;

/** i18next resources: `{ [locale]: { translation: catalogue } }`. */
export const resources = {
  en: { translation: catalogues.en },
  ja: { translation: catalogues.ja },
  ko: { translation: catalogues.ko },
} as const;

/**
 * A message in a locale with its values filled in (falls back to English, then to the key itself).
 * A variable without a value is left as written, so a missing value is visible rather than silent.
 */
export function translate(key: string, values: MessageValues = {}, locale: Locale = DEFAULT_LOCALE): string {
  return translateIn(catalogues, key, values, locale);
}

/** Whether a string is a key of the catalogues (server error codes are checked with it). */
export function isMessageKey(key: string): key is MessageKey {
  return lookup(catalogues.en, key) !== undefined;
}
