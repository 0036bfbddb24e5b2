// The browser's own sign-in, as the signer page needs it: a link's contractor signs without an
// account, but someone else signed in here must sign out first (spec doc 1 §2, 'Caution!'). Whether
// they are someone else is decided on the real contacts, by the server (issue #29).
import type { SignerView } from '../../../../../shared/api/schemas';
import {
  signerIdentityResponseSchema,
  type SignerIdentityResponse,
} from '../../../../../shared/api/schemas/signer-states';
import { maskContact } from '../../../../../shared/domain/contact';
import { apiRequest } from '../../../lib/api-client';
import { signerBase } from './signer-path';
import { ensureAmplify, mayHaveSession } from '../../../app/amplify';
import type { useAppConfig } from '../../../app/app-context';

type AppConfig = ReturnType<typeof useAppConfig>;

/** Whether a signed-in user of this browser is someone else than the link's contractor. */
export async function otherUserSignedIn(
  config: AppConfig,
  view: SignerView,
  docuId: string,
  token: string,
): Promise<boolean> {
  if (!mayHaveSession(config)) return false;
  try {
    await ensureAmplify(config);
    const { fetchAuthSession } = await import('aws-amplify/auth');
    const session = await fetchAuthSession();
    const idToken = session.tokens?.idToken;
    if (!idToken) return false;
    const email = idToken.payload.email;
    if (typeof email !== 'string' || email === '') return true;
    // A different mask already proves a different person (no call needed); the same mask does not:
    // two addresses can share it, so the server compares the real contacts (issue #29).
    if (maskContact(email.trim().toLowerCase()) !== view.me.contactMasked) return true;
    const { sameUser } = await checkSignerIdentity(docuId, token);
    return !sameUser;
  } catch {
    return false;
  }
}

/** POST …/identity with the signed-in user's ID token: only whether they are the link's contractor. */
export function checkSignerIdentity(docuId: string, token: string): Promise<SignerIdentityResponse> {
  return apiRequest({
    method: 'POST',
    path: `${signerBase(docuId, token)}/identity`,
    schema: signerIdentityResponseSchema,
    auth: true,
  });
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
