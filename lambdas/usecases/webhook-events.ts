// Webhook events (issue #31 items 3 and 5, architecture §23, decision 159): the one function every
// use case and worker calls where a fact of a contract's life is committed. It reads the account's
// endpoints (one Query; ten at most) and queues one delivery per endpoint subscribed to the event
// (one SendMessageBatch). It never throws and never waits on a receiver: a failure is logged (ids
// only) and the user's request goes on.
//
// The event id (`webhook-id`) is derived from the fact itself — account, type, document and the
// recipient it is about — never from the time or an attempt, so a retried use case or job that emits
// again sends the same id, and a receiver that keys on it sees the fact once.
import { createHash, randomBytes } from 'node:crypto';
import type { WebhookEventType } from '../../shared/domain/webhooks';
import type { WebhookEndpointRecord } from '../adapters/dynamo/webhooks';
import { createLogger } from '../core/logger';
import type { WebhookJob } from '../jobs';
import type { BatchJobQueue } from '../ports';

/** What an event says: ids and facts only, never names, contacts, reasons or images. */
export interface WebhookEventData {
  readonly docuId: string;
  readonly recipientIndex?: number;
  /** The file the event is about (sealed PDF, video): SHA-256 hex. */
  readonly sha256?: string;
  readonly [key: string]: string | number | boolean | null | undefined;
}

export interface WebhookEventDeps {
  readonly webhooks: { listEndpoints(ownerId: string): Promise<WebhookEndpointRecord[]> };
  readonly queue: Pick<BatchJobQueue, 'enqueueMany'>;
}

/** `msg_` + 32 hex of SHA-256 over the fact — account, type, document, the recipient it is about and
 *  the file it names (a sealed PDF's or a video's hash: a retake or a re-seal is a new fact): the same
 *  fact always gets the same id. */
export function webhookEventId(
  ownerId: string,
  type: string,
  data: Pick<WebhookEventData, 'docuId' | 'recipientIndex' | 'sha256'>,
): string {
  const fact = [
    ownerId,
    type,
    data.docuId,
    data.recipientIndex === undefined ? '' : String(data.recipientIndex),
    data.sha256 ?? '',
  ].join('\n');
  return `msg_${createHash('sha256').update(fact, 'utf8').digest('hex').slice(0, 32)}`;
}

/** A test event's id: a new one each time (each test is its own fact). */
export function testEventId(): string {
  return `msg_${randomBytes(16).toString('hex')}`;
}

/** The log entry's key: the event's time (ms, 13 digits) and its id — newest first, one per event. */
export function deliveryIdOf(at: Date, msgId: string): string {
  return `${String(at.getTime()).padStart(13, '0')}-${msgId}`;
}

/** The body every endpoint receives: `{ type, timestamp, data }`. */
export function webhookBody(type: string, at: Date, data: Record<string, unknown>): string {
  return JSON.stringify({ type, timestamp: at.toISOString(), data });
}

export function subscribedTo(endpoint: WebhookEndpointRecord, type: string): boolean {
  return endpoint.enabled && endpoint.events.includes(type);
}

/** Queues the event for each subscribed endpoint; returns how many deliveries were queued. */
export async function queueWebhookEvent(
  deps: WebhookEventDeps,
  ownerId: string,
  type: WebhookEventType,
  data: WebhookEventData,
  at = new Date(),
): Promise<number> {
  const endpoints = (await deps.webhooks.listEndpoints(ownerId)).filter((e) => subscribedTo(e, type));
  if (endpoints.length === 0) return 0;
  const msgId = webhookEventId(ownerId, type, data);
  const body = webhookBody(type, at, data);
  const deliveryId = deliveryIdOf(at, msgId);
  const jobs: WebhookJob[] = endpoints.map((e) => ({
    ownerId,
    endpointId: e.endpointId,
    deliveryId,
    msgId,
    type,
    body,
  }));
  await deps.queue.enqueueMany('webhook', jobs);
  return jobs.length;
}

type Emitter = (ownerId: string, type: WebhookEventType, data: WebhookEventData) => Promise<number>;

let emitter: Emitter | undefined;

/** Set once by the composition root (lambdas/deps.ts); unset (unit tests of other use cases), events
 *  go nowhere. */
export function setWebhookEmitter(next: Emitter | undefined): void {
  emitter = next;
}

/**
 * Emits one event of a contract's life. Call it after the fact is committed (the conditional write
 * that made it true), so an event is never sent for something that did not happen; awaited, so the
 * message is in the queue before a Lambda freezes, but never throws.
 */
export async function emitWebhookEvent(
  ownerId: string,
  type: WebhookEventType,
  data: WebhookEventData,
): Promise<void> {
  if (!emitter) return;
  try {
    await emitter(ownerId, type, data);
  } catch (err) {
    createLogger({ component: 'webhooks' }).warn('could not queue a webhook event', {
      type,
      docuId: data.docuId,
      err,
    });
  }
}
