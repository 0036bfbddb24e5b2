// The long copy of the public site for the URL's language. Korean pages fall back to the English copy
// (architecture §14); `copyLocale` is the language the copy is actually written in, for `lang=`.
import type { Locale } from '../../../../../shared/i18n';
import { useLang } from '../../../app/use-lang';
import { en } from '../content/en';
import { ja } from '../content/ja';
import type { PublicContent } from '../content/types';

export interface PublicCopy {
  copy: PublicContent;
  copyLocale: Locale;
  /** True when the page's language has no copy of its own and English is shown instead. */
  fallback: boolean;
}

export function usePublicContent(): PublicCopy {
  const lang = useLang();
  if (lang === 'jp') return { copy: ja, copyLocale: 'ja', fallback: false };
  return { copy: en, copyLocale: 'en', fallback: lang !== 'en' };
}
