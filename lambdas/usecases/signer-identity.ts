// The 'Caution!' check of the signer page (spec doc 1 §2; issue #29 item 3): is the user signed in on
// this browser someone other than the link's contractor? The page only holds masked contacts, and two
// different addresses can share a mask, so the comparison is made here on the real contacts: the
// signed-in user's e-mail (from their verified token) against the contractor's. The answer is one
// boolean to someone who holds both the link and a session: no contact, masked or not, is returned.
import type { SignerIdentityResponse } from '../../shared/api/schemas/signer-states';
import { normaliseEmail } from '../../shared/domain/contact';
import type { AuthUser } from '../core/http';
import { resolveSigner, type SigningDeps } from './signer-link';

/** Whether `user` is the contractor of the signer link (a phone contractor never is an e-mail user). */
export async function signerIdentity(
  deps: Pick<SigningDeps, 'docs' | 'clock'>,
  user: AuthUser,
  docuId: string,
  token: string,
): Promise<SignerIdentityResponse> {
  const { me } = await resolveSigner(deps, docuId, token);
  const email = user.email ? normaliseEmail(user.email) : '';
  const sameUser = me.method === 'email' && email !== '' && normaliseEmail(me.contact) === email;
  return { sameUser };
}
