// Sign up / Sign in for visitors, 'My page' for a signed-in user. Amplify is only loaded when this
// browser has signed in before (mayHaveSession), so a first-time visitor's landing never pays for it.
import { lazy, Suspense, type ComponentType } from 'react';
import { useAppConfig } from '../../../app/app-context';
import { ensureAmplify, mayHaveSession } from '../../../app/amplify';
import type { AppConfig } from '../../../app/config';
import { AccountPending, GuestLinks, type AccountLinksProps } from './guest-links';

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
