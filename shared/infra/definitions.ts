// Plain data (no CDK imports) describing the stateful resources once. Read by the CDK constructs in
// lib/ and by the local cloud (local/provision.ts), so both create the same table, buckets, queues and
// user pool, and by the handlers and the SPA (retention, metric names, the password policy). It lives in
// shared/ because all of them read it: an import from lambdas/ or web/ into lib/ would climb the wrong
// way (issue #26, .dependency-cruiser.cjs).

export interface IndexDefinition {
  readonly name: string;
  readonly partitionKey: string;
  readonly sortKey: string;
}

export const TABLE = {
  partitionKey: 'pk',
  sortKey: 'sk',
  /** Epoch seconds; DynamoDB deletes expired items (signer tokens, idempotency records). */
  ttlAttribute: 'ttl',
  indexes: [
    { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { name: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
    { name: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
  ] as readonly IndexDefinition[],
} as const;

export interface QueueDefinition {
  /** Seconds a received message stays hidden; must exceed the worker's timeout. */
  readonly visibilityTimeoutSeconds: number;
  /** Receives before a message moves to the dead-letter queue. */
  readonly maxReceiveCount: number;
  /** Records per SQS event given to the worker. */
  readonly batchSize: number;
  /** Worker Lambda timeout, seconds. */
  readonly workerTimeoutSeconds: number;
  readonly workerMemoryMb: number;
  /** At most this many workers at once (the SQS event source's maximum concurrency, ≥ 2): a bounded
   *  rate. @default - no bound beyond the account's */
  readonly maxConcurrency?: number;
  /** The worker sets a failed message's visibility itself (its own backoff, e.g. webhooks); the local
   *  pollers then leave it as the worker set it. @default false */
  readonly workerSetsRetryDelay?: boolean;
}

type Queue = 'seal' | 'anchor' | 'notify' | 'bulk' | 'schedule' | 'webhook';

export const QUEUES: Record<Queue, QueueDefinition> = {
  seal: {
    visibilityTimeoutSeconds: 180,
    maxReceiveCount: 5,
    batchSize: 1,
    workerTimeoutSeconds: 120,
    workerMemoryMb: 1024,
  },
  // Ten documents a batch, handled at once (issue #33): their mints are sent one after another and
  // share blocks, their certificates are made beside them (lambdas/workers/anchor.ts).
  anchor: {
    visibilityTimeoutSeconds: 180,
    maxReceiveCount: 10,
    batchSize: 10,
    workerTimeoutSeconds: 120,
    workerMemoryMb: 512,
  },
  notify: {
    visibilityTimeoutSeconds: 60,
    maxReceiveCount: 5,
    batchSize: 10,
    workerTimeoutSeconds: 30,
    workerMemoryMb: 512,
  },
  // Bulk send (issue #27 item 6): ten rows a message, each made and sent as one contract, five at
  // once; two workers at most, so a 10,000-row bulk goes out at a bounded rate, not all at once.
  bulk: {
    visibilityTimeoutSeconds: 120,
    maxReceiveCount: 5,
    batchSize: 1,
    workerTimeoutSeconds: 90,
    workerMemoryMb: 512,
    maxConcurrency: 2,
  },
  // Scheduled work (issue #28): reminders and expiries delivered by the Scheduler when due, ten a
  // batch; each checks its document again and queues its messages (a few table calls, no PDF).
  schedule: {
    visibilityTimeoutSeconds: 60,
    maxReceiveCount: 5,
    batchSize: 10,
    workerTimeoutSeconds: 30,
    workerMemoryMb: 512,
  },
  // Webhook deliveries (issue #31 item 3, decision 159): ten a batch, POSTed at once, each within 10 s;
  // a failed one is hidden by the worker for its backoff (5 s … 8 h, shared/domain/webhooks.ts) and
  // dead-lettered after its 11th attempt, about a day after the first.
  webhook: {
    visibilityTimeoutSeconds: 60,
    maxReceiveCount: 11,
    batchSize: 10,
    workerTimeoutSeconds: 30,
    workerMemoryMb: 256,
    workerSetsRetryDelay: true,
  },
};

/** The metric the sweep publishes each run (issue #20), as a CloudWatch embedded-metric-format log
 *  line (no PutMetricData permission needed): documents owing a seal (Generating) for longer than the
 *  sweep's minimum age, dimension FunctionName = the sweep function. The CDK alarms on it. */
export const STUCK_METRIC = {
  namespace: 'SignSeal',
  name: 'DocumentsStuckInGenerating',
  dimension: 'FunctionName',
} as const;

/** Dead-letter queues keep failed messages for 14 days (the SQS maximum). */
export const DLQ_RETENTION_SECONDS = 14 * 24 * 3600;

export interface CorsRule {
  readonly allowedMethods: readonly ('GET' | 'PUT' | 'POST' | 'HEAD')[];
  readonly allowedHeaders: readonly string[];
  readonly exposedHeaders: readonly string[];
  readonly maxAgeSeconds: number;
}

/** Browsers upload and download documents and videos straight to S3 through presigned URLs. */
export const DOCUMENTS_BUCKET_CORS: CorsRule = {
  allowedMethods: ['GET', 'PUT', 'POST', 'HEAD'],
  allowedHeaders: ['*'],
  exposedHeaders: ['ETag'],
  maxAgeSeconds: 3000,
};

export const USER_POOL = {
  passwordPolicy: {
    minLength: 8,
    requireLowercase: true,
    requireUppercase: true,
    requireDigits: true,
    requireSymbols: false,
  },
  /** Custom attributes kept on the Cognito user (the product's own profile lives in DynamoDB). */
  clientAuthFlows: ['USER_PASSWORD_AUTH', 'USER_SRP_AUTH', 'REFRESH_TOKEN_AUTH'] as const,
  accessTokenValidityMinutes: 60,
  refreshTokenValidityDays: 30,
} as const;
