// /{lang}/: the public landing. A visitor who is already signed in goes to /{lang}/home (spec).
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HealthCard } from '../../features/health/components/health-card';
import { ensureAmplify, mayHaveSession } from '../amplify';
import type { AppConfig } from '../config';
import { isLang, paths } from '../paths';

export function landingLoader(config: AppConfig) {
  return async ({ params }: LoaderFunctionArgs) => {
    // Only load Amplify when this browser has signed in before.
    if (!isLang(params.lang) || !mayHaveSession(config)) return null;
    await ensureAmplify(config);
    const { getCurrentUser } = await import('aws-amplify/auth');
    const signedIn = await getCurrentUser().then(
      () => true,
      () => false,
    );
    return signedIn ? redirect(paths.home.getHref(params.lang)) : null;
  };
}

export function LandingRoute() {
  const { t } = useTranslation();
  return (
    <main className="page landing-page">
      <h1>{t('app.name')}</h1>
      <HealthCard />
    </main>
  );
}
