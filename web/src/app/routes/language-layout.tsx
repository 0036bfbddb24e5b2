// Everything under /{lang}: the loader switches i18n (and <html lang>) before the page renders; an
// unknown prefix is a not-found page.
import { Link, Outlet, useLocation, useParams, type LoaderFunctionArgs } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../../../../shared/i18n';
import { LanguageSwitcher } from '../../components/language-switcher';
import { NotFound } from '../../components/not-found';
import { i18n, localeOf } from '../i18n';
import { detectLang, isLang, paths, switchLangHref, type Lang } from '../paths';

export async function applyLanguage(lang: Lang): Promise<void> {
  const locale = localeOf(lang);
  if (i18n.language !== locale) await i18n.changeLanguage(locale);
  document.documentElement.lang = locale;
  document.title = i18n.t('app.name');
}

export async function languageLoader({ params }: LoaderFunctionArgs): Promise<null> {
  // An unknown prefix renders the not-found page, in the browser's language.
  await applyLanguage(isLang(params.lang) ? params.lang : detectLang());
  return null;
}

export function LanguageLayout() {
  const { lang } = useParams();
  if (!isLang(lang)) return <NotFound homeHref={paths.landing.getHref(detectLang())} />;
  return (
    <div className="app-shell">
      <AppHeader lang={lang} />
      <Outlet />
    </div>
  );
}

function AppHeader({ lang }: { lang: Lang }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const options = LANGUAGES.map((code) => ({
    code,
    locale: localeOf(code),
    href: switchLangHref(pathname, code),
    current: code === lang,
  }));
  return (
    <header className="app-header">
      <Link className="brand" to={paths.landing.getHref(lang)}>
        {t('app.name')}
      </Link>
      <nav className="main-nav">
        <Link to={paths.landing.getHref(lang)}>{t('nav.home')}</Link>
        <Link to={paths.login.getHref(lang)}>{t('nav.signIn')}</Link>
      </nav>
      <LanguageSwitcher options={options} />
    </header>
  );
}
