// Short links of SMS messages (issue #14), one item each, removed by the table's TTL after expiry.
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createEntities, type Entities, type ShortLinkItem } from './entities';

export type ShortLinkRecord = ShortLinkItem;

export interface ShortLinkStore {
  putShortLink(record: ShortLinkRecord): Promise<void>;
  getShortLink(codeHash: string): Promise<ShortLinkRecord | null>;
}

export class DynamoShortLinkStore implements ShortLinkStore {
  private readonly e: Entities;

  constructor(documentClient: DynamoDBDocumentClient, table: string) {
    this.e = createEntities(documentClient, table);
  }

  async putShortLink(record: ShortLinkRecord): Promise<void> {
    await this.e.shortLink.create(record).go();
  }

  async getShortLink(codeHash: string): Promise<ShortLinkRecord | null> {
    const res = await this.e.shortLink.get({ codeHash }).go();
    return res.data ?? null;
  }
}
