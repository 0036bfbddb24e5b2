// Everything under /{lang}: the loader switches i18n (and <html lang>) before the page renders. An
// unsupported language prefix that looks like one ('/fr/home', '/ja/faq') goes to the same page in the
// visitor's language; any other unknown first segment is a not-found page.
import { Outlet, redirect, useParams, type LoaderFunctionArgs } from 'react-router';
import { FlashMessages } from '../../components/flash-messages';
import { NotFound } from '../../components/not-found';
import { localeOf, switchLocale } from '../i18n';
import { PageTitle } from '../page-title';
import { detectLang, isLang, looksLikeLanguagePrefix, paths, replacePrefixHref, type Lang } from '../paths';
import { resolveVisitorLang } from '../visitor-lang';

export async function applyLanguage(lang: Lang): Promise<void> {
  await switchLocale(localeOf(lang));
  // document.title: PageTitle (app/page-title) writes each page's own.
}

export async function languageLoader({ params, request }: LoaderFunctionArgs): Promise<Response | null> {
  if (isLang(params.lang)) {
    await applyLanguage(params.lang);
    return null;
  }
  if (looksLikeLanguagePrefix(params.lang)) {
    const url = new URL(request.url);
    return redirect(replacePrefixHref(await resolveVisitorLang(), url.pathname, url.search, url.hash));
  }
  // Not a language at all: the not-found page, in the browser's language.
  await applyLanguage(detectLang());
  return null;
}

export function LanguageLayout() {
  const { lang } = useParams();
  if (!isLang(lang)) return <NotFound homeHref={paths.landing.getHref(detectLang())} />;
  return (
    <PageTitle>
      <FlashMessages />
      <Outlet />
    </PageTitle>
  );
}
