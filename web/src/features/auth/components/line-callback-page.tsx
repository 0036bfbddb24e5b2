// /callback_linelogin: where Cognito's hosted UI sends the browser back after a Google or LINE
// sign-in (the OAuth `redirectSignIn` of /config.json must be {host}/callback_linelogin).
//
// How the spec's LINE callback (doc 2 §7.1) maps to Cognito's OIDC flow:
// - The spec redirects to LINE's authorize endpoint with response_type=code, scope 'profile openid
//   email', a nonce, prompt=consent, max_age=120, bot_prompt=normal. Here Amplify's
//   signInWithRedirect({ provider: { custom: 'LINE' } }) sends the browser to Cognito's /oauth2/authorize
//   (with PKCE); Cognito redirects to LINE (LINE is an OIDC identity provider of the user pool, where
//   the scopes and LINE's extra parameters are configured), LINE returns to Cognito, and Cognito
//   returns here with `code` and `state`.
// - "No code: do nothing": without `code` this page only offers a link home.
// - "The callback posts the code to the user server": Amplify exchanges the code at Cognito's token
//   endpoint (its OAuth listener runs once Amplify is configured on this page), checks `state`
//   against the value it stored, and reports through the Hub ('signInWithRedirect' or
//   'signInWithRedirect_failure'). The nonce and the ID-token checks happen between Cognito and LINE.
// - The `state` rule: Cognito's `state` is Amplify's anti-forgery value; our own value travels as
//   Amplify's custom state, to which the rule is applied (see ../line-state.ts): the fixed default is
//   a normal login, else exactly 11 characters (the sign-up consents payload) or the flow stops with
//   an error and goes to /login.
// - On success, the same steps as every sign-in (useAfterSignIn): a first login → /thankyou, else
//   'Logged in successfully.' and home. On failure: an error, then /login.
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { getCurrentUser, signOut } from 'aws-amplify/auth';
import { useAppConfig } from '../../../app/app-context';
import { minAgeOf } from '../consents';
import { useAfterSignIn } from '../hooks/use-after-sign-in';
import { authHref, redirectLang } from '../hrefs';
import { checkLineState, type LineStateCheck } from '../line-state';
import { takeGoogleSignUp } from '../sign-up-provider';
import { waitForOAuthOutcome } from '../oauth-events';
import { authErrorMessage } from '../sign-in';
import { ConsentsDialog } from './consents-dialog';
import { ErrorDialog } from './modal-dialog';
import { Spinner } from '../../../components/spinner';
import '../auth.css';

export function LineCallbackPage() {
  const { t } = useTranslation();
  const config = useAppConfig();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [lang] = useState(redirectLang);
  const after = useAfterSignIn(lang);
  const [error, setError] = useState<string | null>(null);
  const [stateCheck, setStateCheck] = useState<LineStateCheck | null>(null);
  const [googleSignUp, setGoogleSignUp] = useState(false);
  const started = useRef(false);
  const code = params.get('code');

  useEffect(() => {
    if (!code || started.current) return;
    started.current = true;
    const run = async () => {
      if (!config.oauth) {
        // No Cognito hosted UI configured: nobody can exchange this code.
        const check = checkLineState(params.get('state'));
        throw new Error(check.kind === 'invalid' ? t('auth.errors.lineState') : t('auth.somethingWentWrong'));
      }
      const outcome = await Promise.race([
        waitForOAuthOutcome(),
        // The exchange may have finished before this page listened: a session means success.
        new Promise<{ kind: 'signedIn'; customState?: string }>((resolve) => {
          const poll = () =>
            getCurrentUser().then(
              () => resolve({ kind: 'signedIn' }),
              () => setTimeout(poll, 1000),
            );
          setTimeout(poll, 1500);
        }),
      ]);
      if (outcome.kind === 'failed') throw outcome.error;
      const check = checkLineState(outcome.customState);
      if (check.kind === 'invalid') {
        await signOut().catch(() => undefined);
        throw new Error(t('auth.errors.lineState'));
      }
      setStateCheck(check);
      // A Google sign-up that came back: 'SignUp Success!!! Now Automatically SignIn as Google ID…'.
      if (check.kind === 'payload' && takeGoogleSignUp(sessionStorage)) setGoogleSignUp(true);
      await after.complete();
    };
    run().catch((failure: unknown) => setError(authErrorMessage(t, failure)));
    // Runs once per page load, for the code in the address.
  }, [code]);

  if (!code) {
    return (
      <main className="page auth-page callback-page">
        <p>{t('auth.callback.nothingToDo')}</p>
        <Link to={authHref.landing(lang)}>{t('auth.callback.backHome')}</Link>
      </main>
    );
  }

  return (
    <main className="page auth-page callback-page">
      <p role="status" data-testid="callback-status">
        {googleSignUp ? t('auth.signUpSuccess') : t('auth.callback.processing')}
      </p>
      <Spinner />
      {error ? (
        <ErrorDialog message={error} onClose={() => void navigate(authHref.login(lang), { replace: true })} />
      ) : null}
      {after.pendingConsents ? (
        <ConsentsDialog
          lang={lang}
          minAge={minAgeOf(config)}
          initialOptional={stateCheck?.kind === 'payload' ? stateCheck.optionalConsents : undefined}
          onSubmit={after.submitConsents}
          onCancel={() => {
            void after.cancelConsents();
            void navigate(authHref.login(lang), { replace: true });
          }}
        />
      ) : null}
    </main>
  );
}
