// The public site's routes: children of `/:lang` with relative paths, all inside PublicLayout. The
// landing is part of the first chunk (it is the first page most visitors see); the other pages load
// on demand. The index keeps the landing loader: a signed-in visitor goes to /{lang}/home.
import type { RouteObject } from 'react-router';
import type { AppConfig } from '../../app/config';
import { landingLoader } from '../../app/routes/landing';
import { PublicLayout } from './components/public-layout';
import { LandingPage } from './pages/landing-page';
import { PUBLIC_PAGES } from './public-paths';

/** The relative paths of the public pages, for the app's path registry. */
export const PUBLIC_PATHS = Object.values(PUBLIC_PAGES);

export function publicRoutes(config: AppConfig): RouteObject[] {
  return [
    {
      id: 'public',
      element: <PublicLayout />,
      children: [
        {
          index: true,
          handle: { title: 'titles.landing' },
          loader: landingLoader(config),
          element: <LandingPage />,
        },
        {
          path: PUBLIC_PAGES.status,
          lazy: async () => ({ Component: (await import('./pages/status-page')).StatusPage }),
        },
        {
          path: PUBLIC_PAGES.services,
          lazy: async () => ({ Component: (await import('./pages/services-page')).ServicesPage }),
        },
        {
          path: PUBLIC_PAGES.eSignature,
          lazy: async () => ({ Component: (await import('./pages/service-page')).ESignaturePage }),
        },
        {
          path: PUBLIC_PAGES.videoSignature,
          lazy: async () => ({ Component: (await import('./pages/service-page')).VideoSignaturePage }),
        },
        {
          path: PUBLIC_PAGES.videoContract,
          lazy: async () => ({ Component: (await import('./pages/service-page')).VideoContractPage }),
        },
        {
          path: PUBLIC_PAGES.faq,
          lazy: async () => ({ Component: (await import('./pages/faq-page')).FaqPage }),
        },
        {
          path: PUBLIC_PAGES.about,
          lazy: async () => ({ Component: (await import('./pages/about-page')).AboutPage }),
        },
        {
          path: PUBLIC_PAGES.plans,
          lazy: async () => ({ Component: (await import('./pages/plans-page')).PlansPage }),
        },
        {
          path: PUBLIC_PAGES.terms,
          lazy: async () => ({ Component: (await import('./pages/legal-pages')).TermsPage }),
        },
        {
          path: PUBLIC_PAGES.privacy,
          lazy: async () => ({ Component: (await import('./pages/legal-pages')).PrivacyPage }),
        },
        {
          path: PUBLIC_PAGES.verify,
          handle: { translated: true },
          lazy: async () => ({ Component: (await import('../verify/components/verify-page')).VerifyPage }),
        },
        {
          path: PUBLIC_PAGES.apiReference,
          handle: { translated: true },
          lazy: async () => ({
            Component: (await import('../developers/api-reference-page')).ApiReferencePage,
          }),
        },
        {
          path: PUBLIC_PAGES.refund,
          lazy: async () => ({ Component: (await import('./pages/legal-pages')).RefundPage }),
        },
      ],
    },
  ];
}
