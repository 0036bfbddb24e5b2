// Documents of the creation funnel (issue #4): the document, its recipients (one item each), its
// history, signer tokens and the owner's address book. Every status change is a conditional write
// on the expected status and version; a failed condition is a 409 for the stale caller.
import { TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DOCUMENT_LIST_TAB, type DocumentStatus } from '../../../shared/domain/status';
import { AppError, ENTITLEMENT_CONFLICT } from '../../core/errors';
import {
  createEntities,
  type AddressBookItem,
  type DocumentItem,
  type Entities,
  type HistoryEntityItem,
  type RecipientItem,
  type OuterUserItem,
  type SignerTokenItem,
  type VideoMobileTokenItem,
  type SignItem,
  type UserItem,
} from './entities';
import { isConditionalFailure } from './conditions';

export type DocumentRecord = DocumentItem;
export type RecipientRecord = RecipientItem;
export type HistoryRecord = HistoryEntityItem;
export type SignerTokenRecord = SignerTokenItem;
export type AddressBookRecord = AddressBookItem;
export type OuterUserRecord = OuterUserItem;
export type SignRecord = SignItem;
export type VideoMobileTokenRecord = VideoMobileTokenItem;

/** Fields a status change may set or remove along with the status (null removes). */
type DocMutable = Omit<DocumentRecord, 'docuId' | 'ownerId' | 'createdAt' | 'id4' | 'kind' | 'version'>;
export type DocumentChanges = { [K in keyof DocMutable]?: DocMutable[K] | null };

/** What a conditional write expects to find. */
export interface Expected {
  readonly status: DocumentStatus;
  readonly version: number;
}

export interface DocumentRepository {
  /** A new document, with its first recipients in the same transaction when given. */
  createDocument(doc: DocumentRecord, recipients?: RecipientRecord[]): Promise<DocumentRecord>;
  getDocument(docuId: string): Promise<DocumentRecord | null>;
  listRecipients(docuId: string): Promise<RecipientRecord[]>;
  /** Changes fields without a status check (still conditional on the version). */
  updateDocument(docuId: string, expected: Expected, changes: DocumentChanges): Promise<void>;
  /** The status change, with other writes in the same transaction (recipients, tokens). */
  changeStatus(
    docuId: string,
    expected: Expected,
    to: DocumentStatus,
    changes?: DocumentChanges,
    extra?: {
      putRecipients?: RecipientRecord[];
      deleteRecipients?: number[];
      putTokens?: SignerTokenRecord[];
      deleteTokens?: string[];
      consume?: EntitlementWrite;
    },
  ): Promise<void>;
  addHistory(item: HistoryRecord): Promise<void>;
  listHistory(docuId: string): Promise<HistoryRecord[]>;
  getToken(tokenHash: string): Promise<SignerTokenRecord | null>;
  upsertAddressBook(entries: AddressBookRecord[]): Promise<void>;
  listAddressBook(ownerId: string): Promise<AddressBookRecord[]>;
  /** The owner's newest drafts (the 'draft' list tab, byOwnerTab), at most `limit`, newest first. */
  latestDrafts(ownerId: string, limit: number): Promise<DocumentRecord[]>;
}

/** Issue #31 item 4: the first opening of an embedded session moves its expiry from the time to open
 *  to the session's end, once (false: it was opened before, or is gone). */
export interface EmbedSessionStore {
  openEmbedSession(tokenHash: string, openedAt: string, expiresAt: string): Promise<boolean>;
}

/** What the signer flow (issue #5) needs besides the documents. */
export interface SignerRepository {
  /** Issue #5: signer tokens of a document's recipient are revoked by deleting them. */
  putToken(token: SignerTokenRecord): Promise<void>;
  /** The account-less signer with this contact and name, created when missing (race-safe). */
  findOrCreateOuterUser(
    input: Omit<OuterUserRecord, 'createdAt'> & { createdAt: string },
  ): Promise<OuterUserRecord>;
  getOuterUser(contact: string, name: string): Promise<OuterUserRecord | null>;
  putSign(sign: SignRecord): Promise<void>;
  listSigns(ownerKind: 'user' | 'outer', ownerId: string): Promise<SignRecord[]>;
  deleteSign(ownerKind: 'user' | 'outer', ownerId: string, signId: string): Promise<void>;
}

/** One used entitlement (issue #18), written with the send: the owner's new plan counters, on
 *  condition that nobody changed them since they were read (entitlementVersion). */
export interface EntitlementWrite {
  userId: string;
  /** The version read (undefined: the record has none yet). */
  expectedVersion: number | undefined;
  changes: Pick<UserItem, 'ticketLots' | 'availableTickets' | 'usageMonth' | 'usageCount'>;
}

/** DynamoDB allows 100 items per transaction. */
export const MAX_TRANSACTION_ITEMS = 100;

