// The language switcher's entries for the current page: the same path under each language prefix.
import { LANGUAGES } from '../../../shared/i18n/core';
import type { LanguageOption } from '../components/language-switcher';
import { localeOf } from './i18n';
import { switchLangHref, type Lang } from './paths';

export function languageOptions(pathname: string, lang: Lang): LanguageOption[] {
  return LANGUAGES.map((code) => ({
    code,
    locale: localeOf(code),
    href: switchLangHref(pathname, code),
    current: code === lang,
  }));
}
