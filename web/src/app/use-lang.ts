import { useParams } from 'react-router';
import { DEFAULT_LANG, isLang, type Lang } from './paths';

/** The language of the current URL (the layout has already rejected unknown prefixes). */
export function useLang(): Lang {
  const { lang } = useParams();
  return isLang(lang) ? lang : DEFAULT_LANG;
}
