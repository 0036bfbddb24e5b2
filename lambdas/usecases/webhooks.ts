// My Info → Webhooks (issue #31 item 3, architecture §23, decision 159): an account's endpoints —
// URL, events, on/off, signing secret (shown at create, on reveal and at rotation) — their delivery
// log, replays and test events. Same plan gate as the public API: plans with the feature, and the
// trial. Deleting or disabling is always allowed (to stop deliveries after a plan lapses).
import { randomBytes } from 'node:crypto';
import type {
  CreateWebhookRequest,
  RotateWebhookRequest,
  UpdateWebhookRequest,
  WebhookDeliveryList,
  WebhookDeliveryView,
  WebhookEndpointView,
  WebhookList,
  WebhookQueued,
  WebhookSecretResponse,
} from '../../shared/api/schemas/webhooks';
import { WEBHOOK_EVENTS, WEBHOOK_LIMITS, WEBHOOK_TEST_EVENT } from '../../shared/domain/webhooks';
import type { UserRecord } from '../adapters/dynamo/repository';
import type { WebhookDeliveryRecord, WebhookEndpointRecord, WebhookStore } from '../adapters/dynamo/webhooks';
import type { WebhookSender } from '../adapters/webhook-sender';
import { AppError } from '../core/errors';
import type { AuthUser } from '../core/http';
import { newWebhookSecret } from '../core/webhook-signature';
import type { WebhookJob } from '../jobs';
import type { JobQueue } from '../ports';
import { featuresOf } from './seats';
import { enforceLimits, type Limits } from './limits';
import { deliveryIdOf, testEventId, webhookBody } from './webhook-events';

export interface WebhookDeps {
  readonly users: { getById(userId: string): Promise<UserRecord | null> };
  readonly webhooks: WebhookStore;
  readonly sender: Pick<WebhookSender, 'checkUrl'>;
  readonly queue: Pick<JobQueue, 'enqueue'>;
  readonly limits: Limits;
}

/** Whether the account's plan includes webhooks now: the plan features' public API flag. */
export function webhooksAllowed(record: UserRecord, now: Date): boolean {
  // The public API's feature (issue #31 item 1): Standard, one-time tickets and the trial.
  return featuresOf(record, now).api;
}

const notFound = () => new AppError('webhooks.errors.notFound', 'No such webhook endpoint', { status: 404 });

async function requireRecord(deps: WebhookDeps, user: AuthUser): Promise<UserRecord> {
  const record = await deps.users.getById(user.sub);
  if (!record) throw new AppError('errors.unauthorized', 'Sign-in required');
  return record;
}

async function requirePlan(deps: WebhookDeps, user: AuthUser, now: Date): Promise<void> {
  const record = await requireRecord(deps, user);
  if (!webhooksAllowed(record, now)) {
    throw new AppError('webhooks.errors.planRequired', 'The plan does not include webhooks', {
      status: 403,
      details: { plansPath: '/home/select_plan' },
    });
  }
}

async function ownEndpoint(
  deps: WebhookDeps,
  user: AuthUser,
  endpointId: string,
): Promise<WebhookEndpointRecord> {
  const endpoint = await deps.webhooks.getEndpoint(user.sub, endpointId);
  if (!endpoint) throw notFound();
  return endpoint;
}

/** The previous secret while it still signs, else null. */
export function previousSecretOf(e: WebhookEndpointRecord, now: Date): string | null {
  return e.previousSecret && e.previousSecretUntil && Date.parse(e.previousSecretUntil) > now.getTime()
    ? e.previousSecret
    : null;
}

export function endpointView(e: WebhookEndpointRecord, now = new Date()): WebhookEndpointView {
  return {
    endpointId: e.endpointId,
    url: e.url,
    events: [...e.events],
    enabled: e.enabled,
    secretHint: `${e.secret.slice(0, 10)}…`,
    previousSecretUntil: previousSecretOf(e, now) ? e.previousSecretUntil! : null,
    createdAt: e.createdAt,
    updatedAt: e.updatedAt,
  };
}

