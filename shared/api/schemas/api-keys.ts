// API keys (issue #31 item 1): My Info → API's owner routes. The full key is only in the create answer.
import * as z from 'zod';
import { API_SCOPES } from '../../domain/api-keys';
import { lineText } from './text';

export const apiScopeSchema = z.enum(API_SCOPES);

/** A key as its owner sees it (never its secret or hash). */
export const apiKeyViewSchema = z.object({
  keyId: z.string(),
  name: z.string(),
  /** The visible part of the key: `ssk_{prefix}_…`. */
  prefix: z.string(),
  scopes: z.array(apiScopeSchema),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKeyViewBody = z.infer<typeof apiKeyViewSchema>;

/** GET /api/account/api-keys. */
export const apiKeyListSchema = z.object({
  /** Whether the plan the caller works under includes the API (the trial does). */
  allowed: z.boolean(),
  /** The plans page, for the plan gate's link. */
  plansPath: z.string(),
  keys: z.array(apiKeyViewSchema),
});
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

/** POST /api/account/api-keys. */
export const createApiKeyRequestSchema = z.object({
  name: lineText().min(1, { message: 'apiKeys.errors.name' }).max(60, { message: 'apiKeys.errors.name' }),
  scopes: z
    .array(apiScopeSchema, { message: 'apiKeys.errors.scopes' })
    .min(1, { message: 'apiKeys.errors.scopes' })
    .max(API_SCOPES.length, { message: 'apiKeys.errors.scopes' }),
});
export type CreateApiKeyRequest = z.infer<typeof createApiKeyRequestSchema>;

/** The answer of POST /api/account/api-keys: the key, and the full key `ssk_…` (shown once). */
export const createdApiKeySchema = z.object({
  key: apiKeyViewSchema,
  secret: z.string().regex(/^ssk_[0-9A-Za-z]{8}_[0-9A-Za-z]{43}$/),
});
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

/** DELETE /api/account/api-keys/{keyId}. */
export const apiKeyParamsSchema = z.object({ keyId: z.string().min(1).max(64) });
