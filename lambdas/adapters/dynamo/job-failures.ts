// The last failure of each job message (issue #20), written by the SQS worker wrapper and read by the
// admin Jobs page for the dead letters it peeks. Kept as long as a DLQ keeps a message (14 days).
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DLQ_RETENTION_SECONDS } from '../../../shared/infra/definitions';
import { createEntities, type Entities, type JobFailureItem } from './entities';

export type JobFailureRecord = Omit<JobFailureItem, 'ttl'>;

export interface JobFailureStore {
  recordJobFailure(record: JobFailureRecord): Promise<void>;
  /** By message id; messages without a record are absent. */
  jobFailures(messageIds: readonly string[]): Promise<Map<string, JobFailureRecord>>;
}

export class DynamoJobFailures implements JobFailureStore {
  private readonly e: Entities;

  constructor(documentClient: DynamoDBDocumentClient, table: string) {
    this.e = createEntities(documentClient, table);
  }

  async recordJobFailure(record: JobFailureRecord): Promise<void> {
    const ttl = Math.floor(Date.parse(record.at) / 1000) + DLQ_RETENTION_SECONDS;
    await this.e.jobFailure.put({ ...record, ttl }).go();
  }

  async jobFailures(messageIds: readonly string[]): Promise<Map<string, JobFailureRecord>> {
    if (messageIds.length === 0) return new Map();
    const res = await this.e.jobFailure.get(messageIds.map((messageId) => ({ messageId }))).go();
    return new Map(res.data.map(({ ttl: _ttl, ...rest }) => [rest.messageId, rest]));
  }
}
