// SQS worker wrapper: each record is parsed with its zod schema and handled on its own; failures are
// reported as partial batch failures so only those records are retried (then dead-lettered).
import middy from '@middy/core';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import * as z from 'zod';
import { isAppError } from './errors';
import { createLogger, type Logger } from './logger';

export interface JobContext {
  readonly log: Logger;
  readonly record: SQSRecord;
  /** How many times SQS has delivered this message (1 on the first try). */
  readonly attempt: number;
}

export function sqsWorker<S extends z.ZodType>(
  queue: string,
  schema: S,
  handleRecord: (job: z.infer<S>, ctx: JobContext) => Promise<void>,
) {
  const base = async (event: SQSEvent, context: Context): Promise<SQSBatchResponse> => {
    const failures: SQSBatchResponse['batchItemFailures'] = [];
    for (const record of event.Records) {
      const log = createLogger({ queue, messageId: record.messageId, requestId: context.awsRequestId });
      const attempt = Number(record.attributes?.ApproximateReceiveCount ?? '1');
      let body: unknown;
      try {
        body = JSON.parse(record.body);
      } catch {
        log.error('job body is not JSON; it will go to the dead-letter queue after its retries');
        failures.push({ itemIdentifier: record.messageId });
        continue;
      }
      const parsed = schema.safeParse(body);
      if (!parsed.success) {
        log.error('job does not match its schema', {
          issues: parsed.error.issues.map((i) => i.path.join('.')),
        });
        failures.push({ itemIdentifier: record.messageId });
        continue;
      }
      try {
        await handleRecord(parsed.data, { log, record, attempt });
        log.info('job done', { attempt });
      } catch (err) {
        log.error('job failed', { attempt, code: isAppError(err) ? err.code : undefined, err });
        failures.push({ itemIdentifier: record.messageId });
      }
    }
    return { batchItemFailures: failures };
  };
  return middy<SQSEvent, SQSBatchResponse, Error, Context>(base);
}
