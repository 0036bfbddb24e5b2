// GET /api/me (signed in): the current user's profile, plan and tickets.
import { meResponseSchema, type MeResponse } from '../../../../../shared/api/schemas';
import { apiRequest } from '../../../lib/api-client';
import { useAsync } from '../../../hooks/use-async';

export function getMe(signal?: AbortSignal): Promise<MeResponse> {
  return apiRequest({ path: '/me', schema: meResponseSchema, auth: true, signal });
}

export function useMe() {
  return useAsync((signal) => getMe(signal), 'me');
}
