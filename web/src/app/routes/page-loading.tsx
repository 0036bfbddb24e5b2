// What the router shows while the first page's code loads (its hydrate fallback): a spinner and a
// status line, in the language of the URL, since the language loader has not run yet. On a phone this
// is the first thing on screen (issue #14 item 8).
import { Spinner } from '../../components/spinner';
import { i18n, localeOf } from '../i18n';
import { detectLang, isLang } from '../paths';

export function PageLoading() {
  const prefix = window.location.pathname.split('/')[1];
  const t = i18n.getFixedT(localeOf(isLang(prefix) ? prefix : detectLang()));
  return (
    <div className="page-loading" role="status" data-testid="page-loading">
      <Spinner />
      <p>{t('shell.loading')}</p>
    </div>
  );
}
