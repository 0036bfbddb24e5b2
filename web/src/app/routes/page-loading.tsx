// What the router shows while the first page's code loads (its hydrate fallback): a spinner and a
// status line, in the language of the URL, since the language loader has not run yet. On a phone this
// is the first thing on screen (issue #14 item 8). The line appears as soon as that language's
// catalogue has arrived (main.tsx starts loading it before anything else).
import { useEffect, useState } from 'react';
import { Spinner } from '../../components/spinner';
import { hasLocale, i18n, loadLocale, localeOf } from '../i18n';
import { detectLang, isLang } from '../paths';

export function PageLoading() {
  const prefix = window.location.pathname.split('/')[1];
  const locale = localeOf(isLang(prefix) ? prefix : detectLang());
  const [ready, setReady] = useState(() => hasLocale(locale));
  useEffect(() => {
    if (ready) return;
    let live = true;
    loadLocale(locale).then(
      () => live && setReady(true),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [locale, ready]);
  return (
    <div className="page-loading" role="status" data-testid="page-loading">
      <Spinner />
      {ready && <p>{i18n.getFixedT(locale)('shell.loading')}</p>}
    </div>
  );
}
