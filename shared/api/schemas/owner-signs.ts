// The owner's own signs (issue #4: the owner as a contractor).

import * as z from 'zod';
import { SIGN_IMAGE_MAX_BASE64 } from './signing';

import { OWNER_SIGN_KINDS } from '../../domain/owner-signs';

export { OWNER_SIGN_KINDS, type OwnerSignKind } from '../../domain/owner-signs';

/** One sign of the signed-in owner's sign list; `url` is a presigned GET (10 minutes). */
export const ownerSignSchema = z.object({
  signId: z.string(),
  kind: z.string(),
  url: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  isDefault: z.boolean(),
});
export type OwnerSign = z.infer<typeof ownerSignSchema>;

/** GET /api/me/signs (owner): the account's signs, oldest first, and which one is the default. */
export const ownerSignsResponseSchema = z.object({
  signs: z.array(ownerSignSchema),
  defaultSignId: z.string().nullable(),
  /** At most this many signs per account. */
  max: z.number().int().positive(),
});
export type OwnerSignsResponse = z.infer<typeof ownerSignsResponseSchema>;

/** POST /api/me/signs (owner): a sign image with the same checks as the signer's upload. It becomes
 *  the default when it is the account's first sign or when `makeDefault` is true. */
export const createOwnerSignRequestSchema = z.object({
  image: z
    .string()
    .min(1)
    .max(SIGN_IMAGE_MAX_BASE64 * 3),
  kind: z.enum(OWNER_SIGN_KINDS).optional(),
  makeDefault: z.boolean().optional(),
});
export type CreateOwnerSignRequest = z.infer<typeof createOwnerSignRequestSchema>;

/** PUT /api/me/signs/default (owner): choose the default sign. */
export const setDefaultSignRequestSchema = z.object({ signId: z.string().min(1).max(64) });
export type SetDefaultSignRequest = z.infer<typeof setDefaultSignRequestSchema>;

/** DELETE /api/me/signs/{signId} (owner): removes one of the caller's signs or stamps. */
export const ownerSignParamsSchema = z.object({ signId: z.string().min(1).max(64) });
export type OwnerSignParams = z.infer<typeof ownerSignParamsSchema>;
