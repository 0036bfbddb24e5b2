// Which provider a federated sign-up left for (issue #29 item 5): the callback page then shows the
// spec's 'SignUp Success!!! Now Automatically SignIn as Google ID. Please Wait' (doc 2 §8.1) while the
// new Google account is signed in. Kept in sessionStorage across the provider's round trip; a plain
// login (no consents payload) leaves nothing.
import type { OAuthProvider } from '../../app/config';

export const SIGN_UP_PROVIDER_KEY = 'signseal.auth.signUpProvider';

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function rememberSignUpProvider(storage: KeyValueStore, provider: OAuthProvider): void {
  try {
    storage.setItem(SIGN_UP_PROVIDER_KEY, provider);
  } catch {
    // No storage: the callback shows its usual 'processing' line.
  }
}

export function forgetSignUpProvider(storage: KeyValueStore): void {
  try {
    storage.removeItem(SIGN_UP_PROVIDER_KEY);
  } catch {
    // Nothing stored.
  }
}

/** Reads and clears it; true when the sign-up that just came back was Google's. */
export function takeGoogleSignUp(storage: KeyValueStore): boolean {
  try {
    const provider = storage.getItem(SIGN_UP_PROVIDER_KEY);
    storage.removeItem(SIGN_UP_PROVIDER_KEY);
    return provider === 'Google';
  } catch {
    return false;
  }
}
