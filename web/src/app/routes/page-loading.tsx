// What the router shows while the first page's code loads (its hydrate fallback): a spinner and a
// status line, in the language of the URL, since the language loader has not run yet. On a phone this
// is the first thing on screen (issue #14 item 8). The line is one of shared/i18n's LOADING_TEXT, not
// the catalogue's, which may still be on its way.
import { LOADING_TEXT } from '../../../../shared/i18n/core';
import { Spinner } from '../../components/spinner';
import { localeOf } from '../i18n';
import { detectLang, isLang } from '../paths';

export function PageLoading() {
  const prefix = window.location.pathname.split('/')[1];
  return (
    <div className="page-loading" role="status" data-testid="page-loading">
      <Spinner />
      <p>{LOADING_TEXT[localeOf(isLang(prefix) ? prefix : detectLang())]}</p>
    </div>
  );
}
