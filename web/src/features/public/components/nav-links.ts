// The header's entries, shared by the desktop bar and the mobile side menu.
import { useTranslation } from 'react-i18next';
import type { Lang } from '../../../app/paths';
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

// The blog's address (or none: then no Blog link): ../site-details.ts.
export { blogHref } from '../site-details';
