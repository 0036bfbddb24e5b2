import { DescribeTableCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { HealthCheckable } from '../../ports';
import { createEntities, type Entities, type UserItem } from './entities';
import { isConditionalFailure } from './conditions';

export type UserRecord = UserItem;

export interface UserRepository {
  getById(userId: string): Promise<UserRecord | null>;
  /** Creates the user unless it exists; returns the stored record either way. */
  createIfAbsent(user: UserRecord): Promise<UserRecord>;
  /** Changes some fields of an existing user (null removes a field); returns the stored record. */
  update(userId: string, changes: UserChanges): Promise<UserRecord>;
}

/** The user's plan and entitlements changed by a payment webhook (issue #18): conditional on the
 *  entitlement version read, which it increments (sends consume under the same condition). False
 *  when another write came first: read again and retry. */
export interface EntitlementStore {
  getById(userId: string): Promise<UserRecord | null>;
  updateEntitlements(
    userId: string,
    expectedVersion: number | undefined,
    changes: UserChanges,
    /** A claimed job (a webhook event) marked done in the same transaction as the write. */
    completeKey?: string,
  ): Promise<boolean>;
}

/** Verified wallets by their user's verified e-mail (issue #32): a contractor with an account gets the
 *  token of their own agreement video. The reader checks the user again (the link may be stale). */
export interface WalletLinkStore {
  putWalletLink(email: string, userId: string, address: string): Promise<void>;
  walletLinkOf(email: string): Promise<{ userId: string; address: string } | null>;
  /** Removes the e-mail's link if it is this user's. */
  deleteWalletLink(email: string, userId: string): Promise<void>;
}

/** Company seat members (issue #18): which buyer's standard plan an e-mail shares. */
export interface SeatMemberStore {
  /** The buyer whose plan this (lower-case) e-mail shares, if any. */
  seatBuyerOf(email: string): Promise<string | null>;
  /** Names this buyer for the e-mail; false when another buyer holds it. */
  claimSeat(email: string, buyerId: string, now: Date): Promise<boolean>;
  /** Removes the e-mail's item if this buyer holds it. */
  releaseSeat(email: string, buyerId: string): Promise<void>;
}

type Mutable = Omit<UserRecord, 'userId' | 'email' | 'createdAt'>;
export type UserChanges = { [K in keyof Mutable]?: Mutable[K] | null };

export interface IdempotencyStore {
  /** True when this worker may run the job: the key is new, or an earlier claim's lease ran out
   *  before it was completed. False while another claim holds it, or once it is done. */
  claim(key: string, ttlSeconds: number, leaseSeconds?: number): Promise<boolean>;
  /** Marks the job done: its key can never be claimed again (until the record expires). */
  complete(key: string): Promise<void>;
  /** Gives a claim back after the job failed, so its retry can run at once. */
  release(key: string): Promise<void>;
}

/** Longer than any worker's timeout (shared/infra/definitions.ts), shorter than the queues' visibility timeouts. */
export const DEFAULT_LEASE_SECONDS = 150;

export class DynamoRepository
  implements
    UserRepository,
    IdempotencyStore,
    HealthCheckable,
    EntitlementStore,
    SeatMemberStore,
    WalletLinkStore
{
  private readonly entities: Entities;

  constructor(
    private readonly client: DynamoDBClient,
    private readonly documentClient: DynamoDBDocumentClient,
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

  async update(userId: string, changes: UserChanges): Promise<UserRecord> {
    const set: Record<string, unknown> = {};
    const remove: string[] = [];
    for (const [k, v] of Object.entries(changes)) {
      if (v === undefined) continue;
      if (v === null) remove.push(k);
      else set[k] = v;
    }
    let op = this.entities.user.patch({ userId }).set(set as never);
    if (remove.length) op = op.remove(remove as never);
    const res = await op.go({ response: 'all_new' });
    return res.data as UserRecord;
  }

  async updateEntitlements(
    userId: string,
    expectedVersion: number | undefined,
    changes: UserChanges,
    completeKey?: string,
  ): Promise<boolean> {
    const set: Record<string, unknown> = { entitlementVersion: (expectedVersion ?? 0) + 1 };
    const remove: string[] = [];
    for (const [k, v] of Object.entries(changes)) {
      if (v === undefined) continue;
      if (v === null) remove.push(k);
      else set[k] = v;
    }
    let op = this.entities.user.patch({ userId }).set(set as never);
    if (remove.length) op = op.remove(remove as never);
    const conditional = op.where((attr, o) =>
      expectedVersion === undefined
        ? o.notExists(attr.entitlementVersion)
        : o.eq(attr.entitlementVersion, expectedVersion),
    );
    try {
      if (!completeKey) {
        await conditional.go();
        return true;
      }
      // One round trip instead of two: the plan and the event's completion, all or none.
      const done = this.entities.jobRecord.patch({ key: completeKey }).set({ state: 'done' }).params();
      await this.documentClient.send(
        new TransactWriteCommand({
          TransactItems: [{ Update: conditional.params() as never }, { Update: done as never }],
        }),
      );
      return true;
    } catch (err) {
      if (isConditionalFailure(err)) return false;
      const reasons = (err as { CancellationReasons?: { Code?: string }[] }).CancellationReasons;
      if (reasons?.[0]?.Code === 'ConditionalCheckFailed') return false;
      throw err;
    }
  }

  async putWalletLink(email: string, userId: string, address: string): Promise<void> {
    await this.entities.walletLink.put({ email: email.toLowerCase(), userId, address }).go();
  }

  async walletLinkOf(email: string): Promise<{ userId: string; address: string } | null> {
    const res = await this.entities.walletLink.get({ email: email.toLowerCase() }).go();
    return res.data ? { userId: res.data.userId, address: res.data.address } : null;
  }

  async deleteWalletLink(email: string, userId: string): Promise<void> {
    try {
      await this.entities.walletLink
        .delete({ email: email.toLowerCase() })
        .where((attr, op) => op.eq(attr.userId, userId))
        .go();
    } catch (err) {
      if (!isConditionalFailure(err)) throw err;
    }
  }

  async seatBuyerOf(email: string): Promise<string | null> {
    const res = await this.entities.seatMember.get({ email }).go();
    return res.data?.buyerId ?? null;
  }

  async claimSeat(email: string, buyerId: string, now: Date): Promise<boolean> {
    try {
      await this.entities.seatMember
        .put({ email, buyerId, addedAt: now.toISOString() })
        .where((attr, op) => `${op.notExists(attr.email)} OR ${op.eq(attr.buyerId, buyerId)}`)
        .go();
      return true;
    } catch (err) {
      if (isConditionalFailure(err)) return false;
      throw err;
    }
  }

  async releaseSeat(email: string, buyerId: string): Promise<void> {
    try {
      await this.entities.seatMember
        .delete({ email })
        .where((attr, op) => op.eq(attr.buyerId, buyerId))
        .go();
    } catch (err) {
      if (!isConditionalFailure(err)) throw err;
    }
  }

  async claim(key: string, ttlSeconds: number, leaseSeconds = DEFAULT_LEASE_SECONDS): Promise<boolean> {
    const now = Date.now();
    try {
      await this.entities.jobRecord
        .put({
          key,
          state: 'pending',
          leaseUntil: now + leaseSeconds * 1000,
          claimedAt: new Date(now).toISOString(),
          ttl: Math.floor(now / 1000) + ttlSeconds,
        })
        .where(
          (attr, op) =>
            `${op.notExists(attr.key)} OR (${op.eq(attr.state, 'pending')} AND ${op.lt(attr.leaseUntil, now)})`,
        )
        .go();
      return true;
    } catch (err) {
      if (isConditionalFailure(err)) return false;
      throw err;
    }
  }

  async complete(key: string): Promise<void> {
    await this.entities.jobRecord.patch({ key }).set({ state: 'done' }).go();
  }

  async release(key: string): Promise<void> {
    await this.entities.jobRecord.delete({ key }).go();
  }
}
