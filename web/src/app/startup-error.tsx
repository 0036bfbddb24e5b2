// What start-up shows when it fails (config.json unreadable, a chunk that does not load): a translated
// error screen in the URL's language, never a blank page. Used by both shells (main.tsx, record-main.tsx).
import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { ErrorScreen } from '../components/error-screen';
import type { CatalogueLoaders } from './catalogue-chunks';
import { i18n, localeOf, switchLocale } from './i18n';
import { detectLang, isLang } from './paths';

/** `loaders`: the shell's catalogue (the recording page's part for record.html). */
export async function renderStartupError(
  root: Root,
  error: unknown,
  loaders?: CatalogueLoaders,
): Promise<void> {
  const prefix = window.location.pathname.split('/')[1];
  await switchLocale(localeOf(isLang(prefix) ? prefix : detectLang()), loaders).catch(() => undefined);
  root.render(
    <StrictMode>
      <ErrorScreen
        title={i18n.t('common.errorTitle')}
        message={i18n.t('errors.unavailable')}
        detail={error instanceof Error ? error.message : String(error)}
      />
    </StrictMode>,
  );
}
