// The signed-in owner's own signs (issue #4: the owner as a contractor signs at sending with the
// default sign). Schemas are the shared API contract (shared/api/schemas.ts).
import {
  ownerSignSchema,
  ownerSignsResponseSchema,
  type CreateOwnerSignRequest,
  type OwnerSign,
  type OwnerSignsResponse,
} from '../../../../../shared/api/schemas';
import { apiRequest } from '../../../lib/api-client';

export type { OwnerSign, OwnerSignsResponse };

export function listOwnerSigns(signal?: AbortSignal): Promise<OwnerSignsResponse> {
  return apiRequest({ path: '/me/signs', schema: ownerSignsResponseSchema, auth: true, signal });
}

export function createOwnerSign(body: CreateOwnerSignRequest): Promise<OwnerSign> {
  return apiRequest({ method: 'POST', path: '/me/signs', body, schema: ownerSignSchema, auth: true });
}

export function setDefaultSign(signId: string): Promise<OwnerSignsResponse> {
  return apiRequest({
    method: 'PUT',
    path: '/me/signs/default',
    body: { signId },
    schema: ownerSignsResponseSchema,
    auth: true,
  });
}

/** Issue #17 (the sign manager): removes one of the owner's signs or stamps; answers the list. */
export function deleteOwnerSign(signId: string): Promise<OwnerSignsResponse> {
  return apiRequest({
    method: 'DELETE',
    path: `/me/signs/${encodeURIComponent(signId)}`,
    schema: ownerSignsResponseSchema,
    auth: true,
  });
}