export function conflictError(docuId: string): AppError {
  return new AppError('errors.conflict', `Document ${docuId} was changed by another operation`, {
    status: 409,
  });
}

export class DynamoDocumentRepository implements DocumentRepository, SignerRepository, EmbedSessionStore {
  private readonly e: Entities;

  constructor(
    private readonly documentClient: DynamoDBDocumentClient,
    table: string,
  ) {
    this.e = createEntities(documentClient, table);
  }

  async createDocument(doc: DocumentRecord, recipients: RecipientRecord[] = []): Promise<DocumentRecord> {
    const item = { ...doc, listTab: DOCUMENT_LIST_TAB[doc.status] };
    if (recipients.length === 0) return (await this.e.document.create(item).go()).data;
    await this.documentClient.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: this.e.document.create(item).params() as never },
          ...recipients.map((r) => ({ Put: this.e.recipient.put(r).params() as never })),
        ],
      }),
    );
    return item;
  }

  async getDocument(docuId: string): Promise<DocumentRecord | null> {
    const res = await this.e.document.get({ docuId }).go();
    return res.data ?? null;
  }

  async listRecipients(docuId: string): Promise<RecipientRecord[]> {
    const res = await this.e.recipient.query.byDocument({ docuId }).go({ pages: 'all' });
    return [...res.data].sort((a, b) => a.index - b.index);
  }

  private docUpdateParams(
    docuId: string,
    expected: Expected,
    set: Record<string, unknown>,
    remove: string[],
  ) {
    let op = this.e.document.patch({ docuId }).set(set as never);
    if (remove.length) op = op.remove(remove as never);
    return op
      .where((attr, o) => `${o.eq(attr.status, expected.status)} AND ${o.eq(attr.version, expected.version)}`)
      .params();
  }

  private split(expected: Expected, changes: DocumentChanges, status?: DocumentStatus) {
    const set: Record<string, unknown> = {
      updatedAt: new Date().toISOString(),
      version: expected.version + 1,
    };
    if (status) set.status = status;
    const remove: string[] = [];
    for (const [k, v] of Object.entries(changes)) {
      if (v === undefined) continue;
      if (v === null) remove.push(k);
      else set[k] = v;
    }
    return { set, remove };
  }

  async updateDocument(docuId: string, expected: Expected, changes: DocumentChanges): Promise<void> {
    await this.changeStatus(docuId, expected, expected.status, changes);
  }

  async changeStatus(
    docuId: string,
    expected: Expected,
    to: DocumentStatus,
    changes: DocumentChanges = {},
    extra: {
      putRecipients?: RecipientRecord[];
      deleteRecipients?: number[];
      putTokens?: SignerTokenRecord[];
      deleteTokens?: string[];
      consume?: EntitlementWrite;
    } = {},
  ): Promise<void> {
    const { set, remove } = this.split(expected, changes, to);
    if (DOCUMENT_LIST_TAB[to] !== DOCUMENT_LIST_TAB[expected.status]) {
      // The list tab keys byOwnerTab (gsi3): ElectroDB rebuilds that key only with all its composite
      // attributes, so the owner and creation time (never changed) are written again with the tab.
      const current = await this.getDocument(docuId);
      if (!current) throw conflictError(docuId);
      set.listTab = DOCUMENT_LIST_TAB[to];
      set.ownerId = current.ownerId;
      set.createdAt = current.createdAt;
    }
    const update = this.docUpdateParams(docuId, expected, set, remove);
    const items: NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']> = [
      { Update: update as never },
    ];
    const consume = extra.consume;
    if (consume) {
      // Second item: a cancellation reason at index 1 is the owner's entitlements, not the document.
      const v = consume.expectedVersion;
      const userUpdate = this.e.user
        .patch({ userId: consume.userId })
        .set({ ...consume.changes, entitlementVersion: (v ?? 0) + 1 })
        .where((attr, op) =>
          v === undefined ? op.notExists(attr.entitlementVersion) : op.eq(attr.entitlementVersion, v),
        )
        .params();
      items.push({ Update: userUpdate as never });
    }
    if (to === 'Generating' && expected.status !== 'Generating') {
      // The sweep's record that this document owes a seal (issue #6), in the same transaction.
      const marker = { queue: 'seal' as const, docuId, since: set.updatedAt as string };
      items.push({ Put: this.e.sweepMarker.put(marker).params() as never });
    }
    for (const r of extra.putRecipients ?? []) items.push({ Put: this.e.recipient.put(r).params() as never });
    for (const index of extra.deleteRecipients ?? []) {
      items.push({ Delete: this.e.recipient.delete({ docuId, index }).params() as never });
    }
    for (const t of extra.putTokens ?? []) items.push({ Put: this.e.signerToken.put(t).params() as never });
    for (const tokenHash of extra.deleteTokens ?? []) {
      items.push({ Delete: this.e.signerToken.delete({ tokenHash }).params() as never });
    }
    if (items.length > MAX_TRANSACTION_ITEMS) {
      throw new AppError('errors.badRequest', 'Too many contractors or sign areas in one change', {
        status: 400,
      });
    }
    try {
      await this.documentClient.send(new TransactWriteCommand({ TransactItems: items }));
    } catch (err) {
      const reasons = (err as { CancellationReasons?: { Code?: string }[] }).CancellationReasons;
      if (
        consume &&
        reasons?.[1]?.Code === 'ConditionalCheckFailed' &&
        reasons[0]?.Code !== 'ConditionalCheckFailed'
      ) {
        throw new AppError(ENTITLEMENT_CONFLICT, "The owner's entitlements changed meanwhile", {
          status: 409,
        });
      }
      if (isConditionalFailure(err)) throw conflictError(docuId);
      throw err;
    }
  }

  async addHistory(item: HistoryRecord): Promise<void> {
    await this.e.historyItem.put(item).go();
  }

  async listHistory(docuId: string): Promise<HistoryRecord[]> {
    const res = await this.e.historyItem.query.byDocument({ docuId }).go({ pages: 'all' });
    return res.data;
  }

  async getToken(tokenHash: string): Promise<SignerTokenRecord | null> {
    const res = await this.e.signerToken.get({ tokenHash }).go();
    return res.data ?? null;
  }

  async upsertAddressBook(entries: AddressBookRecord[]): Promise<void> {
    if (entries.length === 0) return;
    await this.e.addressBookEntry.put(entries).go();
  }

  async listAddressBook(ownerId: string): Promise<AddressBookRecord[]> {
    const res = await this.e.addressBookEntry.query.byOwner({ ownerId }).go({ pages: 'all' });
    return res.data;
  }

  async latestDrafts(ownerId: string, limit: number): Promise<DocumentRecord[]> {
    const res = await this.e.document.query
      .byOwnerTab({ ownerId, listTab: DOCUMENT_LIST_TAB.Ready })
      .go({ order: 'desc', limit, pages: 1 });
    return res.data;
  }

  async putToken(token: SignerTokenRecord): Promise<void> {
    await this.e.signerToken.put(token).go();
  }

  async openEmbedSession(tokenHash: string, openedAt: string, expiresAt: string): Promise<boolean> {
    try {
      await this.e.signerToken
        .patch({ tokenHash })
        .set({ openedAt, expiresAt, ttl: Math.floor(Date.parse(expiresAt) / 1000) })
        .where((attr, op) => `${op.eq(attr.purpose, 'embed')} AND ${op.notExists(attr.openedAt)}`)
        .go();
      return true;
    } catch (err) {
      if (isConditionalFailure(err)) return false;
      throw err;
    }
  }

  async putMobileToken(token: VideoMobileTokenRecord): Promise<void> {
    await this.e.videoMobileToken.put(token).go();
  }

  async getMobileToken(tokenHash: string): Promise<VideoMobileTokenRecord | null> {
    const res = await this.e.videoMobileToken.get({ tokenHash }).go();
    return res.data ?? null;
  }

  async markMobileTokenUsed(tokenHash: string, usedAt: string, usedSessionId: string): Promise<void> {
    await this.e.videoMobileToken.patch({ tokenHash }).set({ usedAt, usedSessionId }).go();
  }

  async findOrCreateOuterUser(input: OuterUserRecord): Promise<OuterUserRecord> {
    const found = await this.e.outerUser.get({ contact: input.contact, name: input.name }).go();
    if (found.data) return found.data;
    try {
      const res = await this.e.outerUser.create(input).go();
      return res.data;
    } catch (err) {
      if (!isConditionalFailure(err)) throw err;
      // Created at the same moment by another request of the same signer.
      const again = await this.e.outerUser.get({ contact: input.contact, name: input.name }).go();
      if (!again.data) throw err;
      return again.data;
    }
  }

  async getOuterUser(contact: string, name: string): Promise<OuterUserRecord | null> {
    const res = await this.e.outerUser.get({ contact, name }).go();
    return res.data ?? null;
  }

  async putSign(sign: SignRecord): Promise<void> {
    await this.e.sign.put(sign).go();
  }

  async listSigns(ownerKind: 'user' | 'outer', ownerId: string): Promise<SignRecord[]> {
    const res = await this.e.sign.query.byOwner({ ownerKind, ownerId }).go({ pages: 'all' });
    return [...res.data].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }

  async deleteSign(ownerKind: 'user' | 'outer', ownerId: string, signId: string): Promise<void> {
    await this.e.sign.delete({ ownerKind, ownerId, signId }).go();
  }
}
