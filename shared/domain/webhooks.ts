// Webhooks (issue #31 item 3, architecture §23, decision 159): the events an account may subscribe
// to, the limits, and the retry schedule of a delivery. Plain data, read by the handlers, the worker
// and the SPA.

/** Every event a webhook endpoint can receive. */
export const WEBHOOK_EVENTS = [
  'document.sent',
  'recipient.viewed',
  'recipient.signed',
  'recipient.denied',
  'document.completed',
  'document.anchored',
  'document.expired',
  'video.recorded',
  'document.voided',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

export function isWebhookEventType(value: string): value is WebhookEventType {
  return (WEBHOOK_EVENTS as readonly string[]).includes(value);
}

/** The test event (Send test): delivered to one endpoint whatever it subscribed to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_LIMITS = {
  /** Endpoints per account. */
  maxEndpoints: 10,
  /** Longest endpoint URL. */
  maxUrlLength: 2048,
  /** How long the previous secret stays valid after a rotation, by default (hours). */
  rotationOverlapHours: 24,
  /** The longest overlap an owner may ask for (hours). */
  maxRotationOverlapHours: 7 * 24,
  /** Delivery log entries expire (TTL) after this many days. */
  deliveryRetentionDays: 30,
  /** One delivery attempt's timeout. */
  requestTimeoutMs: 10_000,
  /** Bytes of the receiver's answer kept (never more is read). */
  maxResponseBytes: 1024,
  /** Deliveries answered per page of the deliveries list. */
  deliveriesPageSize: 25,
} as const;

/**
 * Seconds to wait before retry n (index 0: after the first failed attempt). 5 s, 30 s, 2 min, 10 min,
 * 30 min, 1 h, 2 h, 4 h, 8 h, 8 h: 11 attempts over 23 h 42 min 35 s, then the dead-letter queue.
 * Each stays under SQS's 12-hour visibility cap.
 */
export const WEBHOOK_RETRY_SCHEDULE_SECONDS: readonly number[] = [
  5, 30, 120, 600, 1800, 3600, 7200, 14400, 28800, 28800,
];

/** Attempts in all: the first and one per step of the schedule (the queue's maxReceiveCount). */
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_SCHEDULE_SECONDS.length + 1;

/** The wait after failed attempt `attempt` (1-based), scaled (local cloud: < 1), whole seconds ≥ 1;
 *  null after the last attempt (the message goes to the dead-letter queue). */
export function webhookRetryDelaySeconds(attempt: number, scale = 1): number | null {
  const base = WEBHOOK_RETRY_SCHEDULE_SECONDS[attempt - 1];
  if (base === undefined || attempt < 1) return null;
  return Math.max(1, Math.round(base * scale));
}

/** A delivery's state in its log: pending (not yet tried or retrying), delivered, failed (gave up). */
export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed';
