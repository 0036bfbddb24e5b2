// /{lang}/login: the login popup (spec doc 1 §2). Google / LINE when configured, e-mail + password,
// a sign-up link; × or Escape returns to /{lang}/. After the sign-in: see useAfterSignIn. A failed
// sign-in shows the 'Oops...' dialog and the visitor stays here.
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../../../app/app-context';
import { useLang } from '../../../app/use-lang';
import { minAgeOf } from '../consents';
import { useAfterSignIn } from '../hooks/use-after-sign-in';
import { authHref } from '../hrefs';
import { peekSignedOutNotice, takeSignedOutNotice } from '../session';
import { authErrorMessage, signInWithPassword } from '../sign-in';
import { AuthNotice } from './auth-notice';
import { ConsentsDialog } from './consents-dialog';
import { EmailSignInForm } from './email-sign-in-form';
import { FederatedButtons } from './federated-buttons';
import { ErrorDialog, ModalDialog } from './modal-dialog';
import type { SignInRedirectState } from './require-auth';
import '../auth.css';

export function LoginPage() {
  const { t } = useTranslation();
  const config = useAppConfig();
  const lang = useLang();
  const navigate = useNavigate();
  const state = useLocation().state as SignInRedirectState | null;
  const after = useAfterSignIn(lang, state?.from);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Read during render (StrictMode renders twice), cleared once mounted.
  const [signedOut] = useState(() => state?.reason === 'signedOut' || peekSignedOutNotice());
  useEffect(() => {
    takeSignedOutNotice();
  }, []);

  const close = () => void navigate(authHref.landing(lang));

  const signIn = async (email: string, password: string) => {
    setBusy(true);
    setError(null);
    try {
      await signInWithPassword(config, email, password);
      await after.complete();
    } catch (failure) {
      setError(authErrorMessage(t, failure));
      setBusy(false);
    }
  };

  const notice = signedOut ? 'signedOut' : state?.reason === 'unauthorized' ? 'unauthorized' : null;

  return (
    <main className="page auth-page">
      <ModalDialog
        title={t('auth.loginTitle', { appName: t('app.name') })}
        onClose={close}
        testId="login-dialog"
      >
        {notice ? <AuthNotice reason={notice} /> : null}
        <FederatedButtons
          lang={lang}
          providers={config.oauth?.providers ?? []}
          onError={(failure) => setError(authErrorMessage(t, failure))}
        />
        {config.oauth?.providers.length ? <p className="auth-divider">{t('auth.orEmail')}</p> : null}
        <EmailSignInForm busy={busy} onSubmit={(email, password) => void signIn(email, password)} />
        <p className="auth-switch">
          {t('auth.noAccount')} <Link to={authHref.register(lang)}>{t('auth.signUpLink')}</Link>
        </p>
      </ModalDialog>
      {error ? <ErrorDialog message={error} onClose={() => setError(null)} /> : null}
      {after.pendingConsents ? (
        <ConsentsDialog
          lang={lang}
          minAge={minAgeOf(config)}
          onSubmit={after.submitConsents}
          onCancel={() => {
            void after.cancelConsents();
            setBusy(false);
          }}
        />
      ) : null}
    </main>
  );
}
