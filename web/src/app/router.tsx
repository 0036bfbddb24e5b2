// Routes of spec doc 1 §2: everything lives under /{lang} (en, jp, ko). An unprefixed known path goes
// to the visitor's language; an unsupported language prefix goes to the same page in a supported
// one; anything else is the not-found page. Guards (app/guards) run as loaders. Pages that need
// Amplify are lazy, so the landing chunk stays small.
import { createBrowserRouter, type RouteObject } from 'react-router';
import { Spinner } from '../components/spinner';
import { ensureAmplify } from './amplify';
import type { AppConfig } from './config';
import { authRoutes, lineCallbackRoute } from '../features/auth/routes';
import { templatesRoutes } from '../features/templates/routes';
import { billingRoutes } from '../features/billing/routes';
import { contractsRoutes } from '../features/contracts/routes';
import { funnelRoutes } from '../features/funnel/routes';
import { publicRoutes } from '../features/public/routes';
import { prefetchSignerCode, prefetchSignerData, signerRoute } from '../features/signer/routes';
import { signsRoutes } from '../features/signs/routes';
import { embedRoutes } from '../features/embed/routes';
import { videoRoutes } from '../features/video/routes';
import { GuardGate, guestsOnly, requireAdmin, requireSignedIn } from './guards';
import { titled, type RouteHandle } from './page-title';
import { detectLang, isLang, paths, PREFIXED_FIRST_SEGMENTS, under } from './paths';
import { loadLocale, localeOf } from './i18n';
import { LanguageLayout, languageLoader } from './routes/language-layout';
import { NotFoundRoute } from './routes/not-found';
import { PageLoading } from './routes/page-loading';
import { redirectToLangLoader } from './routes/redirect-to-lang';
import { RouteError } from './routes/route-error';

const signedInModule = async (config: AppConfig) => {
  const [module] = await Promise.all([import('./layouts/signed-in'), ensureAmplify(config)]);
  return module;
};

/** The signed-in area: /{lang}/home/** inside the shell, every page behind the login guard. */
function signedInRoutes(config: AppConfig): RouteObject {
  const notFound = async () => ({ Component: (await signedInModule(config)).HomeNotFoundRoute });
  const home = paths.home.path;
  return {
    path: home,
    id: 'signed-in',
    loader: requireSignedIn(config),
    // Only the user's language changes what the guard returns; moving between pages keeps it.
    shouldRevalidate: ({ currentParams, nextParams }) => currentParams.lang !== nextParams.lang,
    element: <GuardGate routeId="signed-in" />,
    children: [
      {
        lazy: async () => ({ Component: (await signedInModule(config)).SignedInLayout }),
        children: [
          {
            index: true,
            handle: titled('titles.home'),
            lazy: async () => ({ Component: (await signedInModule(config)).HomeIndexRoute }),
          },
          {
            path: under(home, paths.homeMyPage.path),
            handle: titled('titles.myPage'),
            lazy: async () => ({ Component: (await signedInModule(config)).MyPageRoute }),
          },
          // The creation funnels (E-Sign, Video Sign, Video Contract), in a lazy chunk of their own.
          ...funnelRoutes(),
          // Contract management (issue #7): the lists and Show Document.
          ...contractsRoutes(),
          // The sign and stamp makers and the sign manager (issue #17).
          ...signsRoutes(),
          // Plans and payments (issue #18), each page in a lazy chunk of its own.
          ...billingRoutes(),
          // Templates (issue #27).
          ...templatesRoutes(),
          // A made-up funnel page (/home/make/nonsense/x, issue #29): the not-found page, inside the
          // shell. Any other unknown path falls through to the app's not-found page, which a
          // signed-out visitor sees too (no sign-in asked for a page that does not exist).
          { path: under(home, `${home}/make/*`), handle: titled('titles.notFound'), lazy: notFound },
        ],
      },
    ],
  };
}

/** /{lang}/admin: admin only, with its side menu: Setting and Jobs (issue #20). */
function adminRoutes(config: AppConfig): RouteObject {
  const admin = paths.admin.path;
  return {
    path: admin,
    id: 'admin',
    handle: titled('titles.admin'),
    loader: requireAdmin(config),
    element: <GuardGate routeId="admin" />,
    children: [
      {
        lazy: async () => ({ Component: (await signedInModule(config)).AdminShellRoute }),
        children: [
          { index: true, lazy: async () => ({ Component: (await signedInModule(config)).AdminIntro }) },
          {
            path: under(admin, paths.adminSetting.path),
            handle: titled('titles.adminSetting'),
            lazy: async () => ({ Component: (await signedInModule(config)).AdminSettingRoute }),
          },
          {
            path: under(admin, paths.adminJobs.path),
            handle: titled('titles.adminJobs'),
            lazy: async () => ({ Component: (await signedInModule(config)).AdminJobsRoute }),
          },
        ],
      },
    ],
  };
}

