// Nothing invokes Lambdas locally: these pollers receive SQS batches and call the worker handlers
// with SQS events, the way Lambda's event source mapping does (with ReportBatchItemFailures).
// Succeeded records are deleted; a failed one becomes visible again when the queue's visibility
// timeout (shared/infra/definitions.ts QUEUES, what the CDK gives each queue) has passed since it was received,
// as in SQS, and past the queue's maxReceiveCount the emulator's redrive moves it to the dead-letter
// queue. Locally that timeout is multiplied by LOCAL_JOB_TIME_SCALE (default 0.05: the notify queue's
// 60 s become 3 s, seal's and anchor's 180 s become 9 s), so a local dead letter means what it means
// in AWS — the job failed maxReceiveCount times, a visibility timeout apart — on a shorter clock.
import {
  ChangeMessageVisibilityCommand,
  DeleteMessageBatchCommand,
  ReceiveMessageCommand,
  SQSClient,
  type Message,
} from '@aws-sdk/client-sqs';
import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { QUEUES } from '../shared/infra/definitions';
import { WORKERS, type WorkerName } from '../shared/api/routes';
import { timed } from './meter';

type Worker = (event: SQSEvent, context: Context) => Promise<SQSBatchResponse>;

/** The local clock's factor on the queues' visibility timeouts, when LOCAL_JOB_TIME_SCALE is unset. */
export const DEFAULT_JOB_TIME_SCALE = 0.05;

/** LOCAL_JOB_TIME_SCALE: a number in (0, 1]; 1 waits exactly as long as SQS does. */
export function jobTimeScale(env: Record<string, string | undefined> = process.env): number {
  const raw = env.LOCAL_JOB_TIME_SCALE;
  if (raw === undefined || raw === '') return DEFAULT_JOB_TIME_SCALE;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0 || value > 1) {
    throw new Error(`LOCAL_JOB_TIME_SCALE must be a number above 0 and at most 1 (got "${raw}").`);
  }
  return value;
}

/** Seconds a failed record stays hidden: the rest of the queue's (scaled) visibility timeout since it
 *  was received, as SQS counts it; never negative. */
export function retryDelaySeconds(queue: WorkerName, scale: number, elapsedMs: number): number {
  const timeoutMs = QUEUES[queue].visibilityTimeoutSeconds * scale * 1000;
  return Math.max(0, Math.ceil((timeoutMs - elapsedMs) / 1000));
}

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

export function startPollers(
  endpoint: string,
  queueUrls: Record<WorkerName, string>,
  scale: number = jobTimeScale(),
): Pollers {
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
        const receivedAt = Date.now();
        const context = {
          awsRequestId: `local-${name}-${Date.now()}`,
          functionName: `local-${name}`,
        } as Context;
        let failed = new Set<string>();
        try {
          const event = toEvent(messages, `arn:aws:sqs:us-east-1:000000000000:${name}`);
          const out = await timed(`worker:${name}`, () => handler(event, context));
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
        const hiddenFor = retryDelaySeconds(name, scale, Date.now() - receivedAt);
        // A worker with its own backoff (webhooks) has hidden its failed messages already.
        const rehide = QUEUES[name].workerSetsRetryDelay
          ? []
          : messages.filter((x) => failed.has(x.MessageId!));
        for (const m of rehide) {
          await client
            .send(
              new ChangeMessageVisibilityCommand({
                QueueUrl,
                ReceiptHandle: m.ReceiptHandle!,
                VisibilityTimeout: hiddenFor,
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

  // As many loops per queue as its event source may run workers at once (one unless bounded).
  const loops = WORKERS.flatMap((name) =>
    Array.from({ length: QUEUES[name].maxConcurrency ?? 1 }, () => poll(name)),
  );
  return {
    async stop() {
      running = false;
      abort.abort();
      await Promise.allSettled(loops);
    },
  };
}
