// Webhook endpoints and their delivery log (issue #31 item 3, architecture §23, decision 159), in the
// single table:
// - an endpoint under its account's partition (one Query lists them: the My Info page, and every
//   emitted event — ten at most, so the emission reads them all and picks the subscribed ones);
// - a delivery under its endpoint's partition, sorted by `{event time ms}-{message id}` (newest first
//   with one Query, the id also the cursor), expiring by TTL after 30 days.
// The signing secret is stored as it is (the table is encrypted at rest): the worker must read it to
// sign, and only the owner's routes ever answer it (decision 159).
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { Entity, type EntityItem } from 'electrodb';
import { isConditionalFailure } from './conditions';

const SERVICE = 'signseal';

function endpointEntity(client: DynamoDBDocumentClient, table: string) {
  return new Entity(
    {
      model: { entity: 'webhookEndpoint', version: '1', service: SERVICE },
      attributes: {
        ownerId: { type: 'string', required: true },
        endpointId: { type: 'string', required: true },
        url: { type: 'string', required: true },
        events: { type: 'list', items: { type: 'string' }, required: true },
        enabled: { type: 'boolean', required: true },
        /** `whsec_…`: signs every delivery. */
        secret: { type: 'string', required: true },
        /** During a rotation's overlap: the previous secret, and until when (ISO) it still signs. */
        previousSecret: { type: 'string' },
        previousSecretUntil: { type: 'string' },
        createdAt: { type: 'string', required: true },
        updatedAt: { type: 'string', required: true },
      },
      indexes: {
        byOwner: {
          pk: { field: 'pk', composite: ['ownerId'] },
          sk: { field: 'sk', composite: ['endpointId'] },
        },
      },
    },
    { client, table },
  );
}

function deliveryEntity(client: DynamoDBDocumentClient, table: string) {
  return new Entity(
    {
      model: { entity: 'webhookDelivery', version: '1', service: SERVICE },
      attributes: {
        endpointId: { type: 'string', required: true },
        /** `{event time, epoch ms, 13 digits}-{message id}`. */
        deliveryId: { type: 'string', required: true },
        ownerId: { type: 'string', required: true },
        msgId: { type: 'string', required: true },
        eventType: { type: 'string', required: true },
        /** The signed body, as sent (ids only): a replay sends it again. */
        body: { type: 'string', required: true },
        status: { type: ['pending', 'delivered', 'failed'] as const, required: true },
        attempts: { type: 'number', required: true },
        /** The last attempt's HTTP status (0: no answer) and time taken. */
        lastStatusCode: { type: 'number' },
        lastLatencyMs: { type: 'number' },
        /** 'blocked' | 'timeout' | 'network' when the last attempt had no answer. */
        lastError: { type: 'string' },
        createdAt: { type: 'string', required: true },
        lastAttemptAt: { type: 'string' },
        /** When the next retry is due (pending after a failure). */
        nextAttemptAt: { type: 'string' },
        ttl: { type: 'number', required: true },
      },
      indexes: {
        byEndpoint: {
          pk: { field: 'pk', composite: ['endpointId'] },
          sk: { field: 'sk', composite: ['deliveryId'], casing: 'none' },
        },
      },
    },
    { client, table },
  );
}

export type WebhookEndpointRecord = EntityItem<ReturnType<typeof endpointEntity>>;
export type WebhookDeliveryRecord = EntityItem<ReturnType<typeof deliveryEntity>>;

export interface WebhookAttempt {
  readonly at: string;
  readonly statusCode: number;
  readonly latencyMs: number;
  readonly error?: string;
  readonly status: WebhookDeliveryRecord['status'];
  readonly nextAttemptAt?: string;
}

export interface WebhookStore {
  listEndpoints(ownerId: string): Promise<WebhookEndpointRecord[]>;
  getEndpoint(ownerId: string, endpointId: string): Promise<WebhookEndpointRecord | null>;
  /** Adds an endpoint unless the account already has `max` (counted in the same read): false then. */
  createEndpoint(record: WebhookEndpointRecord): Promise<void>;
  /** Writes the changes if the endpoint exists; false when it does not. */
  updateEndpoint(
    ownerId: string,
    endpointId: string,
    changes: Partial<
      Pick<
        WebhookEndpointRecord,
        'url' | 'events' | 'enabled' | 'secret' | 'previousSecret' | 'previousSecretUntil'
      >
    > & { updatedAt: string },
  ): Promise<WebhookEndpointRecord | null>;
  deleteEndpoint(ownerId: string, endpointId: string): Promise<boolean>;
  getDelivery(endpointId: string, deliveryId: string): Promise<WebhookDeliveryRecord | null>;
  /** Newest first, `limit` a page, after the delivery id `before` (the cursor). */
  listDeliveries(
    endpointId: string,
    limit: number,
    before?: string,
  ): Promise<{ items: WebhookDeliveryRecord[]; next: string | null }>;
  /** Creates the delivery's log entry if it is not there yet (a first attempt or a duplicate). */
  ensureDelivery(record: WebhookDeliveryRecord): Promise<WebhookDeliveryRecord>;
  /** Records an attempt: attempts + 1 and its outcome. */
  recordAttempt(endpointId: string, deliveryId: string, attempt: WebhookAttempt): Promise<void>;
  /** A replay: the entry goes back to pending. */
  markReplayed(endpointId: string, deliveryId: string): Promise<void>;
  /** Removes an endpoint's deliveries (its deletion). */
  deleteDeliveries(endpointId: string): Promise<void>;
}

