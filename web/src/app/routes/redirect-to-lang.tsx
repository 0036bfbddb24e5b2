// A path without a language prefix goes to the same path under the visitor's language (GET
// /api/locale, else the browser's language).
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { prefixedHref } from '../paths';
import { resolveVisitorLang } from '../visitor-lang';

export async function redirectToLangLoader({ request }: LoaderFunctionArgs): Promise<Response> {
  const url = new URL(request.url);
  return redirect(prefixedHref(await resolveVisitorLang(), url.pathname, url.search, url.hash));
}
