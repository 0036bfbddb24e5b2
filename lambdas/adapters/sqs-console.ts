// The admin Jobs page's view of the job queues (issue #20): counts of each queue and its dead-letter
// queue, a peek at dead-lettered messages (visibility 0: the peek hides nothing), and a redrive that
// sends each dead-lettered message back to its queue, then deletes it from the DLQ. Every job is
// idempotent (lambdas/jobs.ts), so a message redriven twice costs one duplicate, no double effect.
import {
  DeleteMessageCommand,
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import type { WorkerName } from '../../shared/api/routes';

export interface QueueCounts {
  /** Visible messages: waiting for a worker. */
  readonly waiting: number;
  /** Received, not yet deleted: a worker has them. */
  readonly inFlight: number;
  /** Sent with a delay that has not passed (retries with backoff). */
  readonly delayed: number;
}

export interface DeadLetterMessage {
  readonly messageId: string;
  /** The job body as SQS holds it; the caller keeps only what is not personal. */
  readonly body: string;
  /** How many times SQS delivered it (its queue's tries, then the peeks). */
  readonly attempts: number;
  /** When it was first sent, ISO 8601. */
  readonly sentAt: string | undefined;
}

export interface JobsConsole {
  counts(queue: WorkerName): Promise<{ queue: QueueCounts; deadLetter: QueueCounts }>;
  peekDeadLetters(queue: WorkerName, max: number): Promise<DeadLetterMessage[]>;
  /** Moves up to `max` dead-lettered messages back; answers how many moved. */
  redrive(queue: WorkerName, max: number): Promise<number>;
}

/** The messages waiting in a queue, not yet received (ApproximateNumberOfMessages): the sweep's
 *  backlog check (issue #33). */
export async function waitingMessages(client: SQSClient, url: string): Promise<number> {
  const res = await client.send(
    new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: ['ApproximateNumberOfMessages'] }),
  );
  return Number(res.Attributes?.ApproximateNumberOfMessages ?? 0) || 0;
}

export class SqsJobsConsole implements JobsConsole {
  constructor(
    private readonly client: SQSClient,
    private readonly urls: Record<WorkerName, string>,
    private readonly deadLetterUrls: Record<WorkerName, string>,
  ) {}

  private async countsOf(url: string): Promise<QueueCounts> {
    const res = await this.client.send(
      new GetQueueAttributesCommand({
        QueueUrl: url,
        AttributeNames: [
          'ApproximateNumberOfMessages',
          'ApproximateNumberOfMessagesNotVisible',
          'ApproximateNumberOfMessagesDelayed',
        ],
      }),
    );
    const n = (name: string) => Number(res.Attributes?.[name as never] ?? 0) || 0;
    return {
      waiting: n('ApproximateNumberOfMessages'),
      inFlight: n('ApproximateNumberOfMessagesNotVisible'),
      delayed: n('ApproximateNumberOfMessagesDelayed'),
    };
  }

  async counts(queue: WorkerName) {
    const [main, dead] = await Promise.all([
      this.countsOf(this.urls[queue]),
      this.countsOf(this.deadLetterUrls[queue]),
    ]);
    return { queue: main, deadLetter: dead };
  }

  async peekDeadLetters(queue: WorkerName, max: number): Promise<DeadLetterMessage[]> {
    const res = await this.client.send(
      new ReceiveMessageCommand({
        QueueUrl: this.deadLetterUrls[queue],
        MaxNumberOfMessages: Math.min(10, Math.max(1, max)),
        VisibilityTimeout: 0,
        WaitTimeSeconds: 0,
        MessageSystemAttributeNames: ['ApproximateReceiveCount', 'SentTimestamp'],
      }),
    );
    return (res.Messages ?? []).map((m) => ({
      messageId: m.MessageId ?? '',
      body: m.Body ?? '',
      attempts: Number(m.Attributes?.ApproximateReceiveCount ?? 0) || 0,
      sentAt: m.Attributes?.SentTimestamp
        ? new Date(Number(m.Attributes.SentTimestamp)).toISOString()
        : undefined,
    }));
  }

  async redrive(queue: WorkerName, max: number): Promise<number> {
    let moved = 0;
    while (moved < max) {
      const res = await this.client.send(
        new ReceiveMessageCommand({
          QueueUrl: this.deadLetterUrls[queue],
          MaxNumberOfMessages: Math.min(10, max - moved),
          // Long enough to send and delete; a message left over reappears in the DLQ.
          VisibilityTimeout: 60,
          WaitTimeSeconds: 0,
        }),
      );
      const messages = res.Messages ?? [];
      if (messages.length === 0) break;
      for (const m of messages) {
        await this.client.send(
          new SendMessageCommand({ QueueUrl: this.urls[queue], MessageBody: m.Body ?? '' }),
        );
        await this.client.send(
          new DeleteMessageCommand({ QueueUrl: this.deadLetterUrls[queue], ReceiptHandle: m.ReceiptHandle! }),
        );
        moved++;
      }
    }
    return moved;
  }
}
