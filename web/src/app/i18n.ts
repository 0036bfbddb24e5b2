// i18next with the shared catalogues (shared/i18n). The language always comes from the URL prefix;
// LanguageLayout switches it on navigation, so there is no detector here.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { localeForPath, resources, type Locale } from '../../../shared/i18n';
import type { Lang } from './paths';

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources,
  lng: 'en',
  fallbackLng: 'en',
  // Catalogues are bundled, so initialisation is synchronous and the first render is translated.
  initAsync: false,
  interpolation: { escapeValue: false }, // React escapes
  returnNull: false,
});

export function localeOf(lang: Lang): Locale {
  return localeForPath(lang);
}
