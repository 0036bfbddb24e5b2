// The account calls of sign-up and sign-in (issue #3): create an e-mail account, record a sign-in,
// save the consents of a first federated sign-in, read the profile.
import {
  loginResponseSchema,
  meResponseSchema,
  type ConsentsInput,
  type MeResponse,
  type SignUpRequest,
} from '../../../../../shared/api/schemas';
import { apiRequest } from '../../../lib/api-client';
import type { Lang } from '../../../app/paths';

export type LoginResponse = MeResponse & { firstLogin: boolean };

/** POST /api/auth/signup (public) → 201 MeResponse. */
export function signUpAccount(body: SignUpRequest): Promise<MeResponse> {
  return apiRequest({ method: 'POST', path: '/auth/signup', schema: meResponseSchema, body });
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
