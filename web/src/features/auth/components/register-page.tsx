// /{lang}/register: the registration dialog (spec doc 1 §2, §3, §5). Step 1: the consents. Step 2:
// Google / LINE when configured (the consents travel in the LINE `state` payload and are asked again
// if the server has none), or e-mail + name + password → `POST /api/auth/signup` with the consents,
// which answers the same for every address (issue #13). Step 3: the code mailed to the address →
// `POST /api/auth/signup/confirm` (the account is created now) → sign in with the same credentials →
// `POST /api/me/login` → /{lang}/thankyou.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ConsentsInput } from '../../../../../shared/api/schemas';
import { useAppConfig } from '../../../app/app-context';
import { useLang } from '../../../app/use-lang';
import { ApiError } from '../../../lib/api-client';
import { confirmSignUp, signUpAccount } from '../api/account';
import { minAgeOf } from '../consents';
import { useAfterSignIn } from '../hooks/use-after-sign-in';
import { authHref } from '../hrefs';
import { consentsState } from '../line-state';
import { authErrorMessage, signInWithPassword } from '../sign-in';
import { ConsentStep } from './consent-step';
import { ConsentsDialog } from './consents-dialog';
import { FederatedButtons } from './federated-buttons';
import { ErrorDialog, ModalDialog } from './modal-dialog';
import { SignUpCodeStep } from './sign-up-code-step';
import { SignUpForm, type SignUpFields } from './sign-up-form';
import '../auth.css';

export function RegisterPage() {
  const { t } = useTranslation();
  const config = useAppConfig();
  const lang = useLang();
  const navigate = useNavigate();
  const after = useAfterSignIn(lang);
  const minAge = minAgeOf(config);
  const [consents, setConsents] = useState<ConsentsInput | null>(null);
  // Step 1's answers, kept when the visitor goes back from step 2.
  const [lastConsents, setLastConsents] = useState<ConsentsInput | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Step 3: the answers of step 2, kept (in memory only) to confirm the code and to sign in.
  const [pending, setPending] = useState<SignUpFields | null>(null);
  const [resent, setResent] = useState(false);
  const providers = config.oauth?.providers ?? [];
  const appName = t('app.name');

  const close = () => void navigate(authHref.landing(lang));
  // 'SignUp Failed... : {server message}' (spec doc 2 §8.1) for a sign-up the server refused; a mistyped
  // code is only that, and says so alone.
  const signUpFailed = (failure: unknown) => {
    const message = authErrorMessage(t, failure);
    return failure instanceof ApiError && failure.code === 'auth.errors.invalidCode'
      ? message
      : t('auth.signUpFailed', { errmsg: message });
  };

  const requestCode = async (fields: SignUpFields) => {
    if (!consents) return;
    await signUpAccount({
      email: fields.email.trim(),
      name: fields.name.trim(),
      password: fields.password,
      consents,
      lang,
    });
  };

  const signUp = async (fields: SignUpFields) => {
    setBusy(true);
    setError(null);
    try {
      await requestCode(fields);
      setResent(false);
      setPending(fields);
    } catch (failure) {
      setError(signUpFailed(failure));
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    if (!pending) return;
    setBusy(true);
    setError(null);
    try {
      await requestCode(pending);
      setResent(true);
    } catch (failure) {
      setError(authErrorMessage(t, failure));
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (code: string) => {
    if (!pending) return;
    setBusy(true);
    setError(null);
    try {
      await confirmSignUp({ email: pending.email.trim(), code, password: pending.password });
    } catch (failure) {
      setError(signUpFailed(failure));
      setBusy(false);
      return;
    }
    try {
      await signInWithPassword(config, pending.email, pending.password);
      await after.complete();
    } catch (failure) {
      setError(authErrorMessage(t, failure));
      setBusy(false);
    }
  };

  return (
    <main className="page auth-page">
      <ModalDialog title={t('registration.title', { appName })} onClose={close} testId="register-dialog">
        <p className="auth-step">
          {t('registration.stepOf', { step: pending ? 3 : consents ? 2 : 1, total: 3 })}
        </p>
        {pending ? (
          <SignUpCodeStep
            email={pending.email.trim()}
            busy={busy}
            resent={resent}
            onConfirm={(code) => void confirm(code)}
            onResend={() => void resend()}
          />
        ) : consents === null ? (
          <ConsentStep
            lang={lang}
            minAge={minAge}
            initial={lastConsents}
            submitLabel={t('registration.next')}
            onAgreed={(agreed) => {
              setLastConsents(agreed);
              setConsents(agreed);
            }}
          />
        ) : (
          <>
            <FederatedButtons
              lang={lang}
              providers={providers}
              customState={consentsState(consents)}
              onError={(failure) => setError(authErrorMessage(t, failure))}
            />
            {providers.length ? <p className="auth-divider">{t('registration.orEmail')}</p> : null}
            <SignUpForm busy={busy} onSubmit={(fields) => void signUp(fields)} />
            <p className="auth-note">{t('registration.noCreditCard')}</p>
            <p className="terms-links">
              <Link to={authHref.privacy(lang)}>{t('registration.privacyLink')}</Link>
              <Link to={authHref.terms(lang)}>{t('registration.termsLink')}</Link>
            </p>
            <div className="auth-switch">
              <button type="button" className="link-button" onClick={() => setConsents(null)}>
                {t('registration.back')}
              </button>
            </div>
          </>
        )}
        <p className="auth-switch">
          {t('registration.haveAccount')} <Link to={authHref.login(lang)}>{t('registration.loginLink')}</Link>
        </p>
      </ModalDialog>
      {error ? <ErrorDialog message={error} onClose={() => setError(null)} /> : null}
      {after.pendingConsents ? (
        <ConsentsDialog
          lang={lang}
          minAge={minAge}
          initialOptional={consents ?? undefined}
          onSubmit={after.submitConsents}
          onCancel={() => void after.cancelConsents()}
        />
      ) : null}
    </main>
  );
}
