// The addresses this feature links to or navigates to (all under the language prefix).
import { detectLang, isLang, type Lang } from '../../app/paths';

export const authHref = {
  landing: (lang: Lang) => `/${lang}/`,
  login: (lang: Lang) => `/${lang}/login`,
  register: (lang: Lang) => `/${lang}/register`,
  thankYou: (lang: Lang) => `/${lang}/thankyou`,
  home: (lang: Lang) => `/${lang}/home`,
  terms: (lang: Lang) => `/${lang}/terms`,
  privacy: (lang: Lang) => `/${lang}/privacy`,
} as const;

const REDIRECT_LANG_KEY = 'signseal.auth.redirectLang';

/** Remembers the page language before leaving for Cognito's hosted UI. */
export function rememberRedirectLang(lang: Lang): void {
  try {
    sessionStorage.setItem(REDIRECT_LANG_KEY, lang);
  } catch {
    // No storage: the callback falls back to the browser's language.
  }
}

/** The language of the page the visitor left for the hosted UI, else the browser's. */
export function redirectLang(): Lang {
  let stored: string | null = null;
  try {
    stored = sessionStorage.getItem(REDIRECT_LANG_KEY);
  } catch {
    // ignore
  }
  return isLang(stored ?? undefined) ? (stored as Lang) : detectLang();
}
