import { DescribeTableCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { HealthCheckable } from '../../ports';
import { createEntities, type Entities, type UserItem } from './entities';

export type UserRecord = UserItem;

export interface UserRepository {
  getById(userId: string): Promise<UserRecord | null>;
  /** Creates the user unless it exists; returns the stored record either way. */
  createIfAbsent(user: UserRecord): Promise<UserRecord>;
}

export interface IdempotencyStore {
  /** True the first time a key is claimed; false if a job with this key already ran. */
  claim(key: string, ttlSeconds: number): Promise<boolean>;
  /** Gives a claim back after the job failed, so its retry can run. */
  release(key: string): Promise<void>;
}

const isConditionalFailure = (err: unknown) =>
  err instanceof Error &&
  (err.name === 'ConditionalCheckFailedException' || /conditional request failed/i.test(err.message));

export class DynamoRepository implements UserRepository, IdempotencyStore, HealthCheckable {
  private readonly entities: Entities;

  constructor(
    private readonly client: DynamoDBClient,
    documentClient: DynamoDBDocumentClient,
    private readonly table: string,
  ) {
    this.entities = createEntities(documentClient, table);
  }

  async check(): Promise<void> {
    await this.client.send(new DescribeTableCommand({ TableName: this.table }));
  }

  async getById(userId: string): Promise<UserRecord | null> {
    const res = await this.entities.user.get({ userId }).go();
    return res.data ?? null;
  }

  async createIfAbsent(user: UserRecord): Promise<UserRecord> {
    try {
      const res = await this.entities.user.create(user).go();
      return res.data;
    } catch (err) {
      if (!isConditionalFailure(err)) throw err;
      const existing = await this.getById(user.userId);
      if (!existing) throw err;
      return existing;
    }
  }

  async claim(key: string, ttlSeconds: number): Promise<boolean> {
    try {
      await this.entities.jobRecord
        .create({ key, doneAt: new Date().toISOString(), ttl: Math.floor(Date.now() / 1000) + ttlSeconds })
        .go();
      return true;
    } catch (err) {
      if (isConditionalFailure(err)) return false;
      throw err;
    }
  }

  async release(key: string): Promise<void> {
    await this.entities.jobRecord.delete({ key }).go();
  }
}
