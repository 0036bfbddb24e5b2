// Templates (issue #27) in the single table: one item each, found by id or by owner (newest first).
// Every change is conditional on the version read, as documents are.
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { isConditionalFailure } from './conditions';
import { createEntities, type Entities, type TemplateItem } from './entities';

export type TemplateRecord = TemplateItem;

export interface TemplateStore {
  getTemplate(templateId: string): Promise<TemplateRecord | null>;
  listTemplates(ownerId: string): Promise<TemplateRecord[]>;
  /** Creates it; false if the id is taken. */
  putTemplate(record: TemplateRecord): Promise<boolean>;
  /** Replaces it if its version is still `expectedVersion`; false otherwise. */
  replaceTemplate(record: TemplateRecord, expectedVersion: number): Promise<boolean>;
  deleteTemplate(templateId: string): Promise<void>;
}

export class DynamoTemplateStore implements TemplateStore {
  private readonly e: Entities;

  constructor(documentClient: DynamoDBDocumentClient, table: string) {
    this.e = createEntities(documentClient, table);
  }

  async getTemplate(templateId: string): Promise<TemplateRecord | null> {
    return (await this.e.template.get({ templateId }).go({ consistent: true })).data;
  }

  async listTemplates(ownerId: string): Promise<TemplateRecord[]> {
    const res = await this.e.template.query.byOwner({ ownerId }).go({ order: 'desc', pages: 'all' });
    return res.data;
  }

  async putTemplate(record: TemplateRecord): Promise<boolean> {
    try {
      await this.e.template.create(record).go();
      return true;
    } catch (err) {
      if (isConditionalFailure(err)) return false;
      throw err;
    }
  }

  async replaceTemplate(record: TemplateRecord, expectedVersion: number): Promise<boolean> {
    try {
      await this.e.template
        .put(record)
        .where((a, op) => op.eq(a.version, expectedVersion))
        .go();
      return true;
    } catch (err) {
      if (isConditionalFailure(err)) return false;
      throw err;
    }
  }

  async deleteTemplate(templateId: string): Promise<void> {
    await this.e.template.delete({ templateId }).go();
  }
}
