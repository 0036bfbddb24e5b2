// My page calls: PATCH /api/me (My Info) and DELETE /api/me (close account).
import { z } from 'zod';
import { meResponseSchema, type MeResponse, type UpdateMeRequest } from '../../../../../shared/api/schemas';
import { apiRequest } from '../../../lib/api-client';

export function updateMe(body: UpdateMeRequest): Promise<MeResponse> {
  return apiRequest({ method: 'PATCH', path: '/me', schema: meResponseSchema, body, auth: true });
}

const closedSchema = z.object({ closed: z.literal(true) });

export function closeAccount(): Promise<{ closed: true }> {
  return apiRequest({ method: 'DELETE', path: '/me', schema: closedSchema, auth: true });
}
