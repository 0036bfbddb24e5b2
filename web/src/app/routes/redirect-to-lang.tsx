// A path without a language prefix goes to the same path under the visitor's language.
import { Navigate, useLocation } from 'react-router';
import { detectLang, prefixedHref } from '../paths';

export function RedirectToLang() {
  const { pathname, search, hash } = useLocation();
  return <Navigate to={prefixedHref(detectLang(), pathname, search, hash)} replace />;
}
