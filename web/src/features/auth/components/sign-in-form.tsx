// E-mail and password sign-in through Amplify's Authenticator (sign-up is a separate flow), plus
// Google / LINE federation when the deployment configures it.
import { useEffect } from 'react';
import { Authenticator, Button, translations } from '@aws-amplify/ui-react';
import '@aws-amplify/ui-react/styles.css';
import { signIn, signInWithRedirect, type SignInInput } from 'aws-amplify/auth';
import { I18n } from 'aws-amplify/utils';

I18n.putVocabularies(translations);

export type FederatedProvider = 'Google' | 'LINE';

interface SignInFormProps {
  /** i18n locale ('en', 'ja', 'ko'): the Authenticator's own labels follow it. */
  locale: string;
  /**
   * cognito-local supports only USER_PASSWORD_AUTH; a real user pool gets SRP, which never sends the
   * password itself.
   */
  passwordAuthFlow: 'USER_PASSWORD_AUTH' | 'USER_SRP_AUTH';
  providers?: readonly FederatedProvider[];
  onSignedIn: () => void;
}

export function SignInForm({ locale, passwordAuthFlow, providers = [], onSignedIn }: SignInFormProps) {
  // Idempotent and read by the Authenticator while rendering, so set it before it renders.
  I18n.setLanguage(locale);

  const services = {
    // typeof signIn has an overload taking Amplify's context first; the Authenticator calls this one.
    handleSignIn: ((input: SignInInput) =>
      signIn({ ...input, options: { ...input.options, authFlowType: passwordAuthFlow } })) as typeof signIn,
  };

  return (
    <Authenticator
      hideSignUp
      loginMechanisms={['email']}
      services={services}
      socialProviders={providers.includes('Google') ? ['google'] : undefined}
      components={providers.includes('LINE') ? { SignIn: { Footer: LineSignInButton } } : undefined}
    >
      {() => <SignedIn onSignedIn={onSignedIn} />}
    </Authenticator>
  );
}

function SignedIn({ onSignedIn }: { onSignedIn: () => void }) {
  useEffect(() => {
    onSignedIn();
  }, [onSignedIn]);
  return null;
}

// The provider's brand name (the catalogues have no 'Sign in with LINE' message yet).
const LINE_BRAND = 'LINE';

function LineSignInButton() {
  return (
    <div className="line-sign-in">
      <Button
        variation="primary"
        isFullWidth
        onClick={() => void signInWithRedirect({ provider: { custom: 'LINE' } })}
      >
        {LINE_BRAND}
      </Button>
    </div>
  );
}
