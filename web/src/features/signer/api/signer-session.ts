// The browser's own sign-in, as the signer page needs it: a link's contractor signs without an
// account, but someone else signed in here must sign out first (spec doc 1 §2, 'Caution!').
import type { SignerView } from '../../../../../shared/api/schemas';
import { maskContact } from '../../../../../shared/domain/contact';
import { ensureAmplify, mayHaveSession } from '../../../app/amplify';
import type { useAppConfig } from '../../../app/app-context';

type AppConfig = ReturnType<typeof useAppConfig>;

/** Whether a signed-in user of this browser is someone else than the link's contractor. */
export async function otherUserSignedIn(config: AppConfig, view: SignerView): Promise<boolean> {
  if (!mayHaveSession(config)) return false;
  try {
    await ensureAmplify(config);
    const { fetchAuthSession } = await import('aws-amplify/auth');
    const session = await fetchAuthSession();
    const idToken = session.tokens?.idToken;
    if (!idToken) return false;
    const email = idToken.payload.email;
    // The view only gives masked contacts: a different mask proves a different person; a phone
    // contractor never matches an e-mail session.
    if (typeof email !== 'string' || email === '') return true;
    return maskContact(email.trim().toLowerCase()) !== view.me.contactMasked;
  } catch {
    return false;
  }
}

export async function signOutHere(config: AppConfig): Promise<void> {
  try {
    await ensureAmplify(config);
    const { signOut } = await import('aws-amplify/auth');
    await signOut();
  } catch {
    // Already signed out or offline: the local session is gone either way.
  }
}
