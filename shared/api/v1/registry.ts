// The public REST API's route registry (issue #31, architecture §23): one entry per v1 operation, with
// the schemas its handler validates with. The one v1 function (lambdas/handlers/api-v1.ts) routes by
// it, and the OpenAPI 3.1 description (./openapi.ts) is generated from it: a route cannot exist in
// one and not the other.
import * as z from 'zod';
import type { ApiScope } from '../../domain/api-keys';

export type V1Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The prefix of every v1 path (the route table's one `{proxy+}` entry serves it). */
export const V1_PREFIX = '/api/v1';

/** Tags of the reference, in the order the reference shows them. */
export const V1_TAGS = ['documents', 'templates', 'meta'] as const;
export type V1Tag = (typeof V1_TAGS)[number];

export interface V1Route {
  /** Stable operation id (OpenAPI `operationId`). */
  readonly id: string;
  readonly method: V1Method;
  /** OpenAPI path syntax under V1_PREFIX, e.g. `/documents/{docuId}`. */
  readonly path: string;
  /** The scope an API key needs; null: public (no key). */
  readonly scope: ApiScope | null;
  readonly tag: V1Tag;
  readonly summary: string;
  readonly description?: string;
  readonly params?: z.ZodObject;
  readonly query?: z.ZodObject;
  readonly body?: z.ZodType;
  /** The success answer's body. */
  readonly response: z.ZodType;
  /** The success status. @default 200 */
  readonly status?: number;
  /** A worked example of the request body (shown in the reference and the OpenAPI document). */
  readonly example?: unknown;
}

/** Every v1 error: one shape. `code` is stable (a message key); `message` is in the request's
 *  Accept-Language (en, ja, ko). */
export const v1ErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    requestId: z.string(),
    details: z.unknown().optional(),
  }),
});
export type V1Error = z.infer<typeof v1ErrorSchema>;

/** The request header that makes a POST safe to retry (lambdas/usecases/idempotency.ts). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** 1 to 255 visible ASCII characters (a UUID is typical). */
export const idempotencyKeySchema = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[\x21-\x7e]+$/);
/** How long a stored answer is replayed for one key. */
export const IDEMPOTENCY_TTL_HOURS = 24;

/** The path of a route with its parameters as a regular expression (params by name). */
export function compileV1Path(path: string): { regex: RegExp; names: string[] } {
  const names: string[] = [];
  const pattern = path
    .split('/')
    .map((part) => {
      const m = /^\{([A-Za-z]+)\}$/.exec(part);
      if (!m) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(m[1]!);
      return '([^/]+)';
    })
    .join('/');
  return { regex: new RegExp(`^${pattern}$`), names };
}
