// Webhooks (issue #31 item 3): My Info → Webhooks' owner routes.
import * as z from 'zod';
import { WEBHOOK_EVENTS, WEBHOOK_LIMITS } from '../../domain/webhooks';

const eventsSchema = z
  .array(z.enum(WEBHOOK_EVENTS))
  .min(1)
  .max(WEBHOOK_EVENTS.length)
  .refine((list) => new Set(list).size === list.length, { message: 'webhooks.errors.duplicateEvent' });

const urlSchema = z
  .string()
  .trim()
  .min(1)
  .max(WEBHOOK_LIMITS.maxUrlLength)
  .refine((u) => URL.canParse(u) && /^https?:$/.test(new URL(u).protocol), {
    message: 'webhooks.errors.badUrl',
  });

/** POST /api/me/webhooks. */
export const createWebhookRequestSchema = z.strictObject({ url: urlSchema, events: eventsSchema });
export type CreateWebhookRequest = z.infer<typeof createWebhookRequestSchema>;

/** PATCH /api/me/webhooks/{endpointId}: any of the three. */
export const updateWebhookRequestSchema = z
  .strictObject({
    url: urlSchema.optional(),
    events: eventsSchema.optional(),
    enabled: z.boolean().optional(),
  })
  .refine((b) => b.url !== undefined || b.events !== undefined || b.enabled !== undefined, {
    message: 'webhooks.errors.nothingToChange',
  });
export type UpdateWebhookRequest = z.infer<typeof updateWebhookRequestSchema>;

/** POST /api/me/webhooks/{endpointId}/rotate: how long the previous secret keeps signing. */
export const rotateWebhookRequestSchema = z.strictObject({
  overlapHours: z.number().int().min(0).max(WEBHOOK_LIMITS.maxRotationOverlapHours).optional(),
});
export type RotateWebhookRequest = z.infer<typeof rotateWebhookRequestSchema>;

export const webhookEndpointParamsSchema = z.object({
  endpointId: z.string().regex(/^wh_[0-9a-z]{16,40}$/, 'webhooks.errors.notFound'),
});
export const webhookDeliveryParamsSchema = webhookEndpointParamsSchema.extend({
  deliveryId: z.string().regex(/^\d{13}-msg_[0-9a-z]{8,64}$/, 'webhooks.errors.notFound'),
});
export const webhookDeliveriesQuerySchema = z.object({
  cursor: z
    .string()
    .regex(/^\d{13}-msg_[0-9a-z]{8,64}$/, 'errors.badCursor')
    .optional(),
});

export const webhookEndpointSchema = z.object({
  endpointId: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  /** The secret's first characters (`whsec_ab…`), to tell secrets apart. */
  secretHint: z.string(),
  /** During a rotation's overlap: when the previous secret stops signing (ISO); else null. */
  previousSecretUntil: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebhookEndpointView = z.infer<typeof webhookEndpointSchema>;

/** GET /api/me/webhooks. */
export const webhookListSchema = z.object({
  endpoints: z.array(webhookEndpointSchema),
  /** Whether the account's plan includes webhooks now. */
  allowed: z.boolean(),
  max: z.number().int(),
  events: z.array(z.string()),
});
export type WebhookList = z.infer<typeof webhookListSchema>;

/** Create, reveal and rotate answer the secret (only these). */
export const webhookSecretResponseSchema = z.object({
  endpoint: webhookEndpointSchema,
  secret: z.string(),
});
export type WebhookSecretResponse = z.infer<typeof webhookSecretResponseSchema>;

export const webhookDeliverySchema = z.object({
  deliveryId: z.string(),
  msgId: z.string(),
  eventType: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  /** HTTP status of the last attempt (0: no answer), or null before the first. */
  statusCode: z.number().int().nullable(),
  latencyMs: z.number().int().nullable(),
  /** 'blocked' | 'timeout' | 'network' when the last attempt got no answer. */
  error: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
});
export type WebhookDeliveryView = z.infer<typeof webhookDeliverySchema>;

/** GET /api/me/webhooks/{endpointId}/deliveries. */
export const webhookDeliveryListSchema = z.object({
  deliveries: z.array(webhookDeliverySchema),
  cursor: z.string().nullable(),
});
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>;

/** Test and replay: the queued delivery. */
export const webhookQueuedSchema = z.object({ deliveryId: z.string(), msgId: z.string() });
export type WebhookQueued = z.infer<typeof webhookQueuedSchema>;
