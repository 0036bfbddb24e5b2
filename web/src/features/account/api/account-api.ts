// My page calls: PATCH /api/me (My Info), the e-mail verification (POST /api/me/email/verification and
// …/confirm) and DELETE /api/me (close account).
import { z } from 'zod';
import {
  emailVerificationResponseSchema,
  meResponseSchema,
  type EmailVerificationResponse,
  type MeResponse,
  type UpdateMeRequest,
} from '../../../../../shared/api/schemas';
import { apiRequest } from '../../../lib/api-client';
import type { Lang } from '../../../app/paths';

export function updateMe(body: UpdateMeRequest): Promise<MeResponse> {
  return apiRequest({ method: 'PATCH', path: '/me', schema: meResponseSchema, body, auth: true });
}

const closedSchema = z.object({ closed: z.literal(true) });

export function closeAccount(): Promise<{ closed: true }> {
  return apiRequest({ method: 'DELETE', path: '/me', schema: closedSchema, auth: true });
}

/** Mails the product's code to the account's address (or answers `verified`). */
export function sendEmailCode(lang: Lang): Promise<EmailVerificationResponse> {
  return apiRequest({
    method: 'POST',
    path: '/me/email/verification',
    schema: emailVerificationResponseSchema,
    body: { lang },
    auth: true,
  });
}

/** Confirms the mailed code: the profile, now with the address verified. */
export function confirmEmailCode(code: string): Promise<MeResponse> {
  return apiRequest({
    method: 'POST',
    path: '/me/email/verification/confirm',
    schema: meResponseSchema,
    body: { code },
    auth: true,
  });
}
