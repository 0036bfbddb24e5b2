// Bulk send (issue #27 item 6) in the single table: the bulk's counts, each row's state, and the rows
// that failed (apart, so the progress view reads only those). A row's state and the bulk's count
// change in one transaction, conditional on the row's state, so a message delivered twice never
// counts twice.
import { TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { isConditionalFailure } from './conditions';
import {
  createEntities,
  type BulkFailureItem,
  type BulkRowItem,
  type BulkSendItem,
  type Entities,
} from './entities';

export type BulkSendRecord = BulkSendItem;
export type BulkRowRecord = BulkRowItem;
export type BulkFailureRecord = BulkFailureItem;

export interface BulkStore {
  createBulk(record: BulkSendRecord): Promise<void>;
  getBulk(bulkId: string): Promise<BulkSendRecord | null>;
  getRow(bulkId: string, line: number): Promise<BulkRowRecord | null>;
  /** Records that the worker took the row's `attempt` on (with the contract it makes). */
  startRow(row: BulkRowRecord): Promise<void>;
  /** The row's attempt is sent: counted once (false when the row already was). */
  rowSent(row: Omit<BulkRowRecord, 'state'>): Promise<boolean>;
  /** The row's attempt (making contract `docuId`) failed: counted once per attempt (false when it
   *  already was). */
  rowFailed(failure: BulkFailureRecord, docuId: string): Promise<boolean>;
  /** Failed rows, in line order, at most `max`. */
  listFailures(bulkId: string, max: number): Promise<BulkFailureRecord[]>;
  /** Takes failed rows back for a retry (at most 90 at once, a transaction's room): removes their
   *  failures and uncounts them, all or none. */
  takeFailures(bulkId: string, failures: readonly BulkFailureRecord[]): Promise<boolean>;
}

export class DynamoBulkStore implements BulkStore {
  private readonly e: Entities;

  constructor(
    private readonly documentClient: DynamoDBDocumentClient,
    table: string,
  ) {
    this.e = createEntities(documentClient, table);
  }

  async createBulk(record: BulkSendRecord): Promise<void> {
    await this.e.bulkSend.create(record).go();
  }

  async getBulk(bulkId: string): Promise<BulkSendRecord | null> {
    return (await this.e.bulkSend.get({ bulkId }).go({ consistent: true })).data;
  }

  async getRow(bulkId: string, line: number): Promise<BulkRowRecord | null> {
    return (await this.e.bulkRow.get({ bulkId, line }).go({ consistent: true })).data;
  }

  async startRow(row: BulkRowRecord): Promise<void> {
    // Never over a sent row, nor over a later attempt.
    try {
      await this.e.bulkRow
        .put(row)
        .where(
          (a, op) =>
            `${op.notExists(a.state)} OR (${op.ne(a.state, 'sent')} AND ${op.lte(a.attempt, row.attempt)})`,
        )
        .go();
    } catch (err) {
      if (!isConditionalFailure(err)) throw err;
    }
  }

  private async transact(items: unknown[]): Promise<boolean> {
    try {
      await this.documentClient.send(new TransactWriteCommand({ TransactItems: items as never }));
      return true;
    } catch (err) {
      if (isConditionalFailure(err)) return false;
      throw err;
    }
  }

  async rowSent(row: Omit<BulkRowRecord, 'state'>): Promise<boolean> {
    const { bulkId } = row;
    const items: unknown[] = [
      {
        Put: this.e.bulkRow
          .put({ ...row, state: 'sent' })
          .where((a, op) => `${op.notExists(a.state)} OR ${op.ne(a.state, 'sent')}`)
          .params(),
      },
      { Update: this.e.bulkSend.update({ bulkId }).add({ sent: 1 }).params() },
    ];
    return this.transact(items);
  }

  async rowFailed(failure: BulkFailureRecord, docuId: string): Promise<boolean> {
    const { bulkId, line, attempt, ttl } = failure;
    const items: unknown[] = [
      {
        Put: this.e.bulkRow
          .put({ bulkId, line, attempt, state: 'failed', docuId, ttl })
          .where(
            (a, op) =>
              `${op.notExists(a.state)} OR (${op.ne(a.state, 'sent')} AND NOT (${op.eq(a.state, 'failed')} AND ${op.gte(a.attempt, attempt)}))`,
          )
          .params(),
      },
      { Put: this.e.bulkFailure.put(failure).params() },
      { Update: this.e.bulkSend.update({ bulkId }).add({ failed: 1 }).params() },
    ];
    return this.transact(items);
  }

  async listFailures(bulkId: string, max: number): Promise<BulkFailureRecord[]> {
    return (await this.e.bulkFailure.query.byRow({ bulkId }).go({ limit: max })).data;
  }

  async takeFailures(bulkId: string, failures: readonly BulkFailureRecord[]): Promise<boolean> {
    if (failures.length === 0) return true;
    const items: unknown[] = [
      ...failures.map((f) => ({
        Delete: this.e.bulkFailure
          .delete({ bulkId, line: f.line })
          .where((a, op) => op.eq(a.attempt, f.attempt))
          .params(),
      })),
      { Update: this.e.bulkSend.update({ bulkId }).subtract({ failed: failures.length }).params() },
    ];
    return this.transact(items);
  }
}
