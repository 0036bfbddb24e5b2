// GET /api/health (public): the API's own view of its dependencies.
import { healthResponseSchema, type HealthResponse } from '../../../../../shared/api/schemas';
import { apiRequest } from '../../../lib/api-client';
import { useAsync } from '../../../hooks/use-async';

export function getHealth(signal?: AbortSignal): Promise<HealthResponse> {
  // A degraded API answers 503 with the same body.
  return apiRequest({ path: '/health', schema: healthResponseSchema, acceptStatus: [503], signal });
}

export function useHealth(refreshKey = 0) {
  return useAsync((signal) => getHealth(signal), `health:${refreshKey}`);
}
