// The operators' audit trail (issue #20): one item per admin action, read newest first.
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createEntities, type AdminAuditItem, type Entities } from './entities';

export type AdminAuditRecord = Omit<AdminAuditItem, 'trail'>;

export interface AdminAuditTrail {
  recordAdminAction(record: AdminAuditRecord): Promise<void>;
  listAdminActions(limit: number): Promise<AdminAuditRecord[]>;
}

export class DynamoAdminAuditTrail implements AdminAuditTrail {
  private readonly e: Entities;

  constructor(documentClient: DynamoDBDocumentClient, table: string) {
    this.e = createEntities(documentClient, table);
  }

  async recordAdminAction(record: AdminAuditRecord): Promise<void> {
    await this.e.adminAudit.create({ ...record, trail: 'admin' }).go();
  }

  async listAdminActions(limit: number): Promise<AdminAuditRecord[]> {
    const res = await this.e.adminAudit.query.byTime({ trail: 'admin' }).go({ order: 'desc', limit });
    return res.data.map(({ trail: _trail, ...rest }) => rest);
  }
}
