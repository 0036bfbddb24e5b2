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

/** What failed, for the admin Jobs page (issue #20): an error code (a message key, or the error's
 *  name), never the job's body. Set once by the composition root (lambdas/deps.ts). */
export type JobFailureRecorder = (failure: {
  readonly queue: string;
  readonly messageId: string;
  readonly code: string;
  readonly attempt: number;
}) => Promise<void>;

let recordFailure: JobFailureRecorder | undefined;

export function setJobFailureRecorder(recorder: JobFailureRecorder | undefined): void {
  recordFailure = recorder;
}

/** Records a failure; a recorder that fails itself is logged and never fails the batch. */
async function noteFailure(log: Logger, failure: Parameters<JobFailureRecorder>[0]): Promise<void> {
  if (!recordFailure) return;
  try {
    await recordFailure(failure);
  } catch (err) {
    log.warn('could not record the job failure', { err });
  }
}

export function sqsWorker<S extends z.ZodType>(
  queue: string,
  schema: S,
  handleRecord: (job: z.infer<S>, ctx: JobContext) => Promise<void>,
  /** `parallel`: the batch's records are handled at once (webhook deliveries: each waits on a
   *  receiver, not on us). @default one after the other */
  options: { parallel?: boolean } = {},
) {
  const base = async (event: SQSEvent, context: Context): Promise<SQSBatchResponse> => {
    const failures: SQSBatchResponse['batchItemFailures'] = [];
    const handleOne = async (record: SQSRecord): Promise<void> => {
      const log = createLogger({ queue, messageId: record.messageId, requestId: context.awsRequestId });
      const attempt = Number(record.attributes?.ApproximateReceiveCount ?? '1');
      let body: unknown;
      try {
        body = JSON.parse(record.body);
      } catch {
        log.error('job body is not JSON; it will go to the dead-letter queue after its retries');
        failures.push({ itemIdentifier: record.messageId });
        await noteFailure(log, { queue, messageId: record.messageId, code: 'jobNotJson', attempt });
        return;
      }
      const parsed = schema.safeParse(body);
      if (!parsed.success) {
        log.error('job does not match its schema', {
          issues: parsed.error.issues.map((i) => i.path.join('.')),
        });
        failures.push({ itemIdentifier: record.messageId });
        await noteFailure(log, { queue, messageId: record.messageId, code: 'jobInvalid', attempt });
        return;
      }
      try {
        await handleRecord(parsed.data, { log, record, attempt });
        log.info('job done', { attempt });
      } catch (err) {
        log.error('job failed', { attempt, code: isAppError(err) ? err.code : undefined, err });
        failures.push({ itemIdentifier: record.messageId });
        const code = isAppError(err) ? err.code : err instanceof Error ? err.name : 'Error';
        await noteFailure(log, { queue, messageId: record.messageId, code: code.slice(0, 100), attempt });
      }
    };
    if (options.parallel) await Promise.all(event.Records.map(handleOne));
    else for (const record of event.Records) await handleOne(record);
    return { batchItemFailures: failures };
  };
  return middy<SQSEvent, SQSBatchResponse, Error, Context>(base);
}
