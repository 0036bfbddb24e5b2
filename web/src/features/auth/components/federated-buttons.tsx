// Google and LINE buttons, shown only for the providers /config.json lists. They leave for Cognito's
// hosted UI, which returns to /callback_linelogin (the OAuth redirectSignIn).
import { useState } from 'react';
import { signInWithRedirect } from 'aws-amplify/auth';
import { useTranslation } from 'react-i18next';
import type { OAuthProvider } from '../../../app/config';
import type { Lang } from '../../../app/paths';
import { rememberRedirectLang } from '../hrefs';
import { LINE_DEFAULT_STATE } from '../line-state';
import { forgetSignUpProvider, rememberSignUpProvider } from '../sign-up-provider';

interface FederatedButtonsProps {
  lang: Lang;
  providers: readonly OAuthProvider[];
  /** Carried through the redirect (the LINE `state` payload); the fixed default otherwise. */
  customState?: string;
  onError: (error: unknown) => void;
}

export function FederatedButtons({ lang, providers, customState, onError }: FederatedButtonsProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  if (providers.length === 0) return null;

  const go = (provider: OAuthProvider) => {
    setBusy(true);
    rememberRedirectLang(lang);
    // A sign-up (its consents travel as the custom state) says so on the way back.
    if (customState && customState !== LINE_DEFAULT_STATE) rememberSignUpProvider(sessionStorage, provider);
    else forgetSignUpProvider(sessionStorage);
    signInWithRedirect({
      provider: provider === 'Google' ? 'Google' : { custom: 'LINE' },
      customState: customState ?? LINE_DEFAULT_STATE,
    }).catch((error: unknown) => {
      setBusy(false);
      onError(error);
    });
  };

  return (
    <div className="federated-buttons">
      {providers.includes('Google') ? (
        <button
          type="button"
          className="button federated-google"
          disabled={busy}
          onClick={() => go('Google')}
        >
          {t('auth.continueWithGoogle')}
        </button>
      ) : null}
      {providers.includes('LINE') ? (
        <button type="button" className="button federated-line" disabled={busy} onClick={() => go('LINE')}>
          {t('auth.continueWithLine')}
        </button>
      ) : null}
    </div>
  );
}
