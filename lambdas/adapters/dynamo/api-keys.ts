// API keys of the public REST API (issue #31, architecture §23, decision 157) in the single table.
//
// - apiKey: one item per key, keyed by its visible prefix, so authenticating a request is one GetItem
//   (strongly consistent: a revocation is seen by the very next request). The owner's keys are listed
//   through gsi1 (owner, newest first). Only the SHA-256 of the secret is stored. A revoked key's item
//   expires (TTL) REVOKED_KEY_DAYS after its revocation.
// - apiKeyOwner: the owner's count of live keys, changed in the same transaction as a key's creation
//   (conditional on the cap) and its revocation, so concurrent creations never exceed the cap.
// - apiKeyRate: a fixed one-minute window counter per key, one conditional UpdateItem per request.
import { TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { Entity } from 'electrodb';
import { API_SCOPES, type ApiScope } from '../../../shared/domain/api-keys';
import { isConditionalFailure } from './conditions';

/** A stored key (lambdas/usecases/api-keys.ts). */
export interface ApiKeyRecord {
  readonly keyId: string;
  readonly userId: string;
  readonly name: string;
  readonly prefix: string;
  readonly scopes: readonly ApiScope[];
  /** SHA-256 (hex) of the secret. */
  readonly secretHash: string;
  readonly createdAt: string;
  readonly lastUsedAt?: string;
  readonly revokedAt?: string;
}

export interface ApiKeyStore {
  /** Stores a new key and counts it among the owner's live keys, both or neither: 'cap' when the
   *  owner already holds `maxLive`, 'prefixTaken' when another key has the prefix. */
  create(record: ApiKeyRecord, maxLive: number): Promise<'created' | 'cap' | 'prefixTaken'>;
  /** The key of a prefix, read strongly consistent (a revocation counts at once). */
  byPrefix(prefix: string): Promise<ApiKeyRecord | null>;
  /** The owner's keys, revoked ones still kept included, newest first. */
  listByOwner(userId: string): Promise<ApiKeyRecord[]>;
  /** Revokes the owner's live key; false when it is not theirs or already revoked. */
  revoke(prefix: string, userId: string, at: Date): Promise<boolean>;
  /** Sets lastUsedAt to `at` unless it is later than `olderThan` already (a conditional write). */
  touch(prefix: string, at: Date, olderThan: Date): Promise<void>;
  /** Counts one request in the key's window; false (nothing counted) when it holds `limit` already. */
  countRequest(keyId: string, windowStart: number, limit: number, ttlSeconds: number): Promise<boolean>;
}

const SERVICE = 'signseal';

/** Days a revoked key stays listed (and its item kept) before the table's TTL removes it. */
export const REVOKED_KEY_DAYS = 30;

export function createApiKeyEntities(client: DynamoDBDocumentClient, table: string) {
  const apiKey = new Entity(
    {
      model: { entity: 'apiKey', version: '1', service: SERVICE },
      attributes: {
        prefix: { type: 'string', required: true },
        keyId: { type: 'string', required: true },
        userId: { type: 'string', required: true },
        name: { type: 'string', required: true },
        scopes: { type: 'list', items: { type: 'string' }, required: true },
        /** SHA-256 (hex) of the secret part of the key; the secret itself is never stored. */
        secretHash: { type: 'string', required: true },
        createdAt: { type: 'string', required: true },
        lastUsedAt: { type: 'string' },
        revokedAt: { type: 'string' },
        ttl: { type: 'number' },
      },
      indexes: {
        byPrefix: { pk: { field: 'pk', composite: ['prefix'] }, sk: { field: 'sk', composite: [] } },
        /** The owner's keys; query in descending order for newest first. */
        byOwner: {
          index: 'gsi1',
          pk: { field: 'gsi1pk', composite: ['userId'] },
          sk: { field: 'gsi1sk', composite: ['createdAt', 'keyId'] },
        },
      },
    },
    { client, table },
  );

  const apiKeyOwner = new Entity(
    {
      model: { entity: 'apiKeyOwner', version: '1', service: SERVICE },
      attributes: {
        userId: { type: 'string', required: true },
        /** Keys created and not revoked. */
        live: { type: 'number', required: true },
      },
      indexes: {
        byUser: { pk: { field: 'pk', composite: ['userId'] }, sk: { field: 'sk', composite: [] } },
      },
    },
    { client, table },
  );

  const apiKeyRate = new Entity(
    {
      model: { entity: 'apiKeyRate', version: '1', service: SERVICE },
      attributes: {
        keyId: { type: 'string', required: true },
        /** Start of the window, epoch milliseconds. */
        windowStart: { type: 'number', required: true },
        count: { type: 'number' },
        ttl: { type: 'number' },
      },
      indexes: {
        byWindow: {
          pk: { field: 'pk', composite: ['keyId', 'windowStart'] },
          sk: { field: 'sk', composite: [] },
        },
      },
    },
    { client, table },
  );

  return { apiKey, apiKeyOwner, apiKeyRate };
}

type KeyItem = {
  prefix: string;
  keyId: string;
  userId: string;
  name: string;
  scopes: readonly string[];
  secretHash: string;
  createdAt: string;
  lastUsedAt?: string | undefined;
  revokedAt?: string | undefined;
};

function toRecord(item: KeyItem): ApiKeyRecord {
  return {
    prefix: item.prefix,
    keyId: item.keyId,
    userId: item.userId,
    name: item.name,
    scopes: API_SCOPES.filter((s: ApiScope) => item.scopes.includes(s)),
    secretHash: item.secretHash,
    createdAt: item.createdAt,
    ...(item.lastUsedAt ? { lastUsedAt: item.lastUsedAt } : {}),
    ...(item.revokedAt ? { revokedAt: item.revokedAt } : {}),
  };
}

function cancelledOn(err: unknown, index: number): boolean {
  const reasons = (err as { CancellationReasons?: { Code?: string }[] }).CancellationReasons;
  return reasons?.[index]?.Code === 'ConditionalCheckFailed';
}

export class DynamoApiKeyStore implements ApiKeyStore {
  private readonly e: ReturnType<typeof createApiKeyEntities>;

  constructor(
    private readonly documentClient: DynamoDBDocumentClient,
    table: string,
  ) {
    this.e = createApiKeyEntities(documentClient, table);
  }

  async create(record: ApiKeyRecord, maxLive: number): Promise<'created' | 'cap' | 'prefixTaken'> {
    const count = this.e.apiKeyOwner
      .update({ userId: record.userId })
      .add({ live: 1 })
      .where((a, op) => `${op.notExists(a.live)} OR ${op.lt(a.live, maxLive)}`)
      .params();
    const put = this.e.apiKey
      .create({
        prefix: record.prefix,
        keyId: record.keyId,
        userId: record.userId,
        name: record.name,
        scopes: [...record.scopes],
        secretHash: record.secretHash,
        createdAt: record.createdAt,
      })
      .params();
    try {
      await this.documentClient.send(
        new TransactWriteCommand({ TransactItems: [{ Update: count as never }, { Put: put as never }] }),
      );
      return 'created';
    } catch (err) {
      if (cancelledOn(err, 0)) return 'cap';
      if (cancelledOn(err, 1)) return 'prefixTaken';
      throw err;
    }
  }

  async byPrefix(prefix: string): Promise<ApiKeyRecord | null> {
    const res = await this.e.apiKey.get({ prefix }).go({ consistent: true });
    return res.data ? toRecord(res.data) : null;
  }

  async listByOwner(userId: string): Promise<ApiKeyRecord[]> {
    const res = await this.e.apiKey.query.byOwner({ userId }).go({ order: 'desc', pages: 'all' });
    return res.data.map(toRecord);
  }

  async revoke(prefix: string, userId: string, at: Date): Promise<boolean> {
    const update = this.e.apiKey
      .patch({ prefix })
      .set({
        revokedAt: at.toISOString(),
        ttl: Math.floor(at.getTime() / 1000) + REVOKED_KEY_DAYS * 86_400,
      })
      .where((a, op) => `${op.eq(a.userId, userId)} AND ${op.notExists(a.revokedAt)}`)
      .params();
    const count = this.e.apiKeyOwner
      .patch({ userId })
      .add({ live: -1 })
      .where((a, op) => op.gt(a.live, 0))
      .params();
    try {
      await this.documentClient.send(
        new TransactWriteCommand({
          TransactItems: [{ Update: update as never }, { Update: count as never }],
        }),
      );
      return true;
    } catch (err) {
      if (cancelledOn(err, 0)) return false;
      // A count already at 0 (never lower): the key is revoked alone.
      if (cancelledOn(err, 1)) {
        await this.documentClient.send(
          new TransactWriteCommand({ TransactItems: [{ Update: update as never }] }),
        );
        return true;
      }
      throw err;
    }
  }

  async touch(prefix: string, at: Date, olderThan: Date): Promise<void> {
    try {
      await this.e.apiKey
        .patch({ prefix })
        .set({ lastUsedAt: at.toISOString() })
        .where((a, op) => `${op.notExists(a.lastUsedAt)} OR ${op.lte(a.lastUsedAt, olderThan.toISOString())}`)
        .go({ response: 'none' });
    } catch (err) {
      // Another request of the same minute wrote it first (or the key is gone): nothing to do.
      if (!isConditionalFailure(err)) throw err;
    }
  }

  async countRequest(keyId: string, windowStart: number, limit: number, ttl: number): Promise<boolean> {
    try {
      await this.e.apiKeyRate
        .update({ keyId, windowStart })
        .add({ count: 1 })
        .set({ ttl })
        .where((a, op) => `${op.notExists(a.count)} OR ${op.lt(a.count, limit)}`)
        .go({ response: 'none' });
      return true;
    } catch (err) {
      if (isConditionalFailure(err)) return false;
      throw err;
    }
  }
}
