// /{lang}/login: e-mail and password sign-in; afterwards the page that sent the visitor here, or
// /{lang}/home.
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { AuthNotice } from '../../features/auth/components/auth-notice';
import type { SignInRedirectState } from '../../features/auth/components/require-auth';
import { SignInForm } from '../../features/auth/components/sign-in-form';
import { useAppConfig } from '../app-context';
import { localeOf } from '../i18n';
import { paths } from '../paths';
import { useLang } from '../use-lang';

export function LoginRoute() {
  const config = useAppConfig();
  const lang = useLang();
  const navigate = useNavigate();
  const state = useLocation().state as SignInRedirectState | null;
  const target = state?.from ?? paths.home.getHref(lang);

  const onSignedIn = useCallback(() => {
    void navigate(target, { replace: true });
  }, [navigate, target]);

  return (
    <main className="page login-page">
      {state?.reason ? <AuthNotice reason={state.reason} /> : null}
      <SignInForm
        locale={localeOf(lang)}
        passwordAuthFlow={config.cognitoEndpoint ? 'USER_PASSWORD_AUTH' : 'USER_SRP_AUTH'}
        providers={config.oauth?.providers}
        onSignedIn={onSignedIn}
      />
    </main>
  );
}