function deliveryView(d: WebhookDeliveryRecord): WebhookDeliveryView {
  const started = d.attempts > 0;
  return {
    deliveryId: d.deliveryId,
    msgId: d.msgId,
    eventType: d.eventType,
    status: d.status,
    attempts: d.attempts,
    statusCode: started ? (d.lastStatusCode ?? null) : null,
    latencyMs: started ? (d.lastLatencyMs ?? null) : null,
    error: d.lastError ? d.lastError : null,
    createdAt: d.createdAt,
    lastAttemptAt: d.lastAttemptAt ? d.lastAttemptAt : null,
    nextAttemptAt: d.status === 'pending' && d.nextAttemptAt ? d.nextAttemptAt : null,
  };
}

/** GET /api/me/webhooks. */
export async function listWebhooks(
  deps: WebhookDeps,
  user: AuthUser,
  now = new Date(),
): Promise<WebhookList> {
  const [record, endpoints] = await Promise.all([
    requireRecord(deps, user),
    deps.webhooks.listEndpoints(user.sub),
  ]);
  return {
    endpoints: endpoints
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
      .map((e) => endpointView(e, now)),
    allowed: webhooksAllowed(record, now),
    max: WEBHOOK_LIMITS.maxEndpoints,
    events: [...WEBHOOK_EVENTS],
  };
}

/** POST /api/me/webhooks: the secret is in the answer (shown once; reveal shows it again). */
export async function createWebhook(
  deps: WebhookDeps,
  user: AuthUser,
  input: CreateWebhookRequest,
  now = new Date(),
): Promise<WebhookSecretResponse> {
  await requirePlan(deps, user, now);
  const existing = await deps.webhooks.listEndpoints(user.sub);
  if (existing.length >= WEBHOOK_LIMITS.maxEndpoints) {
    throw new AppError('webhooks.errors.tooMany', `At most ${WEBHOOK_LIMITS.maxEndpoints} endpoints`, {
      status: 409,
      details: { max: WEBHOOK_LIMITS.maxEndpoints },
    });
  }
  await deps.sender.checkUrl(input.url);
  const at = now.toISOString();
  const record: WebhookEndpointRecord = {
    ownerId: user.sub,
    endpointId: `wh_${randomBytes(12).toString('hex')}`,
    url: input.url,
    events: [...input.events],
    enabled: true,
    secret: newWebhookSecret(),
    createdAt: at,
    updatedAt: at,
  };
  await deps.webhooks.createEndpoint(record);
  return { endpoint: endpointView(record, now), secret: record.secret };
}

/** PATCH /api/me/webhooks/{endpointId}: URL, events, on/off. Turning one on or changing it needs the
 *  plan; turning it off never does. */
export async function updateWebhook(
  deps: WebhookDeps,
  user: AuthUser,
  endpointId: string,
  input: UpdateWebhookRequest,
  now = new Date(),
): Promise<WebhookEndpointView> {
  const endpoint = await ownEndpoint(deps, user, endpointId);
  const onlyDisabling = input.url === undefined && input.events === undefined && input.enabled === false;
  if (!onlyDisabling) await requirePlan(deps, user, now);
  if (input.url !== undefined && input.url !== endpoint.url) await deps.sender.checkUrl(input.url);
  const updated = await deps.webhooks.updateEndpoint(user.sub, endpoint.endpointId, {
    ...(input.url === undefined ? {} : { url: input.url }),
    ...(input.events === undefined ? {} : { events: [...input.events] }),
    ...(input.enabled === undefined ? {} : { enabled: input.enabled }),
    updatedAt: now.toISOString(),
  });
  if (!updated) throw notFound();
  return endpointView(updated, now);
}

/** DELETE /api/me/webhooks/{endpointId}: the endpoint and its delivery log. */
export async function deleteWebhook(deps: WebhookDeps, user: AuthUser, endpointId: string): Promise<void> {
  if (!(await deps.webhooks.deleteEndpoint(user.sub, endpointId))) throw notFound();
  await deps.webhooks.deleteDeliveries(endpointId);
}

/** GET /api/me/webhooks/{endpointId}/secret. */
export async function revealWebhookSecret(
  deps: WebhookDeps,
  user: AuthUser,
  endpointId: string,
  now = new Date(),
): Promise<WebhookSecretResponse> {
  const endpoint = await ownEndpoint(deps, user, endpointId);
  return { endpoint: endpointView(endpoint, now), secret: endpoint.secret };
}

