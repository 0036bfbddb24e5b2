// The embedded signer page's route (issue #31 item 4): /embed/{lang}/{docuId}/{token}, outside the
// public site's layout (no header, footer or links away), with the language layout for i18n, <html
// lang> and the page title. Served by the embed route's handler (decision 160), in a lazy chunk.
import type { RouteObject } from 'react-router';
import { titled } from '../../app/page-title';
import { LanguageLayout, languageLoader } from '../../app/routes/language-layout';
import { PageLoading } from '../../app/routes/page-loading';
import { RouteError } from '../../app/routes/route-error';

export function embedRoutes(): RouteObject {
  return {
    path: '/embed/:lang',
    loader: languageLoader,
    element: <LanguageLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      {
        path: ':docuId/:token',
        handle: titled('embed.page.title'),
        lazy: async () => ({
          Component: (await import('./embedded-signer-page')).EmbeddedSignerPage,
        }),
      },
    ],
  };
}
