// Sign up / Sign in for visitors, 'My page' for a signed-in user. Amplify is only loaded when this
// browser has signed in before (mayHaveSession), so a first-time visitor's landing never pays for it.
import { lazy, Suspense, type ComponentType } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../../../app/app-context';
import { ensureAmplify, mayHaveSession } from '../../../app/amplify';
import type { AppConfig } from '../../../app/config';
import type { Lang } from '../../../app/paths';
import { loginHref, registerHref } from '../public-paths';

export interface AccountLinksProps {
  lang: Lang;
  /** Called when a link is followed (the mobile menu closes itself). */
  onNavigate?: () => void;
}

export function GuestLinks({ lang, onNavigate }: AccountLinksProps) {
  const { t } = useTranslation();
  return (
    <>
      <Link className="button button-secondary" to={loginHref(lang)} onClick={onNavigate}>
        {t('nav.signIn')}
      </Link>
      <Link className="button button-primary" to={registerHref(lang)} onClick={onNavigate}>
        {t('nav.signUp')}
      </Link>
    </>
  );
}

/** Holds the links' place (no layout jump) while the session is checked. */
export function AccountPending() {
  return <span className="account-pending" aria-hidden="true" />;
}

let signedInAware: { config: AppConfig; Component: ComponentType<AccountLinksProps> } | undefined;

function signedInAwareLinks(config: AppConfig): ComponentType<AccountLinksProps> {
  if (signedInAware?.config !== config) {
    const Component = lazy(async () => {
      const [module] = await Promise.all([import('./auth-aware-links'), ensureAmplify(config)]);
      return { default: module.AuthAwareLinks };
    });
    signedInAware = { config, Component };
  }
  return signedInAware.Component;
}

export function AccountLinks(props: AccountLinksProps) {
  const config = useAppConfig();
  if (!mayHaveSession(config)) return <GuestLinks {...props} />;
  const AuthAware = signedInAwareLinks(config);
  // While the session is checked, no links at all: a signed-in user must not see Sign in / Sign up.
  return (
    <Suspense fallback={<AccountPending />}>
      <AuthAware {...props} />
    </Suspense>
  );
}
