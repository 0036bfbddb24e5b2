// The one way the SPA talks to the API: JSON in and out, the Cognito ID token attached when asked,
// response bodies validated with zod, and error bodies turned into a typed ApiError whose `code` is
// an i18n message key.
import type { z } from 'zod';
import { errorBodySchema } from '../../../shared/api/schemas';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    /** HTTP status; 0 when the request never got an answer. */
    readonly status: number,
    /** i18n message key (e.g. 'errors.unauthorized'). */
    readonly code: string,
    message: string,
    readonly requestId?: string,
    /** e.g. the refused fields of an 'errors.validation' answer. */
    readonly details?: unknown,
  ) {
    super(message);
  }
}

type TokenProvider = () => Promise<string | undefined>;

interface ApiClientSettings {
  apiBase: string;
  getIdToken: TokenProvider;
}

let settings: ApiClientSettings = {
  apiBase: '/api',
  getIdToken: async () => undefined,
};

/** Called once at start-up with the runtime configuration. */
export function configureApiClient(next: Partial<ApiClientSettings>): void {
  settings = { ...settings, ...next };
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path below the API base, e.g. '/me'. */
  path: string;
  schema: z.ZodType<T>;
  body?: unknown;
  /** Attach `Authorization: Bearer <ID token>`; a missing session is an 'errors.unauthorized' ApiError. */
  auth?: boolean;
  /** Statuses other than 2xx whose body is still a valid response (e.g. 503 for a degraded health). */
  acceptStatus?: readonly number[];
  signal?: AbortSignal;
  /** The same request, already sent (e.g. a page's first call, started before the app ran): its
   *  answer is read and checked here as if this call had sent it. */
  response?: Promise<Response>;
}

export async function apiRequest<T>(options: RequestOptions<T>): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.auth) {
    const token = await settings.getIdToken();
    if (!token) throw new ApiError(401, 'errors.unauthorized', 'Not signed in');
    headers.authorization = `Bearer ${token}`;
  }

  let response: Response;
  try {
    response = await (options.response ??
      fetch(`${settings.apiBase}${options.path}`, {
        method: options.method ?? 'GET',
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: options.signal,
      }));
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'errors.unavailable', `Network error: ${String(error)}`);
  }

  const payload: unknown = await response.json().catch(() => undefined);
  if (response.ok || options.acceptStatus?.includes(response.status)) {
    const parsed = options.schema.safeParse(payload);
    if (parsed.success) return parsed.data;
    throw new ApiError(response.status, 'errors.internal', `Unexpected response from ${options.path}`);
  }
  const errorBody = errorBodySchema.safeParse(payload);
  if (errorBody.success) {
    const { code, message, requestId, details } = errorBody.data.error;
    throw new ApiError(response.status, code, message, requestId, details);
  }
  throw new ApiError(
    response.status,
    response.status === 401 || response.status === 403 ? 'errors.unauthorized' : 'errors.internal',
    `${options.path} answered ${response.status}`,
  );
}
