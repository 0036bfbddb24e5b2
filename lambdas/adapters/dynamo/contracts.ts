// Contract management (issue #7): the contract lists, the activity timeline, and deleting a document
// with its items. Access patterns (architecture §5), none of them a Scan:
// - an owner's documents of one list tab, newest first: document.byOwnerTab (gsi3), one Query a page;
// - where a contact is a contractor: recipient.byContact (gsi3);
// - an owner's latest history items across documents: historyItem.byOwner (gsi2);
// - a document's latest history item: historyItem.byDocument, descending, limit 1.
import { TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { DocumentListTab } from '../../../shared/domain/status';
import { AppError } from '../../core/errors';
import {
  conflictError,
  MAX_TRANSACTION_ITEMS,
  type DocumentRecord,
  type Expected,
  type HistoryRecord,
  type RecipientRecord,
} from './documents';
import { createEntities, type Entities } from './entities';
import { DynamoCommentStore } from './comments';
import { isConditionalFailure } from './conditions';

export interface Page<T> {
  readonly items: T[];
  /** ElectroDB's cursor of the next page, or null on the last one. */
  readonly cursor: string | null;
}

export interface ContractRepository {
  /** One page of the owner's documents of a tab, newest first. */
  listOwnedDocuments(
    ownerId: string,
    tab: DocumentListTab,
    limit: number,
    cursor: string | null,
  ): Promise<Page<DocumentRecord>>;
  /** The recipient rows whose contact is this one (any document). */
  recipientsByContact(contact: string): Promise<RecipientRecord[]>;
  /** The documents with these ids that exist (any order). */
  getDocuments(docuIds: readonly string[]): Promise<DocumentRecord[]>;
  latestHistory(docuId: string): Promise<HistoryRecord | null>;
  /** The owner's latest history items across documents, newest first. */
  ownerActivity(ownerId: string, limit: number): Promise<HistoryRecord[]>;
  /** Deletes the document, its recipients, its sweep markers and its sealed-hash item (issue #6) in
   *  one transaction conditional on status and version (409 when either changed). */
  deleteDocument(
    docuId: string,
    expected: Expected,
    recipientIndexes: readonly number[],
    sealedSha256?: string,
  ): Promise<void>;
  /** Deletes signer tokens by hash (revoked links). */
  deleteTokens(tokenHashes: readonly string[]): Promise<void>;
  /** Deletes every history item of the document. */
  deleteHistory(docuId: string): Promise<void>;
  /** Deletes the verification page's hash → video items of a deleted document (issue #15), each only
   *  while it still names that document. */
  deleteVideoHashes(docuId: string, sha256s: readonly string[]): Promise<void>;
}

/** A list cursor that is not one this owner's listing of this tab handed out (issue #13): 400. */
export function badCursorError(): AppError {
  return new AppError('errors.badCursor', 'The list cursor is not valid', {
    status: 400,
    details: [{ path: 'query.cursor', message: 'errors.badCursor', code: 'custom' }],
  });
}

/** The attributes of a byOwnerTab (gsi3) page's last evaluated key: the table's and the index's. */
const OWNER_TAB_CURSOR_KEYS = ['gsi3pk', 'gsi3sk', 'pk', 'sk'] as const;
/** DynamoDB's limit on a sort key value (a partition key may take 2048). */
const MAX_KEY_BYTES = 1024;

/**
 * ElectroDB's cursor is the base64url JSON of DynamoDB's LastEvaluatedKey, which DynamoDB takes back
 * as ExclusiveStartKey unchecked by ElectroDB: a forged one fails to parse (ElectroDB throws) or
 * names another partition (DynamoDB throws). So a cursor is accepted only when it decodes to exactly
 * the four key attributes, each a bounded non-empty string, and its index partition is the caller's
 * own owner + tab partition: another owner's cursor is refused, never followed. Only a position
 * inside the caller's own partition can be chosen, which reveals nothing a page does not.
 */
function ownerTabCursor(cursor: string, partition: string, sortPrefix: string): string {
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badCursorError();
  }
  if (key === null || typeof key !== 'object' || Array.isArray(key)) throw badCursorError();
  const record = key as Record<string, unknown>;
  const names = Object.keys(record).sort();
  if (names.length !== OWNER_TAB_CURSOR_KEYS.length || names.some((n, i) => n !== OWNER_TAB_CURSOR_KEYS[i])) {
    throw badCursorError();
  }
  for (const name of OWNER_TAB_CURSOR_KEYS) {
    const value = record[name];
    if (typeof value !== 'string' || value === '' || Buffer.byteLength(value) > MAX_KEY_BYTES) {
      throw badCursorError();
    }
  }
  if (record.gsi3pk !== partition || !(record.gsi3sk as string).startsWith(sortPrefix))
    throw badCursorError();
  return cursor;
}

