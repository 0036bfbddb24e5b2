// i18next with the shared catalogues (shared/i18n). The language always comes from the URL prefix;
// LanguageLayout switches it on navigation, so there is no detector here. Each language's catalogue
// is a chunk of its own, loaded when a page first speaks it (`switchLocale`): a page carries one
// catalogue, not three (issue #15 performance; docs/performance.md).
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { localeForPath, type Locale } from '../../../shared/i18n/core';
import type { MessageKey } from '../../../shared/i18n/keys';
import { CATALOGUES, type CatalogueLoaders } from './catalogue-chunks';
import type { Lang } from './paths';

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  // Filled language by language by `loadLocale`.
  resources: {},
  partialBundledLanguages: true,
  lng: 'en',
  fallbackLng: false,
  initAsync: false,
  interpolation: { escapeValue: false }, // React escapes
  returnNull: false,
});

const loading = new Map<() => Promise<unknown>, Promise<void>>();

/**
 * Loads a locale's catalogue once (later calls share the first load): the whole one, or the part a
 * page was built with (`RECORD_CATALOGUES` for the recording page).
 */
export function loadLocale(locale: Locale, loaders: CatalogueLoaders = CATALOGUES): Promise<void> {
  const loader = loaders[locale];
  let load = loading.get(loader);
  if (!load) {
    load = loader().then((module) => {
      i18n.addResourceBundle(locale, 'translation', module.default, true, true);
    });
    // A failed load (network) may be retried by the next call.
    load.catch(() => loading.delete(loader));
    loading.set(loader, load);
  }
  return load;
}

/** Loads a locale's catalogue (or a page's part of it) and makes it the language of i18n and <html lang>. */
export async function switchLocale(locale: Locale, loaders: CatalogueLoaders = CATALOGUES): Promise<void> {
  await loadLocale(locale, loaders);
  if (i18n.language !== locale) await i18n.changeLanguage(locale);
  document.documentElement.lang = locale;
}

/** Whether a server error code is a key of the catalogues (checked in the loaded language). */
export function isMessageKey(key: string): key is MessageKey {
  return i18n.exists(key);
}

export function localeOf(lang: Lang): Locale {
  return localeForPath(lang);
}