/**
 * The public site (features/public) with sign-in and sign-up (features/auth) inside its layout, so
 * the login and sign-up popups open over the site's header and footer. Login and register are for
 * guests only; the thank-you page needs a signed-in user.
 */
function publicAndAuthRoutes(config: AppConfig): RouteObject[] {
  const auth = authRoutes(config);
  const pick = (path: string) => auth.filter((r) => r.path === path);
  const others = auth.filter((r) => !['login', 'register', 'thankyou'].includes(r.path ?? ''));
  const withHandle = (routes: RouteObject[], handle: RouteHandle) =>
    routes.map((r) => ({ ...r, handle }) as RouteObject);
  const authChildren: RouteObject[] = [
    {
      loader: guestsOnly(config),
      children: [
        ...withHandle(pick(paths.login.path), titled('titles.login')),
        ...withHandle(pick(paths.register.path), titled('titles.register')),
      ],
    },
    {
      id: 'thankyou-guard',
      loader: requireSignedIn(config),
      element: <GuardGate routeId="thankyou-guard" />,
      children: withHandle(pick(paths.thankyou.path), titled('titles.thankyou')),
    },
    ...others,
    // The signer flow (issue #5): open to anyone with the link, in a lazy chunk of its own.
    signerRoute(),
    // The phone's video recording pages and the video confirmation page (issues #15, #16).
    ...videoRoutes(),
  ];
  const site = publicRoutes(config);
  const layout = site.find((r) => r.id === 'public');
  if (!layout) return [...site, ...authChildren];
  // The layout route has children (it is not an index route): add sign-in and sign-up to them.
  layout.children = [...(layout.children ?? []), ...authChildren];
  return site;
}

export function createRoutes(config: AppConfig): RouteObject[] {
  return [
    { path: '/', loader: redirectToLangLoader, hydrateFallbackElement: <Spinner /> },
    lineCallbackRoute(config),
    // The embedded signer page (issue #31): inside another site's frame, outside the site's layout.
    embedRoutes(),
    // '/home' → '/en/home', '/home/doc/signed' → '/en/home/doc/signed', …
    ...[...PREFIXED_FIRST_SEGMENTS].flatMap((segment) => [
      { path: `/${segment}`, loader: redirectToLangLoader, hydrateFallbackElement: <Spinner /> },
      { path: `/${segment}/*`, loader: redirectToLangLoader, hydrateFallbackElement: <Spinner /> },
    ]),
    {
      path: '/:lang',
      id: 'lang',
      loader: languageLoader,
      element: <LanguageLayout />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <PageLoading />,
      children: [
        {
          errorElement: <RouteError />,
          children: [
            ...publicAndAuthRoutes(config),
            signedInRoutes(config),
            adminRoutes(config),
            { path: '*', handle: titled('titles.notFound'), element: <NotFoundRoute /> },
          ],
        },
      ],
    },
    { path: '*', element: <NotFoundRoute /> },
  ];
}

/**
 * Starts what the page at `pathname` will need before the configuration is read and the router
 * runs: a signer link (mostly opened on a phone) fetches its page's chunk at once (issue #14 item 8);
 * the document viewer (pdf.js and its worker) waits for the contract's view, which says whether there
 * is a document to show (issue #28: a link used before its turn has none).
 */
export function prefetchForPath(pathname: string): void {
  // The catalogue of the URL's language (or the visitor's), fetched with config.json, not after it.
  const prefix = pathname.split('/')[1];
  loadLocale(localeOf(isLang(prefix) ? prefix : detectLang())).catch(() => undefined);
  prefetchSignerCode(pathname);
}

/** Once the configuration is read: the first API call of the page at `pathname` (a signer link's view). */
export function prefetchDataForPath(pathname: string, apiBase: string): void {
  prefetchSignerData(pathname, apiBase);
}

export function createAppRouter(config: AppConfig) {
  return createBrowserRouter(createRoutes(config));
}