/** DynamoDB's answer to an ExclusiveStartKey it cannot use. */
function isBadStartKey(err: unknown): boolean {
  return (
    err instanceof Error &&
    /ValidationException|starting key|ExclusiveStartKey/i.test(`${err.name} ${err.message}`)
  );
}

/** BatchGet and BatchWrite take at most 100 and 25 keys. */
function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

export class DynamoContractRepository implements ContractRepository {
  private readonly e: Entities;

  constructor(
    private readonly documentClient: DynamoDBDocumentClient,
    private readonly table: string,
  ) {
    this.e = createEntities(documentClient, table);
  }

  async listOwnedDocuments(
    ownerId: string,
    tab: DocumentListTab,
    limit: number,
    cursor: string | null,
  ): Promise<Page<DocumentRecord>> {
    const query = this.e.document.query.byOwnerTab({ ownerId, listTab: tab });
    if (cursor !== null) {
      const values = query.params().ExpressionAttributeValues as Record<string, string>;
      ownerTabCursor(cursor, values[':pk']!, values[':sk1'] ?? '');
    }
    try {
      const res = await query.go({ order: 'desc', limit, cursor, pages: 1 });
      return { items: res.data, cursor: res.cursor ?? null };
    } catch (err) {
      if (cursor !== null && isBadStartKey(err)) throw badCursorError();
      throw err;
    }
  }

  async recipientsByContact(contact: string): Promise<RecipientRecord[]> {
    const res = await this.e.recipient.query.byContact({ contact }).go({ pages: 'all' });
    return res.data;
  }

  async getDocuments(docuIds: readonly string[]): Promise<DocumentRecord[]> {
    const unique = [...new Set(docuIds)];
    const pages = await Promise.all(
      chunks(unique, 100).map((ids) => this.e.document.get(ids.map((docuId) => ({ docuId }))).go()),
    );
    return pages.flatMap((p) => p.data);
  }

  async latestHistory(docuId: string): Promise<HistoryRecord | null> {
    const res = await this.e.historyItem.query
      .byDocument({ docuId })
      .go({ order: 'desc', limit: 1, pages: 1 });
    return res.data[0] ?? null;
  }

  async ownerActivity(ownerId: string, limit: number): Promise<HistoryRecord[]> {
    const res = await this.e.historyItem.query.byOwner({ ownerId }).go({ order: 'desc', limit, pages: 1 });
    return res.data;
  }

  async deleteDocument(
    docuId: string,
    expected: Expected,
    recipientIndexes: readonly number[],
    sealedSha256?: string,
  ): Promise<void> {
    const items: NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']> = [
      {
        Delete: this.e.document
          .delete({ docuId })
          .where(
            (attr, o) => `${o.eq(attr.status, expected.status)} AND ${o.eq(attr.version, expected.version)}`,
          )
          .params() as never,
      },
    ];
    for (const index of recipientIndexes) {
      items.push({ Delete: this.e.recipient.delete({ docuId, index }).params() as never });
    }
    // The sweep's markers (no work is owed for a deleted document) and the verification page's
    // hash → document item.
    for (const queue of ['seal', 'anchor'] as const) {
      items.push({ Delete: this.e.sweepMarker.delete({ queue, docuId }).params() as never });
    }
    if (sealedSha256) {
      items.push({ Delete: this.e.sealedHash.delete({ sha256: sealedSha256 }).params() as never });
    }
    if (items.length > MAX_TRANSACTION_ITEMS) throw new Error('Too many recipients to delete at once');
    try {
      await this.documentClient.send(new TransactWriteCommand({ TransactItems: items }));
    } catch (err) {
      if (isConditionalFailure(err)) throw conflictError(docuId);
      throw err;
    }
  }

  async deleteTokens(tokenHashes: readonly string[]): Promise<void> {
    if (tokenHashes.length === 0) return;
    await this.e.signerToken.delete(tokenHashes.map((tokenHash) => ({ tokenHash }))).go();
  }

  async deleteVideoHashes(docuId: string, sha256s: readonly string[]): Promise<void> {
    await Promise.all(
      sha256s.map(async (sha256) => {
        try {
          await this.e.sealedHash
            .delete({ sha256 })
            .where((a, o) => o.eq(a.docuId, docuId))
            .go();
        } catch (err) {
          // Gone already, or the same bytes now name another contract: not this one's to delete.
          if (!isConditionalFailure(err)) throw err;
        }
      }),
    );
  }

  /** The document's history and its comment thread (issue #29: items of the same partition). */
  async deleteHistory(docuId: string): Promise<void> {
    await new DynamoCommentStore(this.documentClient, this.table).deleteAll(docuId);
    const res = await this.e.historyItem.query.byDocument({ docuId }).go({ pages: 'all' });
    if (res.data.length === 0) return;
    await this.e.historyItem.delete(res.data.map((h) => ({ docuId, itemId: h.itemId }))).go();
  }
}
