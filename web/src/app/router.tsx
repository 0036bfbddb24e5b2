// Routes of spec doc 1 §2: everything lives under /{lang} (en, jp, ko). Known pages without the
// prefix redirect to it; anything else is the not-found page. Pages that need Amplify are lazy, so
// the landing chunk stays small.
import { createBrowserRouter, type RouteObject } from 'react-router';
import { Spinner } from '../components/spinner';
import { ensureAmplify } from './amplify';
import type { AppConfig } from './config';
import { paths } from './paths';
import { LandingRoute, landingLoader } from './routes/landing';
import { LanguageLayout, languageLoader } from './routes/language-layout';
import { NotFoundRoute } from './routes/not-found';
import { RedirectToLang } from './routes/redirect-to-lang';

export function createRoutes(config: AppConfig): RouteObject[] {
  const prefixedPages = Object.values(paths)
    .map((p) => p.path)
    .filter((p) => p !== '');
  return [
    { path: '/', element: <RedirectToLang /> },
    // '/home' → '/en/home', '/home/doc/signed' → '/en/home/doc/signed', …
    ...prefixedPages.flatMap((p) => [
      { path: `/${p}`, element: <RedirectToLang /> },
      { path: `/${p}/*`, element: <RedirectToLang /> },
    ]),
    {
      path: '/:lang',
      id: 'lang',
      loader: languageLoader,
      element: <LanguageLayout />,
      hydrateFallbackElement: <Spinner />,
      children: [
        { index: true, loader: landingLoader(config), element: <LandingRoute /> },
        {
          path: paths.login.path,
          lazy: async () => {
            const [{ LoginRoute }] = await Promise.all([import('./routes/login'), ensureAmplify(config)]);
            return { Component: LoginRoute };
          },
        },
        {
          path: paths.home.path,
          lazy: async () => {
            const [{ HomeRoute }] = await Promise.all([import('./routes/home'), ensureAmplify(config)]);
            return { Component: HomeRoute };
          },
        },
        { path: '*', element: <NotFoundRoute /> },
      ],
    },
    { path: '*', element: <NotFoundRoute /> },
  ];
}

export function createAppRouter(config: AppConfig) {
  return createBrowserRouter(createRoutes(config));
}
