// Nothing invokes Lambdas locally: these pollers receive SQS batches and call the worker handlers
// with SQS events, the way Lambda's event source mapping does (with ReportBatchItemFailures).
// Succeeded records are deleted; failed ones become visible again after a short back-off and, past
// the queue's maxReceiveCount, the emulator's redrive moves them to the dead-letter queue.
import {
  ChangeMessageVisibilityCommand,
  DeleteMessageBatchCommand,
  ReceiveMessageCommand,
  SQSClient,
  type Message,
} from '@aws-sdk/client-sqs';
import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { QUEUES } from '../lib/definitions';
import { WORKERS, type WorkerName } from '../shared/api/routes';

type Worker = (event: SQSEvent, context: Context) => Promise<SQSBatchResponse>;

/** Seconds before a failed record is retried locally (AWS waits the queue's visibility timeout). */
const RETRY_BACKOFF_SECONDS = 2;

function toEvent(messages: Message[], queueArn: string): SQSEvent {
  return {
    Records: messages.map((m) => ({
      messageId: m.MessageId!,
      receiptHandle: m.ReceiptHandle!,
      body: m.Body ?? '',
      attributes: {
        ApproximateReceiveCount: m.Attributes?.ApproximateReceiveCount ?? '1',
        SentTimestamp: m.Attributes?.SentTimestamp ?? String(Date.now()),
        SenderId: 'local',
        ApproximateFirstReceiveTimestamp:
          m.Attributes?.ApproximateFirstReceiveTimestamp ?? String(Date.now()),
      },
      messageAttributes: {},
      md5OfBody: m.MD5OfBody ?? '',
      eventSource: 'aws:sqs',
      eventSourceARN: queueArn,
      awsRegion: 'us-east-1',
    })),
  };
}

export interface Pollers {
  stop(): Promise<void>;
}

export function startPollers(endpoint: string, queueUrls: Record<WorkerName, string>): Pollers {
  const client = new SQSClient({
    region: 'us-east-1',
    endpoint,
    useQueueUrlAsEndpoint: false,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  let running = true;
  const abort = new AbortController();

  async function poll(name: WorkerName) {
    const { handler } = (await import(`../lambdas/workers/${name}.ts`)) as { handler: Worker };
    const QueueUrl = queueUrls[name];
    while (running) {
      try {
        const res = await client.send(
          new ReceiveMessageCommand({
            QueueUrl,
            MaxNumberOfMessages: QUEUES[name].batchSize,
            WaitTimeSeconds: 1,
            MessageSystemAttributeNames: ['All'],
          }),
          { abortSignal: abort.signal },
        );
        const messages = res.Messages ?? [];
        if (!messages.length) continue;
        const context = {
          awsRequestId: `local-${name}-${Date.now()}`,
          functionName: `local-${name}`,
        } as Context;
        let failed = new Set<string>();
        try {
          const out = await handler(toEvent(messages, `arn:aws:sqs:us-east-1:000000000000:${name}`), context);
          failed = new Set(out.batchItemFailures.map((f) => f.itemIdentifier));
        } catch {
          failed = new Set(messages.map((m) => m.MessageId!)); // whole batch failed
        }
        const done = messages.filter((m) => !failed.has(m.MessageId!));
        if (done.length) {
          await client.send(
            new DeleteMessageBatchCommand({
              QueueUrl,
              Entries: done.map((m, i) => ({ Id: String(i), ReceiptHandle: m.ReceiptHandle! })),
            }),
          );
        }
        for (const m of messages.filter((x) => failed.has(x.MessageId!))) {
          await client
            .send(
              new ChangeMessageVisibilityCommand({
                QueueUrl,
                ReceiptHandle: m.ReceiptHandle!,
                VisibilityTimeout: RETRY_BACKOFF_SECONDS,
              }),
            )
            .catch(() => undefined);
        }
      } catch (err) {
        if (!running) break;
        console.error(
          JSON.stringify({ level: 'error', msg: 'queue poll failed', queue: name, err: String(err) }),
        );
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
  }

  const loops = WORKERS.map((name) => poll(name));
  return {
    async stop() {
      running = false;
      abort.abort();
      await Promise.allSettled(loops);
    },
  };
}
