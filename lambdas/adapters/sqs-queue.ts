import {
  GetQueueAttributesCommand,
  SendMessageBatchCommand,
  SendMessageCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import type { WorkerName } from '../../shared/api/routes';
import type { BatchJobQueue } from '../ports';

export class SqsJobQueue implements BatchJobQueue {
  constructor(
    private readonly client: SQSClient,
    private readonly urls: Record<WorkerName, string>,
  ) {}

  async check(): Promise<void> {
    for (const url of Object.values(this.urls)) {
      if (!url) continue; // a queue this function is not configured for
      await this.client.send(new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: ['QueueArn'] }));
    }
  }

  async enqueue(
    queue: WorkerName,
    job: unknown,
    options: { delaySeconds?: number } = {},
  ): Promise<{ messageId: string }> {
    const res = await this.client.send(
      new SendMessageCommand({
        QueueUrl: this.urls[queue],
        MessageBody: JSON.stringify(job),
        DelaySeconds: options.delaySeconds,
      }),
    );
    return { messageId: res.MessageId ?? '' };
  }

  async enqueueMany(queue: WorkerName, jobs: readonly unknown[]): Promise<void> {
    const batches: unknown[][] = [];
    for (let i = 0; i < jobs.length; i += SQS_BATCH) batches.push(jobs.slice(i, i + SQS_BATCH));
    let next = 0;
    const lane = async () => {
      while (next < batches.length) {
        const batch = batches[next++]!;
        const res = await this.client.send(
          new SendMessageBatchCommand({
            QueueUrl: this.urls[queue],
            Entries: batch.map((job, i) => ({ Id: String(i), MessageBody: JSON.stringify(job) })),
          }),
        );
        if (res.Failed && res.Failed.length > 0) {
          throw new Error(`${res.Failed.length} of ${batch.length} ${queue} jobs were not queued`);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(BATCHES_AT_ONCE, batches.length) }, lane));
  }
}

/** SQS takes at most ten messages a batch. */
const SQS_BATCH = 10;
/** Batches in flight at once: 10,000 jobs in a few seconds without a burst of a thousand requests. */
const BATCHES_AT_ONCE = 8;
