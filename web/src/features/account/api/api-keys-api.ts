// My Info → API (issue #31 item 1): GET, POST and DELETE /api/account/api-keys.
import * as z from 'zod';
import {
  apiKeyListSchema,
  apiKeyViewSchema,
  createdApiKeySchema,
  type ApiKeyList,
  type ApiKeyViewBody,
  type CreateApiKeyRequest,
  type CreatedApiKey,
} from '../../../../../shared/api/schemas/api-keys';
import { apiRequest } from '../../../lib/api-client';

export function listApiKeys(): Promise<ApiKeyList> {
  return apiRequest({ method: 'GET', path: '/account/api-keys', schema: apiKeyListSchema, auth: true });
}

export function createApiKey(body: CreateApiKeyRequest): Promise<CreatedApiKey> {
  return apiRequest({
    method: 'POST',
    path: '/account/api-keys',
    schema: createdApiKeySchema,
    body,
    auth: true,
  });
}

const revokedSchema = z.object({ key: apiKeyViewSchema });

export async function revokeApiKey(keyId: string): Promise<ApiKeyViewBody> {
  const res = await apiRequest({
    method: 'DELETE',
    path: `/account/api-keys/${encodeURIComponent(keyId)}`,
    schema: revokedSchema,
    auth: true,
  });
  return res.key;
}