export class DynamoWebhookStore implements WebhookStore {
  private readonly endpoints: ReturnType<typeof endpointEntity>;
  private readonly deliveries: ReturnType<typeof deliveryEntity>;

  constructor(client: DynamoDBDocumentClient, table: string) {
    this.endpoints = endpointEntity(client, table);
    this.deliveries = deliveryEntity(client, table);
  }

  async listEndpoints(ownerId: string): Promise<WebhookEndpointRecord[]> {
    return (await this.endpoints.query.byOwner({ ownerId }).go({ pages: 'all' })).data;
  }

  async getEndpoint(ownerId: string, endpointId: string): Promise<WebhookEndpointRecord | null> {
    return (await this.endpoints.get({ ownerId, endpointId }).go({ consistent: true })).data ?? null;
  }

  async createEndpoint(record: WebhookEndpointRecord): Promise<void> {
    await this.endpoints.create(record).go();
  }

  async updateEndpoint(
    ownerId: string,
    endpointId: string,
    changes: Parameters<WebhookStore['updateEndpoint']>[2],
  ): Promise<WebhookEndpointRecord | null> {
    try {
      const res = await this.endpoints
        .patch({ ownerId, endpointId })
        .set(changes)
        .go({ response: 'all_new' });
      return res.data as WebhookEndpointRecord;
    } catch (err) {
      if (isConditionalFailure(err)) return null;
      throw err;
    }
  }

  async deleteEndpoint(ownerId: string, endpointId: string): Promise<boolean> {
    try {
      await this.endpoints
        .delete({ ownerId, endpointId })
        .where((a, op) => op.exists(a.endpointId))
        .go();
      return true;
    } catch (err) {
      if (isConditionalFailure(err)) return false;
      throw err;
    }
  }

  async getDelivery(endpointId: string, deliveryId: string): Promise<WebhookDeliveryRecord | null> {
    return (await this.deliveries.get({ endpointId, deliveryId }).go({ consistent: true })).data ?? null;
  }

  async listDeliveries(
    endpointId: string,
    limit: number,
    before?: string,
  ): Promise<{ items: WebhookDeliveryRecord[]; next: string | null }> {
    const q = before
      ? this.deliveries.query.byEndpoint({ endpointId }).lt({ deliveryId: before })
      : this.deliveries.query.byEndpoint({ endpointId });
    // One more than a page tells whether there is a next one.
    const res = await q.go({ order: 'desc', limit: limit + 1, count: limit + 1, pages: 'all' });
    const items = res.data.slice(0, limit);
    return { items, next: res.data.length > limit ? items[items.length - 1]!.deliveryId : null };
  }

  async ensureDelivery(record: WebhookDeliveryRecord): Promise<WebhookDeliveryRecord> {
    try {
      await this.deliveries.create(record).go();
      return record;
    } catch (err) {
      if (!isConditionalFailure(err)) throw err;
      return (await this.getDelivery(record.endpointId, record.deliveryId)) ?? record;
    }
  }

  async recordAttempt(endpointId: string, deliveryId: string, a: WebhookAttempt): Promise<void> {
    const op = this.deliveries
      .patch({ endpointId, deliveryId })
      .add({ attempts: 1 })
      .set({
        status: a.status,
        lastStatusCode: a.statusCode,
        lastLatencyMs: a.latencyMs,
        lastAttemptAt: a.at,
        lastError: a.error ?? '',
        nextAttemptAt: a.nextAttemptAt ?? '',
      });
    try {
      await op.go();
    } catch (err) {
      // The entry expired or its endpoint was deleted meanwhile: nothing to record.
      if (!isConditionalFailure(err)) throw err;
    }
  }

  async markReplayed(endpointId: string, deliveryId: string): Promise<void> {
    await this.deliveries
      .patch({ endpointId, deliveryId })
      .set({ status: 'pending', nextAttemptAt: '' })
      .go();
  }

  async deleteDeliveries(endpointId: string): Promise<void> {
    const res = await this.deliveries.query
      .byEndpoint({ endpointId })
      .go({ pages: 'all', attributes: ['deliveryId'] });
    if (res.data.length > 0) {
      await this.deliveries.delete(res.data.map((d) => ({ endpointId, deliveryId: d.deliveryId }))).go();
    }
  }
}
