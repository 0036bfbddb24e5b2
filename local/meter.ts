// What one contract costs to run (issue #33 item 5): the local cloud counts, when LOCAL_METER=1, what
// AWS would bill for — each Lambda invocation and its duration (API handlers and queue workers), the
// DynamoDB capacity units the table reports (ReturnConsumedCapacity TOTAL on every call), S3 requests
// and bytes (every request through the local S3 front: the handlers' SDK calls and the browsers'
// presigned uploads and downloads), and the SQS, SES and SNS calls. GET /local/meter answers the
// counts; POST /local/meter/reset zeroes them (bench/cost.ts). Local only: nothing here is deployed,
// and with LOCAL_METER unset nothing is counted and no request is changed.
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';

export interface Invocations {
  count: number;
  totalMs: number;
  maxMs: number;
}

export interface MeterSnapshot {
  /** Per function (`api:<handler>` or `worker:<queue>`): invocations and their wall-clock time. */
  lambda: Record<string, Invocations>;
  /** Per DynamoDB operation: calls, and the read and write capacity units the table reported. */
  dynamodb: Record<string, { calls: number; readUnits: number; writeUnits: number }>;
  /** Per S3 method: requests, bytes received (uploads) and sent (downloads). */
  s3: Record<string, { requests: number; bytesIn: number; bytesOut: number }>;
  /** Per service and operation (`sqs:SendMessage`, `ses:SendRawEmail`, `sns:Publish`): calls. */
  calls: Record<string, number>;
  /** SQS messages: each SendMessage counts 1, each batch entry 1 (SQS bills per 64 KB chunk; ours are small). */
  sqsMessages: number;
}

function empty(): MeterSnapshot {
  return { lambda: {}, dynamodb: {}, s3: {}, calls: {}, sqsMessages: 0 };
}

let state = empty();

export function meterEnabled(env: Record<string, string | undefined> = process.env): boolean {
  return env.LOCAL_METER === '1';
}

export function meterSnapshot(): MeterSnapshot {
  return structuredClone(state);
}

export function resetMeter(): void {
  state = empty();
}

/** Counts one invocation of `name` and how long `run` took (rejections too, as Lambda bills them). */
export async function timed<T>(name: string, run: () => Promise<T>): Promise<T> {
  if (!meterEnabled()) return run();
  const started = performance.now();
  try {
    return await run();
  } finally {
    const ms = performance.now() - started;
    const row = (state.lambda[name] ??= { count: 0, totalMs: 0, maxMs: 0 });
    row.count += 1;
    row.totalMs += ms;
    row.maxMs = Math.max(row.maxMs, ms);
  }
}

/** One S3 request through the local front: its method, and the bytes each way. */
export function countS3(method: string, bytesIn: number, bytesOut: number): void {
  if (!meterEnabled()) return;
  const row = (state.s3[method] ??= { requests: 0, bytesIn: 0, bytesOut: 0 });
  row.requests += 1;
  row.bytesIn += bytesIn;
  row.bytesOut += bytesOut;
}

interface CapacityLike {
  ReadCapacityUnits?: number;
  WriteCapacityUnits?: number;
  CapacityUnits?: number;
}

/** Operations that accept ReturnConsumedCapacity. */
const CAPACITY_OPERATIONS = new Set([
  'GetItemCommand',
  'PutItemCommand',
  'UpdateItemCommand',
  'DeleteItemCommand',
  'QueryCommand',
  'ScanCommand',
  'BatchGetItemCommand',
  'BatchWriteItemCommand',
  'TransactGetItemsCommand',
  'TransactWriteItemsCommand',
]);

const WRITES = /Put|Update|Delete|Write/;

/** The read and write units of one call's ConsumedCapacity (one entry, or one per table). */
function units(operation: string, consumed: unknown): { read: number; write: number } {
  const list = (Array.isArray(consumed) ? consumed : consumed ? [consumed] : []) as CapacityLike[];
  let read = 0;
  let write = 0;
  for (const c of list) {
    if (c.ReadCapacityUnits !== undefined || c.WriteCapacityUnits !== undefined) {
      read += c.ReadCapacityUnits ?? 0;
      write += c.WriteCapacityUnits ?? 0;
    } else if (WRITES.test(operation)) write += c.CapacityUnits ?? 0;
    else read += c.CapacityUnits ?? 0;
  }
  return { read, write };
}

/** Counts every command `client` sends as `service:<Operation>`; for DynamoDB, asks for and adds up
 *  the consumed capacity; for SQS, the messages sent. */
export function meterClient(service: 'dynamodb' | 'sqs' | 'ses' | 'sns', client: object): void {
  if (!meterEnabled()) return;
  // Every SDK v3 client has the same middleware stack; DynamoDB's type stands for all of them.
  (client as DynamoDBClient).middlewareStack.add(
    (next, context) => async (args) => {
      const command = String(context.commandName ?? 'Unknown');
      const operation = command.replace(/Command$/, '');
      const input = args.input as Record<string, unknown>;
      if (service === 'dynamodb' && CAPACITY_OPERATIONS.has(command)) input.ReturnConsumedCapacity = 'TOTAL';
      const out = await next(args);
      state.calls[`${service}:${operation}`] = (state.calls[`${service}:${operation}`] ?? 0) + 1;
      if (service === 'dynamodb') {
        const { read, write } = units(
          command,
          (out.output as { ConsumedCapacity?: unknown }).ConsumedCapacity,
        );
        const row = (state.dynamodb[operation] ??= { calls: 0, readUnits: 0, writeUnits: 0 });
        row.calls += 1;
        row.readUnits += read;
        row.writeUnits += write;
      }
      if (service === 'sqs' && operation === 'SendMessage') state.sqsMessages += 1;
      if (service === 'sqs' && operation === 'SendMessageBatch') {
        state.sqsMessages += (input.Entries as unknown[] | undefined)?.length ?? 0;
      }
      return out;
    },
    { step: 'initialize', name: 'localMeter' },
  );
}
