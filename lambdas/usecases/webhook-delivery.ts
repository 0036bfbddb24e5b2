// One webhook delivery attempt (issue #31 item 3, decision 159): the worker's use case. The body is
// signed now (a fresh `webhook-timestamp`; the current secret, and the previous one during a
// rotation's overlap) and POSTed through the SSRF guard; every attempt is written to the delivery
// log. A 2xx is delivered. Anything else is retried: the message is hidden for the next step of the
// schedule (5 s … 8 h, shared/domain/webhooks.ts) and the attempt fails, so SQS counts it; after the
// 11th attempt, about a day after the first, the queue's redrive moves it to the dead-letter queue.
import { WEBHOOK_LIMITS, WEBHOOK_MAX_ATTEMPTS, webhookRetryDelaySeconds } from '../../shared/domain/webhooks';
import type { WebhookStore } from '../adapters/dynamo/webhooks';
import type { WebhookSender } from '../adapters/webhook-sender';
import { AppError } from '../core/errors';
import { webhookHeaders } from '../core/webhook-signature';
import type { WebhookJob } from '../jobs';
import { previousSecretOf } from './webhooks';

export interface WebhookDeliveryDeps {
  readonly webhooks: Pick<WebhookStore, 'getEndpoint' | 'ensureDelivery' | 'recordAttempt'>;
  readonly sender: Pick<WebhookSender, 'post'>;
  /** Hides the message being handled for this many seconds (its next attempt). */
  readonly retryAfter: (seconds: number) => Promise<void>;
  /** The factor on the retry schedule: 1 deployed, smaller on the local cloud. */
  readonly retryScale: number;
}

export type DeliveryOutcome = 'delivered' | 'retry' | 'failed' | 'skipped';

/** Thrown so the worker reports the message as failed (SQS then counts the attempt). */
export const deliveryFailed = (statusCode: number, error?: string) =>
  new AppError(
    'webhooks.errors.deliveryFailed',
    `The receiver answered ${statusCode || error || 'nothing'}`,
    {
      status: 502,
    },
  );

export async function deliverWebhook(
  deps: WebhookDeliveryDeps,
  job: WebhookJob,
  attempt: number,
  now: () => Date = () => new Date(),
): Promise<DeliveryOutcome> {
  const endpoint = await deps.webhooks.getEndpoint(job.ownerId, job.endpointId);
  // Deleted, or turned off meanwhile: nothing to send (a replay or test of a disabled one neither).
  if (!endpoint || !endpoint.enabled) return 'skipped';
  const started = now();
  const entry = await deps.webhooks.ensureDelivery({
    endpointId: job.endpointId,
    deliveryId: job.deliveryId,
    ownerId: job.ownerId,
    msgId: job.msgId,
    eventType: job.type,
    body: job.body,
    status: 'pending',
    attempts: 0,
    createdAt: started.toISOString(),
    ttl: Math.floor(started.getTime() / 1000) + WEBHOOK_LIMITS.deliveryRetentionDays * 86400,
  });
  // The same event queued twice (a use case retried): once delivered, the copy is dropped.
  if (entry.status === 'delivered' && !job.replay && attempt === 1) return 'skipped';

  const secrets = [endpoint.secret, previousSecretOf(endpoint, started)].filter((s): s is string => !!s);
  const timestamp = Math.floor(started.getTime() / 1000);
  const result = await deps.sender.post(
    endpoint.url,
    webhookHeaders(secrets, job.msgId, timestamp, job.body),
    job.body,
  );
  const at = now();
  if (result.status >= 200 && result.status < 300) {
    await deps.webhooks.recordAttempt(job.endpointId, job.deliveryId, {
      at: at.toISOString(),
      statusCode: result.status,
      latencyMs: result.latencyMs,
      status: 'delivered',
    });
    return 'delivered';
  }
  const delay = attempt < WEBHOOK_MAX_ATTEMPTS ? webhookRetryDelaySeconds(attempt, deps.retryScale) : null;
  await deps.webhooks.recordAttempt(job.endpointId, job.deliveryId, {
    at: at.toISOString(),
    statusCode: result.status,
    latencyMs: result.latencyMs,
    ...(result.error ? { error: result.error } : {}),
    status: delay === null ? 'failed' : 'pending',
    ...(delay === null ? {} : { nextAttemptAt: new Date(at.getTime() + delay * 1000).toISOString() }),
  });
  // After the last attempt the message shows again at once, and the queue's redrive dead-letters it.
  await deps.retryAfter(delay ?? 0);
  throw deliveryFailed(result.status, result.error);
}
