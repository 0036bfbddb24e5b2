// API contract of the operators' console (issue #20): /api/admin/jobs, redrive, seal again, settings
// and the audit trail. Spread into API_SCHEMAS (shared/api/endpoints.ts).
import * as z from 'zod';
import { WORKERS } from './routes';

export const adminQueueParamsSchema = z.object({ queue: z.enum(WORKERS) });
export const adminDocuParamsSchema = z.object({ docuId: z.string().min(1).max(64) });

const countsSchema = z.object({
  waiting: z.number().int().nonnegative(),
  inFlight: z.number().int().nonnegative(),
  delayed: z.number().int().nonnegative(),
});

export const adminJobsResponseSchema = z.object({
  queues: z.array(
    z.object({
      name: z.enum(WORKERS),
      queue: countsSchema,
      deadLetter: countsSchema,
      deadLetters: z.array(
        z.object({
          messageId: z.string(),
          /** A message key ('errors.unavailable'), an error's name ('TimeoutError'), or 'jobFailed',
           *  'jobNotJson', 'jobInvalid' when the worker recorded nothing. */
          errorCode: z.string(),
          docuId: z.string().optional(),
          kind: z.string().optional(),
          attempts: z.number().int().nonnegative(),
          sentAt: z.string().optional(),
        }),
      ),
    }),
  ),
  stuck: z.array(z.object({ docuId: z.string(), waitingFor: z.enum(['seal', 'anchor']), since: z.string() })),
  stuckAfterSeconds: z.number().int().positive(),
});
export type AdminJobs = z.infer<typeof adminJobsResponseSchema>;

export const adminRedriveResponseSchema = z.object({ moved: z.number().int().nonnegative() });
export const adminResealResponseSchema = z.object({ queued: z.enum(['seal', 'anchor']) });

export const adminSettingsResponseSchema = z.object({
  limits: z.object({
    maxUploadBytes: z.number(),
    pdfMaxPages: z.number(),
    pdfMaxInflatedMb: z.number(),
    pdfMaxParseMs: z.number(),
    minAge: z.number(),
    rates: z.record(z.string(), z.object({ limit: z.number(), windowSeconds: z.number() })),
  }),
  chain: z.object({ name: z.string(), chainId: z.number(), contractAddress: z.string() }).nullable(),
  mail: z.object({ from: z.string(), replyTo: z.string().optional() }),
  flags: z.object({ anchoring: z.boolean(), smsMode: z.string(), defaultPhoneCountry: z.string() }),
  sweep: z.object({ minAgeSeconds: z.number(), maxPerRun: z.number() }),
  appUrl: z.string(),
});
export type AdminSettings = z.infer<typeof adminSettingsResponseSchema>;

export const adminAuditResponseSchema = z.object({
  items: z.array(
    z.object({
      at: z.string(),
      auditId: z.string(),
      userId: z.string(),
      email: z.string(),
      action: z.enum(['redrive', 'reseal']),
      target: z.string(),
      result: z.string(),
    }),
  ),
});
export type AdminAudit = z.infer<typeof adminAuditResponseSchema>;

export const ADMIN_SCHEMAS = {
  AdminJobs: { response: adminJobsResponseSchema },
  AdminRedrive: { params: adminQueueParamsSchema, response: adminRedriveResponseSchema },
  AdminReseal: { params: adminDocuParamsSchema, response: adminResealResponseSchema },
  AdminSettings: { response: adminSettingsResponseSchema },
  AdminAudit: { response: adminAuditResponseSchema },
} as const;
