// The texts the e2e tests expect come from the same catalogues the SPA uses (shared/i18n), so a
// reworded message does not break a test, but a missing or untranslated one does.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import i18next, { type TOptions } from 'i18next';

const i18nDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../shared/i18n');
const locales = ['en', 'ja', 'ko'] as const;
export type Locale = (typeof locales)[number];

const instance = i18next.createInstance();
void instance.init({
  initAsync: false,
  fallbackLng: false,
  interpolation: { escapeValue: false },
  resources: Object.fromEntries(
    locales.map((locale) => [
      locale,
      // The SPA's part and the server's part of the catalogue (each namespace is in one of them).
      {
        translation: {
          ...(JSON.parse(readFileSync(path.join(i18nDir, `${locale}.json`), 'utf8')) as object),
          ...(JSON.parse(readFileSync(path.join(i18nDir, 'server', `${locale}.json`), 'utf8')) as object),
        },
      },
    ]),
  ),
});

/** The catalogue text of `key` in `locale`; throws when the key is missing, so tests fail loudly. */
export function text(locale: Locale, key: string, options?: TOptions): string {
  if (!instance.exists(key, { lng: locale }))
    throw new Error(`i18n key ${key} is missing in the ${locale} catalogue`);
  // Keys are plain strings here (the SPA's typed keys are augmented globally).
  const translate = instance.t as unknown as (key: string, options: TOptions) => string;
  return translate(key, { ...options, lng: locale });
}
