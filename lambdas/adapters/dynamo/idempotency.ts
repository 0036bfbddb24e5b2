// Idempotency-Key records of the public API (issue #31 item 5): one item per API key and
// Idempotency-Key, written conditionally, removed by the table's TTL a day after it was made.
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { Entity } from 'electrodb';
import { isConditionalFailure } from './conditions';

export interface IdempotencyRecord {
  readonly fingerprint: string;
  readonly state: 'pending' | 'done';
  readonly lockedUntil: number;
  readonly ttl: number;
  readonly status?: number;
  readonly body?: string;
}

/** The records' store (DynamoIdempotencyStore below); every write is conditional. */
export interface IdempotencyStore {
  /** Creates a pending record unless one exists that has not expired; false when one does. */
  claim(
    id: string,
    record: { fingerprint: string; lockedUntil: number; ttl: number },
    nowS: number,
  ): Promise<boolean>;
  get(id: string): Promise<IdempotencyRecord | null>;
  /** Takes over a pending record whose lock ran out; false when another request did first. */
  reclaim(id: string, expectedLockedUntil: number, lockedUntil: number): Promise<boolean>;
  /** Stores the answer (only while this request still holds the lock). */
  complete(id: string, lockedUntil: number, status: number, body: string): Promise<void>;
  /** Frees the key (only while this request still holds the lock). */
  release(id: string, lockedUntil: number): Promise<void>;
}

function idempotencyEntity(client: DynamoDBDocumentClient, table: string) {
  return new Entity(
    {
      model: { entity: 'apiIdempotency', version: '1', service: 'signseal' },
      attributes: {
        /** `{apiKeyId}#{sha256 of the Idempotency-Key}`: the client's key is never stored as given. */
        recordId: { type: 'string', required: true },
        /** SHA-256 of the method, path and canonical body of the first request. */
        fingerprint: { type: 'string', required: true },
        state: { type: ['pending', 'done'] as const, required: true },
        /** Epoch ms until which a pending record holds the key (a crashed request frees it then). */
        lockedUntil: { type: 'number', required: true },
        status: { type: 'number' },
        /** The stored answer's JSON. */
        body: { type: 'string' },
        /** Epoch seconds: replayed until then, then removed by TTL. */
        ttl: { type: 'number', required: true },
      },
      indexes: {
        byId: { pk: { field: 'pk', composite: ['recordId'] }, sk: { field: 'sk', composite: [] } },
      },
    },
    { client, table },
  );
}

export class DynamoIdempotencyStore implements IdempotencyStore {
  private readonly e: ReturnType<typeof idempotencyEntity>;

  constructor(client: DynamoDBDocumentClient, table: string) {
    this.e = idempotencyEntity(client, table);
  }

  async claim(id: string, record: { fingerprint: string; lockedUntil: number; ttl: number }, nowS: number) {
    try {
      await this.e
        .put({ recordId: id, state: 'pending', ...record })
        // A record past its TTL that DynamoDB has not removed yet counts as gone.
        .where((a, op) => `${op.notExists(a.recordId)} OR ${op.lt(a.ttl, nowS)}`)
        .go({ response: 'none' });
      return true;
    } catch (err) {
      if (isConditionalFailure(err)) return false;
      throw err;
    }
  }

  async get(id: string): Promise<IdempotencyRecord | null> {
    const res = await this.e.get({ recordId: id }).go({ consistent: true });
    const d = res.data;
    if (!d) return null;
    return {
      fingerprint: d.fingerprint,
      state: d.state,
      lockedUntil: d.lockedUntil,
      ttl: d.ttl,
      ...(d.status !== undefined ? { status: d.status } : {}),
      ...(d.body !== undefined ? { body: d.body } : {}),
    };
  }

  async reclaim(id: string, expectedLockedUntil: number, lockedUntil: number) {
    try {
      await this.e
        .patch({ recordId: id })
        .set({ lockedUntil })
        .where((a, op) => `${op.eq(a.state, 'pending')} AND ${op.eq(a.lockedUntil, expectedLockedUntil)}`)
        .go({ response: 'none' });
      return true;
    } catch (err) {
      if (isConditionalFailure(err)) return false;
      throw err;
    }
  }

  async complete(id: string, lockedUntil: number, status: number, body: string) {
    try {
      await this.e
        .patch({ recordId: id })
        .set({ state: 'done', status, body })
        .where((a, op) => `${op.eq(a.state, 'pending')} AND ${op.eq(a.lockedUntil, lockedUntil)}`)
        .go({ response: 'none' });
    } catch (err) {
      // Another request took over a lock that ran out: its answer stands.
      if (!isConditionalFailure(err)) throw err;
    }
  }

  async release(id: string, lockedUntil: number) {
    try {
      await this.e
        .delete({ recordId: id })
        .where((a, op) => `${op.eq(a.state, 'pending')} AND ${op.eq(a.lockedUntil, lockedUntil)}`)
        .go({ response: 'none' });
    } catch (err) {
      if (!isConditionalFailure(err)) throw err;
    }
  }
}
