// GET /api/verify: what the server and the chain know of a hash, or of a sealed document by its id.
import { verifyResponseSchema, type VerifyResponse } from '../../../../../shared/api/verify';
import { apiRequest } from '../../../lib/api-client';

export type VerifyQuery = { hash: string } | { document: string };

export function fetchVerification(query: VerifyQuery, signal?: AbortSignal): Promise<VerifyResponse> {
  const params = new URLSearchParams(query as Record<string, string>);
  return apiRequest({ path: `/verify?${params.toString()}`, schema: verifyResponseSchema, signal });
}
