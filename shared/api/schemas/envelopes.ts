// Envelopes every response shares, and GET /api/health.

import * as z from 'zod';

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
