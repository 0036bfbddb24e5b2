// Header, page and footer of every public page. Korean pages show the English copy with a short
// notice (architecture §14); menus, buttons and headings are translated in every language.
import { Outlet, ScrollRestoration } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useRouteHandles } from '../../../app/page-title';
import { useLang } from '../../../app/use-lang';
import { usePublicContent } from '../hooks/use-public-content';
import { PublicFooter } from './public-footer';
import { PublicHeader } from './public-header';
import '../public.css';

export function PublicLayout() {
  const { t } = useTranslation();
  const lang = useLang();
  // The notice is about the long copy: not on pages written in every language (signer, verify, auth).
  const translated = useRouteHandles().some((h) => h.translated);
  const fallback = usePublicContent().fallback && !translated;
  return (
    <div className="public-site">
      <PublicHeader lang={lang} />
      {fallback ? <p className="copy-fallback-notice">{t('public.legal.englishOnly')}</p> : null}
      <div id="public-main" className="public-main" tabIndex={-1}>
        <Outlet />
      </div>
      <PublicFooter lang={lang} />
      <ScrollRestoration />
    </div>
  );
}