/** POST /api/me/webhooks/{endpointId}/rotate: a new secret signs from now; the one before keeps
 *  signing beside it for the overlap (default 24 h), so receivers can switch without losing events. */
export async function rotateWebhookSecret(
  deps: WebhookDeps,
  user: AuthUser,
  endpointId: string,
  input: RotateWebhookRequest,
  now = new Date(),
): Promise<WebhookSecretResponse> {
  await requirePlan(deps, user, now);
  const endpoint = await ownEndpoint(deps, user, endpointId);
  const hours = input.overlapHours ?? WEBHOOK_LIMITS.rotationOverlapHours;
  const secret = newWebhookSecret();
  const updated = await deps.webhooks.updateEndpoint(user.sub, endpoint.endpointId, {
    secret,
    previousSecret: endpoint.secret,
    previousSecretUntil: new Date(now.getTime() + hours * 3600_000).toISOString(),
    updatedAt: now.toISOString(),
  });
  if (!updated) throw notFound();
  return { endpoint: endpointView(updated, now), secret };
}

/** GET /api/me/webhooks/{endpointId}/deliveries: newest first, a page at a time. */
export async function listWebhookDeliveries(
  deps: WebhookDeps,
  user: AuthUser,
  endpointId: string,
  cursor: string | undefined,
): Promise<WebhookDeliveryList> {
  const endpoint = await ownEndpoint(deps, user, endpointId);
  const page = await deps.webhooks.listDeliveries(
    endpoint.endpointId,
    WEBHOOK_LIMITS.deliveriesPageSize,
    cursor,
  );
  return { deliveries: page.items.map(deliveryView), cursor: page.next };
}

async function limitSends(deps: WebhookDeps, user: AuthUser): Promise<void> {
  await enforceLimits(deps.limits, [{ rule: 'webhookSendsPerOwner', key: user.sub }]);
}

/** POST /api/me/webhooks/{endpointId}/deliveries/{deliveryId}/replay: the same body under the same
 *  `webhook-id`, signed anew. */
export async function replayWebhookDelivery(
  deps: WebhookDeps,
  user: AuthUser,
  endpointId: string,
  deliveryId: string,
  now = new Date(),
): Promise<WebhookQueued> {
  await requirePlan(deps, user, now);
  const endpoint = await ownEndpoint(deps, user, endpointId);
  const delivery = await deps.webhooks.getDelivery(endpoint.endpointId, deliveryId);
  if (!delivery || delivery.ownerId !== user.sub) {
    throw new AppError('webhooks.errors.deliveryNotFound', 'No such delivery', { status: 404 });
  }
  await limitSends(deps, user);
  await deps.webhooks.markReplayed(endpoint.endpointId, delivery.deliveryId);
  const job: WebhookJob = {
    ownerId: user.sub,
    endpointId: endpoint.endpointId,
    deliveryId: delivery.deliveryId,
    msgId: delivery.msgId,
    type: delivery.eventType,
    body: delivery.body,
    replay: true,
  };
  await deps.queue.enqueue('webhook', job);
  return { deliveryId: delivery.deliveryId, msgId: delivery.msgId };
}

/** POST /api/me/webhooks/{endpointId}/test: a `webhook.test` event to this endpoint only. */
export async function sendTestWebhook(
  deps: WebhookDeps,
  user: AuthUser,
  endpointId: string,
  now = new Date(),
): Promise<WebhookQueued> {
  await requirePlan(deps, user, now);
  const endpoint = await ownEndpoint(deps, user, endpointId);
  if (!endpoint.enabled) {
    throw new AppError('webhooks.errors.disabled', 'The endpoint is disabled', { status: 409 });
  }
  await limitSends(deps, user);
  const msgId = testEventId();
  const job: WebhookJob = {
    ownerId: user.sub,
    endpointId: endpoint.endpointId,
    deliveryId: deliveryIdOf(now, msgId),
    msgId,
    type: WEBHOOK_TEST_EVENT,
    body: webhookBody(WEBHOOK_TEST_EVENT, now, { endpointId: endpoint.endpointId }),
  };
  await deps.queue.enqueue('webhook', job);
  return { deliveryId: job.deliveryId, msgId };
}
