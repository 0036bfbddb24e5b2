// API request/response schemas (zod) shared by the handlers (validation) and the SPA's API clients
// (typed fetchers). Every error response has the same envelope: `code` is a message key of the
// catalogues (the SPA translates it), `message` is English for logs and API clients.

import { z } from 'zod';
import { PLAN_KEYS } from '../domain/entities';

// --- Envelopes --------------------------------------------------------------------------------

/** One refused field of a 400 'errors.validation' response (its `details`). */
export const validationIssueSchema = z.object({
  /** Where: 'body.contractors.0.contact', 'query.type', 'params.docuId'. */
  path: z.string(),
  message: z.string(),
  code: z.string(),
});
export type ValidationIssue = z.infer<typeof validationIssueSchema>;

export const errorBodySchema = z.object({
  error: z.object({
    /** A message key, e.g. 'errors.notFound' or 'contractors.errors.duplicateContact'. */
    code: z.string().min(1),
    /** English, for logs and API clients; the SPA shows the translated `code` instead. */
    message: z.string(),
    requestId: z.string().optional(),
    details: z.unknown().optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

// --- GET /api/health --------------------------------------------------------------------------

export const healthCheckSchema = z.object({
  ok: z.boolean(),
  latencyMs: z.number().nonnegative(),
  error: z.string().optional(),
});
export type HealthCheck = z.infer<typeof healthCheckSchema>;

export const healthResponseSchema = z.object({
  /** 'degraded' when any check failed (the handler then answers 503). */
  status: z.enum(['ok', 'degraded']),
  /** One entry per dependency: database, storage, queues, mail, sms… */
  checks: z.record(z.string(), healthCheckSchema),
  version: z.string(),
  time: z.iso.datetime({ offset: true }),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

// --- GET /api/me ------------------------------------------------------------------------------

export const meResponseSchema = z.object({
  userId: z.string().min(1),
  email: z.string(),
  name: z.string(),
  plan: z.enum(PLAN_KEYS),
  /** End of the current plan period (ISO date-time). */
  validDate: z.iso.datetime({ offset: true }),
  /** Remaining contracts (tickets). */
  availableTickets: z.number().int().nonnegative(),
  isAdmin: z.boolean(),
  /** True on the first sign-in (the SPA then shows the thank-you page). */
  firstLogin: z.boolean().optional(),
});
export type MeResponse = z.infer<typeof meResponseSchema>;

// --- Request/response pairs -------------------------------------------------------------------

/** The schemas of one endpoint: what the handler validates, and what it answers with 2xx. */
export interface EndpointSchemas<
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  Response extends z.ZodType = z.ZodType,
> {
  readonly body?: Body;
  readonly query?: Query;
  readonly params?: Params;
  readonly response: Response;
}

type InferOr<S, Fallback> = S extends z.ZodType ? z.infer<S> : Fallback;

/** The parsed request of an endpoint: its body, query and path parameters. */
export interface ApiRequest<E extends EndpointSchemas> {
  body: InferOr<E['body'], undefined>;
  query: InferOr<E['query'], Record<string, never>>;
  params: InferOr<E['params'], Record<string, never>>;
}

/** The 2xx response body of an endpoint. */
export type ApiResponse<E extends EndpointSchemas> = z.infer<E['response']>;

/** Endpoint schemas keyed by the route ids of shared/api/routes.ts. */
export const API_SCHEMAS = {
  Health: { response: healthResponseSchema },
  GetMe: { response: meResponseSchema },
} as const satisfies Record<string, EndpointSchemas>;
export type ApiRouteId = keyof typeof API_SCHEMAS;
