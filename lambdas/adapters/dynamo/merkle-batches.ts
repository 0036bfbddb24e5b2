// The Merkle batches of the anchor worker (issue #33, docs/decisions.md decision 164), in the app's
// table next to the documents:
// - a pending item per document waiting for a batch (pk 'merkle#pending', sk its docuId), written in
//   one transaction with a check that the document has no Merkle anchor yet (a retry of a document
//   recorded meanwhile adds nothing);
// - the batch itself (pk 'merkle#batch#<root>'): its members in leaf order, then the root's
//   transaction once anchored; a batch is fixed when it is written and never changes members;
// - the 'current' slot: the one batch being anchored, written with its batch in one transaction and
//   only when there is none, so two workers never open two batches; removed when every member has
//   recorded its proof (a worker that finds it set finishes that batch first: a crash resumes);
// - the 'timer' slot: when the oldest waiting document is due, and how many were added since, so one
//   delayed flush job is queued per batch, not one per document.
// Plain DocumentClient commands (not ElectroDB): the conditional counters need if_not_exists and ADD.
import {
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { createEntities, type Entities } from './entities';
import { isConditionalFailure } from './conditions';

export interface PendingLeaf {
  readonly docuId: string;
  readonly sha256: string;
  /** When it was queued (ISO). */
  readonly since: string;
}

export interface BatchMember {
  readonly docuId: string;
  readonly sha256: string;
  readonly leafIndex: number;
}

export interface BatchAnchor {
  readonly transactionHash: string;
  readonly blockNumber: number;
  readonly anchoredAt: string;
  readonly chainId: number;
  readonly contractAddress: string;
}

export interface MerkleBatch {
  readonly root: string;
  readonly members: readonly BatchMember[];
  readonly leafCount: number;
  readonly createdAt: string;
  readonly anchor?: BatchAnchor;
}

/** What a document records of its batch (the document entity's merkleAnchor). */
export interface MerkleDocumentAnchor extends BatchAnchor {
  readonly root: string;
  readonly leafIndex: number;
  readonly leafCount: number;
  readonly proof: string[];
}

export interface MerkleTimer {
  readonly dueAt: string;
  /** Documents added since the timer was armed (a hint: a retry counts twice). */
  readonly added: number;
}

const PENDING = 'merkle#pending';
const SLOT = 'merkle#slot';
const batchKey = (root: string) => ({ pk: `merkle#batch#${root}`, sk: 'batch' });

export class DynamoMerkleBatches {
  private readonly e: Entities;

  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly table: string,
  ) {
    this.e = createEntities(client, table);
  }

  /** Queues a Completed document's hash for a batch; false when the document has a Merkle anchor
   *  already (or is no longer Completed with that hash). */
  async addPending(docuId: string, sha256: string, since: string): Promise<boolean> {
    const key = (this.e.document.get({ docuId }).params() as { Key: Record<string, unknown> }).Key;
    try {
      await this.client.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              ConditionCheck: {
                TableName: this.table,
                Key: key,
                ConditionExpression: '#st = :done AND #h = :h AND attribute_not_exists(#m)',
                ExpressionAttributeNames: { '#st': 'status', '#h': 'finalSha256', '#m': 'merkleAnchor' },
                ExpressionAttributeValues: { ':done': 'Completed', ':h': sha256 },
              },
            },
            {
              Put: {
                TableName: this.table,
                Item: { pk: PENDING, sk: docuId, docuId, sha256, since },
              },
            },
          ],
        }),
      );
      return true;
    } catch (err) {
      if (isConditionalFailure(err)) return false;
      throw err;
    }
  }

  /** Every waiting document, oldest first. */
  async listPending(): Promise<PendingLeaf[]> {
    const items: PendingLeaf[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await this.client.send(
        new QueryCommand({
          TableName: this.table,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': PENDING },
          ProjectionExpression: 'docuId, sha256, since',
          ExclusiveStartKey: start,
        }),
      );
      for (const i of page.Items ?? []) items.push(i as PendingLeaf);
      start = page.LastEvaluatedKey;
    } while (start);
    return items.sort((a, b) =>
      a.since === b.since ? (a.docuId < b.docuId ? -1 : 1) : a.since < b.since ? -1 : 1,
    );
  }

  async deletePending(docuIds: readonly string[]): Promise<void> {
    for (let i = 0; i < docuIds.length; i += 25) {
      let requests: Record<string, unknown[]> | undefined = {
        [this.table]: docuIds
          .slice(i, i + 25)
          .map((docuId) => ({ DeleteRequest: { Key: { pk: PENDING, sk: docuId } } })),
      };
      for (let tries = 0; requests && Object.keys(requests).length > 0; tries++) {
        if (tries > 0) await new Promise((r) => setTimeout(r, 50 * tries));
        const out = await this.client.send(new BatchWriteCommand({ RequestItems: requests as never }));
        requests = out.UnprocessedItems as Record<string, unknown[]> | undefined;
      }
    }
  }

  /** Opens `batch` as the current one; false when another is current (finish that one first). */
  async openBatch(batch: MerkleBatch): Promise<boolean> {
    try {
      await this.client.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: this.table,
                Item: { ...batchKey(batch.root), ...batch },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
            {
              Put: {
                TableName: this.table,
                Item: { pk: SLOT, sk: 'current', root: batch.root, since: batch.createdAt },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
          ],
        }),
      );
      return true;
    } catch (err) {
      if (isConditionalFailure(err)) return false;
      throw err;
    }
  }

  async getBatch(root: string): Promise<MerkleBatch | null> {
    const out = await this.client.send(
      new GetCommand({ TableName: this.table, Key: batchKey(root), ConsistentRead: true }),
    );
    if (!out.Item) return null;
    const { pk: _pk, sk: _sk, ...batch } = out.Item;
    return batch as MerkleBatch;
  }

  /** The batch being anchored, if any. */
  async currentBatch(): Promise<MerkleBatch | null> {
    const out = await this.client.send(
      new GetCommand({ TableName: this.table, Key: { pk: SLOT, sk: 'current' }, ConsistentRead: true }),
    );
    const root = out.Item?.root as string | undefined;
    return root ? this.getBatch(root) : null;
  }

  async recordBatchAnchor(root: string, anchor: BatchAnchor): Promise<void> {
    await this.client.send(
      new UpdateCommand({
        TableName: this.table,
        Key: batchKey(root),
        UpdateExpression: 'SET #a = if_not_exists(#a, :a)',
        ExpressionAttributeNames: { '#a': 'anchor' },
        ExpressionAttributeValues: { ':a': anchor },
      }),
    );
  }

  /** The document's proof (once) and its 'anchor' sweep marker removed; false when it had one. */
  async recordMember(docuId: string, sha256: string, anchor: MerkleDocumentAnchor): Promise<boolean> {
    const update = this.e.document
      .patch({ docuId })
      .set({ merkleAnchor: anchor })
      .where(
        (a, o) =>
          `${o.eq(a.status, 'Completed')} AND ${o.eq(a.finalSha256, sha256)} AND ${o.notExists(a.merkleAnchor)}`,
      )
      .params();
    try {
      await this.client.send(
        new TransactWriteCommand({
          TransactItems: [
            { Update: update as never },
            { Delete: this.e.sweepMarker.delete({ queue: 'anchor', docuId }).params() as never },
          ],
        }),
      );
      return true;
    } catch (err) {
      if (isConditionalFailure(err)) return false;
      throw err;
    }
  }

  /** The batch is done: no longer current. */
  async closeBatch(root: string, at: string): Promise<void> {
    await this.client.send(
      new UpdateCommand({
        TableName: this.table,
        Key: batchKey(root),
        UpdateExpression: 'SET doneAt = if_not_exists(doneAt, :at)',
        ExpressionAttributeValues: { ':at': at },
      }),
    );
    try {
      await this.client.send(
        new DeleteCommand({
          TableName: this.table,
          Key: { pk: SLOT, sk: 'current' },
          ConditionExpression: '#r = :r',
          ExpressionAttributeNames: { '#r': 'root' },
          ExpressionAttributeValues: { ':r': root },
        }),
      );
    } catch (err) {
      if (!isConditionalFailure(err)) throw err;
    }
  }

  /** Counts one more waiting document and arms the timer at `dueAt` unless it is armed. */
  async tick(dueAt: string): Promise<MerkleTimer> {
    const out = await this.client.send(
      new UpdateCommand({
        TableName: this.table,
        Key: { pk: SLOT, sk: 'timer' },
        UpdateExpression: 'SET dueAt = if_not_exists(dueAt, :due) ADD added :one',
        ExpressionAttributeValues: { ':due': dueAt, ':one': 1 },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return { dueAt: out.Attributes!.dueAt as string, added: Number(out.Attributes!.added) };
  }

  /** Disarms the timer (a batch was opened, or the timer was stale). */
  async resetTimer(): Promise<void> {
    await this.client.send(new DeleteCommand({ TableName: this.table, Key: { pk: SLOT, sk: 'timer' } }));
  }
}
