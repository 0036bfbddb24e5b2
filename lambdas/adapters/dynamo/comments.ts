// Comments of a contract (issue #29 item 3, architecture §21): items under the document's own
// partition (pk = the document's), sort key `$comment_1#commentid_{time}-{random}` — the
// COMMENT#{time}#{id} of the design, so a thread reads newest first with one Query and no index.
// Changes are conditional on the version read (an edit racing a delete: one wins, the other 409s).
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { Entity, type EntityItem } from 'electrodb';
import { isConditionalFailure } from './conditions';

function commentEntity(client: DynamoDBDocumentClient, table: string) {
  return new Entity(
    {
      model: { entity: 'comment', version: '1', service: 'signseal' },
      attributes: {
        docuId: { type: 'string', required: true },
        /** `{epoch ms, 13 digits}-{8 hex}`: orders the thread by time, unique, safe in a URL. */
        commentId: { type: 'string', required: true },
        ownerId: { type: 'string', required: true },
        authorKind: { type: ['owner', 'member', 'recipient'] as const, required: true },
        /** A user id (owner, member) or `recipient:{index}`. */
        authorId: { type: 'string', required: true },
        authorName: { type: 'string', required: true },
        /** Kept server-side for the history; never answered to other participants. */
        authorContact: { type: 'string', default: '' },
        text: { type: 'string', required: true },
        createdAt: { type: 'string', required: true },
        editedAt: { type: 'string' },
        deletedAt: { type: 'string' },
        /** Names of the people the comment notified (or tried to). */
        mentions: { type: 'list', items: { type: 'string' } },
        version: { type: 'number', required: true },
      },
      indexes: {
        byDocument: {
          pk: { field: 'pk', composite: ['docuId'] },
          sk: { field: 'sk', composite: ['commentId'], casing: 'none' },
        },
      },
    },
    { client, table },
  );
}

export type CommentRecord = EntityItem<ReturnType<typeof commentEntity>>;

export interface CommentStore {
  put(comment: CommentRecord): Promise<void>;
  get(docuId: string, commentId: string): Promise<CommentRecord | null>;
  /** The newest `limit` comments, oldest first. */
  listNewest(docuId: string, limit: number): Promise<CommentRecord[]>;
  /** Writes the new text or the deletion if the comment is still at `version`; false otherwise. */
  update(
    docuId: string,
    commentId: string,
    version: number,
    changes: Pick<CommentRecord, 'text'> & { editedAt?: string; deletedAt?: string },
  ): Promise<boolean>;
  /** Removes every comment of a document (the document's deletion). */
  deleteAll(docuId: string): Promise<void>;
}

export class DynamoCommentStore implements CommentStore {
  private readonly e: ReturnType<typeof commentEntity>;

  constructor(client: DynamoDBDocumentClient, table: string) {
    this.e = commentEntity(client, table);
  }

  async put(comment: CommentRecord): Promise<void> {
    await this.e.create(comment).go();
  }

  async get(docuId: string, commentId: string): Promise<CommentRecord | null> {
    return (await this.e.get({ docuId, commentId }).go({ consistent: true })).data ?? null;
  }

  async listNewest(docuId: string, limit: number): Promise<CommentRecord[]> {
    const res = await this.e.query
      .byDocument({ docuId })
      .go({ order: 'desc', limit, count: limit, pages: 'all' });
    return [...res.data].reverse();
  }

  async update(
    docuId: string,
    commentId: string,
    version: number,
    changes: Pick<CommentRecord, 'text'> & { editedAt?: string; deletedAt?: string },
  ): Promise<boolean> {
    try {
      await this.e
        .patch({ docuId, commentId })
        .set({ ...changes, version: version + 1 })
        .where((a, op) => op.eq(a.version, version))
        .go();
      return true;
    } catch (err) {
      if (isConditionalFailure(err)) return false;
      throw err;
    }
  }

  async deleteAll(docuId: string): Promise<void> {
    const res = await this.e.query.byDocument({ docuId }).go({ pages: 'all' });
    if (res.data.length > 0) {
      await this.e.delete(res.data.map((c) => ({ docuId, commentId: c.commentId }))).go();
    }
  }
}
