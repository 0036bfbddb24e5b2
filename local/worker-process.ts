// One queue worker process: the local pollers (local/pollers.ts) for every worker queue, outside the
// local cloud's process. The burst bench (bench/burst.ts) starts the cloud with LOCAL_POLLERS=off and
// runs N of these, with the environment the cloud gives its handlers (its LOCAL_CLOUD_READY line's
// handlerEnv), so that it can count work per process and SIGKILL one mid-run: SQS (the emulator)
// hands that process's in-flight messages to the others once their visibility timeout has passed.
//
// WORKER_TIMINGS_FILE (optional): one JSON line per handled message, appended when its batch ends —
// the queue, the document, the notify message's kind (its idempotency key's first part), when it was
// sent, received and done, and whether it failed. No addresses or names: only ids and times.
import fs from 'node:fs';
import { WORKERS, type WorkerName } from '../shared/api/routes';
import { jobTimeScale, startPollers, type BatchTiming } from './pollers';

function queueUrls(env: NodeJS.ProcessEnv): Record<WorkerName, string> {
  const urls = {} as Record<WorkerName, string>;
  for (const name of WORKERS) {
    const variable = `${name.toUpperCase()}_QUEUE_URL`;
    const url = env[variable];
    if (!url) throw new Error(`${variable} is not set: run with the local cloud's handler environment`);
    urls[name] = url;
  }
  return urls;
}

/** What a timing line says of one message: ids and times only. */
export function timingLines(batch: BatchTiming, pid: number): string[] {
  return batch.messages.map((m) => {
    let docuId: string | undefined;
    let kind: string | undefined;
    try {
      const body = JSON.parse(m.Body ?? '') as { docuId?: unknown; idempotencyKey?: unknown };
      if (typeof body.docuId === 'string') docuId = body.docuId;
      if (typeof body.idempotencyKey === 'string') kind = body.idempotencyKey.split('#')[0];
    } catch {
      // not JSON: the worker fails it; the line still counts it
    }
    return JSON.stringify({
      pid,
      queue: batch.queue,
      messageId: m.MessageId,
      docuId,
      kind,
      attempt: Number(m.Attributes?.ApproximateReceiveCount ?? '1'),
      sentAt: Number(m.Attributes?.SentTimestamp ?? '0'),
      receivedAt: batch.receivedAt,
      doneAt: batch.doneAt,
      batchSize: batch.messages.length,
      failed: batch.failed.has(m.MessageId!),
    });
  });
}

function main() {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const endpoint = process.env.AWS_ENDPOINT_URL_SQS;
  if (!endpoint) throw new Error('AWS_ENDPOINT_URL_SQS is not set');
  const file = process.env.WORKER_TIMINGS_FILE;
  const pollers = startPollers(endpoint, queueUrls(process.env), jobTimeScale(), {
    ...(file
      ? {
          onBatch: (batch: BatchTiming) =>
            fs.appendFileSync(file, timingLines(batch, process.pid).join('\n') + '\n'),
        }
      : {}),
  });
  const stop = async () => {
    await pollers.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  console.log(`WORKER_READY ${process.pid}`);
}

main();
