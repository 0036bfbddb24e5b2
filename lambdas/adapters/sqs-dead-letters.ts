// The sweep's hold on one queue's dead-letter queue (issue #36): it receives the dead-lettered
// messages (hidden while it decides), sends a message back to its queue with its body unchanged — so
// the job keeps its idempotency key — and deletes it from the DLQ, or makes a message it leaves
// visible again at once, for the admin Jobs page and the next run.
import {
  ChangeMessageVisibilityCommand,
  DeleteMessageCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';

/** The message attribute that counts the sweep's re-queues of one job (SQS keeps a message's
 *  attributes when it moves it to the dead-letter queue). */
export const SWEEP_REQUEUES_ATTRIBUTE = 'SweepRequeues';

export interface HeldDeadLetter {
  readonly messageId: string;
  readonly body: string;
  readonly receiptHandle: string;
  /** When the message was sent to its queue (by the app, or by the sweep's last re-queue), epoch ms. */
  readonly sentAt: number;
  /** How many times the sweep re-queued this job before. */
  readonly requeues: number;
}

export interface DeadLetterQueue {
  /** Up to `max` (≤ 10) dead-lettered messages, hidden from other readers for `holdSeconds`. */
  receive(max: number, holdSeconds: number): Promise<HeldDeadLetter[]>;
  /** Sends the body back to the queue, counting one more re-queue, then deletes it from the DLQ. */
  requeue(message: HeldDeadLetter): Promise<void>;
  /** Leaves the message in the DLQ, visible again at once. */
  release(message: HeldDeadLetter): Promise<void>;
}

export class SqsDeadLetterQueue implements DeadLetterQueue {
  constructor(
    private readonly client: SQSClient,
    private readonly queueUrl: string,
    private readonly deadLetterUrl: string,
  ) {}

  async receive(max: number, holdSeconds: number): Promise<HeldDeadLetter[]> {
    const res = await this.client.send(
      new ReceiveMessageCommand({
        QueueUrl: this.deadLetterUrl,
        MaxNumberOfMessages: Math.min(10, Math.max(1, max)),
        VisibilityTimeout: holdSeconds,
        // A short wait asks every SQS server (a short poll samples some, and may miss a few messages).
        WaitTimeSeconds: 1,
        MessageSystemAttributeNames: ['SentTimestamp'],
        MessageAttributeNames: [SWEEP_REQUEUES_ATTRIBUTE],
      }),
    );
    return (res.Messages ?? []).map((m) => ({
      messageId: m.MessageId ?? '',
      body: m.Body ?? '',
      receiptHandle: m.ReceiptHandle ?? '',
      sentAt: Number(m.Attributes?.SentTimestamp ?? 0) || 0,
      requeues: Number(m.MessageAttributes?.[SWEEP_REQUEUES_ATTRIBUTE]?.StringValue ?? 0) || 0,
    }));
  }

  async requeue(message: HeldDeadLetter): Promise<void> {
    await this.client.send(
      new SendMessageCommand({
        QueueUrl: this.queueUrl,
        MessageBody: message.body,
        MessageAttributes: {
          [SWEEP_REQUEUES_ATTRIBUTE]: { DataType: 'Number', StringValue: String(message.requeues + 1) },
        },
      }),
    );
    await this.client.send(
      new DeleteMessageCommand({ QueueUrl: this.deadLetterUrl, ReceiptHandle: message.receiptHandle }),
    );
  }

  async release(message: HeldDeadLetter): Promise<void> {
    await this.client.send(
      new ChangeMessageVisibilityCommand({
        QueueUrl: this.deadLetterUrl,
        ReceiptHandle: message.receiptHandle,
        VisibilityTimeout: 0,
      }),
    );
  }
}
