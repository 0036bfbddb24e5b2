// The account calls of sign-up and sign-in (issue #3): start an e-mail sign-up and confirm its mailed
// code (issue #13), record a sign-in, save the consents of a first federated sign-in, read the profile.
import {
  loginResponseSchema,
  meResponseSchema,
  signUpResponseSchema,
  type ConfirmSignUpRequest,
  type ConsentsInput,
  type MeResponse,
  type SignUpRequest,
  type SignUpResponse,
} from '../../../../../shared/api/schemas';
import { apiRequest } from '../../../lib/api-client';
import type { Lang } from '../../../app/paths';

export type LoginResponse = MeResponse & { firstLogin: boolean };

/** POST /api/auth/signup (public) → 202 `codeSent`, whether or not the address has an account. */
export function signUpAccount(body: SignUpRequest): Promise<SignUpResponse> {
  return apiRequest({ method: 'POST', path: '/auth/signup', schema: signUpResponseSchema, body });
}

/** POST /api/auth/signup/confirm (public): the mailed code → 201 MeResponse (the account exists). */
export function confirmSignUp(body: ConfirmSignUpRequest): Promise<MeResponse> {
  return apiRequest({ method: 'POST', path: '/auth/signup/confirm', schema: meResponseSchema, body });
}

/** POST /api/me/login (owner): call once right after each successful sign-in. */
export function recordLogin(): Promise<LoginResponse> {
  return apiRequest({ method: 'POST', path: '/me/login', schema: loginResponseSchema, auth: true });
}

/** POST /api/me/consents (owner): a federated user's consents at the first sign-in. */
export function saveConsents(consents: ConsentsInput, lang: Lang): Promise<MeResponse> {
  return apiRequest({
    method: 'POST',
    path: '/me/consents',
    schema: meResponseSchema,
    body: { consents, lang },
    auth: true,
  });
}

/** GET /api/me (owner). */
export function fetchMe(signal?: AbortSignal): Promise<MeResponse> {
  return apiRequest({ path: '/me', schema: meResponseSchema, auth: true, signal });
}
