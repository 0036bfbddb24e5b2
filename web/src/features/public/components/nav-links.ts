// The header's entries, shared by the desktop bar and the mobile side menu.
import { useTranslation } from 'react-i18next';
import type { Lang } from '../../../app/paths';
import { BLOG_URLS } from '../constants';
import { publicHref } from '../public-paths';

export interface NavLinkItem {
  href: string;
  label: string;
}

export function useServiceLinks(lang: Lang): NavLinkItem[] {
  const { t } = useTranslation();
  return [
    { href: publicHref(lang, 'eSignature'), label: t('public.nav.eSignature') },
    { href: publicHref(lang, 'videoSignature'), label: t('public.nav.videoSignature') },
    { href: publicHref(lang, 'videoContract'), label: t('public.nav.videoContract') },
  ];
}

export function blogHref(lang: Lang): string {
  return BLOG_URLS[lang];
}
