// The routes of sign-up and sign-in, for the app router. Every page is lazy and awaits Amplify's
// configuration, so neither Amplify nor these pages weigh on the landing page's chunk.
import type { RouteObject } from 'react-router';
import { ensureAmplify } from '../../app/amplify';
import type { AppConfig } from '../../app/config';
import { localeOf, switchLocale } from '../../app/i18n';
import { Spinner } from '../../components/spinner';
import { redirectLang } from './hrefs';

/** Children of `/:lang`: 'login', 'register' and 'thankyou' (the last one requires a sign-in). */
export function authRoutes(config: AppConfig): RouteObject[] {
  return [
    {
      path: 'login',
      lazy: async () => {
        const [{ LoginPage }] = await Promise.all([import('./components/login-page'), ensureAmplify(config)]);
        return { Component: LoginPage };
      },
    },
    {
      path: 'register',
      lazy: async () => {
        const [{ RegisterPage }] = await Promise.all([
          import('./components/register-page'),
          ensureAmplify(config),
        ]);
        return { Component: RegisterPage };
      },
    },
    {
      path: 'thankyou',
      lazy: async () => {
        const [{ ThankYouPage }] = await Promise.all([
          import('./components/thank-you-page'),
          ensureAmplify(config),
        ]);
        return { Component: ThankYouPage };
      },
    },
  ];
}

/** Top-level '/callback_linelogin': where Cognito's hosted UI returns after Google / LINE. */
export function lineCallbackRoute(config: AppConfig): RouteObject {
  return {
    path: '/callback_linelogin',
    hydrateFallbackElement: <Spinner />,
    lazy: async () => {
      // Listen to Amplify's OAuth events before Amplify can complete the redirect sign-in.
      await import('./oauth-events');
      await ensureAmplify(config);
      const { LineCallbackPage } = await import('./components/line-callback-page');
      return { Component: LineCallbackPage };
    },
    // Outside /:lang: speak the language of the page that started the sign-in.
    loader: async () => {
      await switchLocale(localeOf(redirectLang()));
      return null;
    },
  };
}
