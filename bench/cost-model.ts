// The AWS bill of one contract (issue #33 item 5), from what the local cloud counted while it ran
// (local/meter.ts) and the gas its transactions used. Pure: unit-tested in test/unit/bench/cost-model.test.ts.
// Prices are AWS's public list prices for us-east-1 (on-demand, after the free tier), arm64 Lambda
// as the CDK app deploys it; docs/performance.md § Cost per contract says where each comes from.
import type { MeterSnapshot } from '../local/meter';
import { QUEUES } from '../shared/infra/definitions';

export const PRICES = {
  /** Lambda arm64: per GB-second, and per request. */
  lambdaGbSecond: 0.0000133334,
  lambdaRequest: 0.2 / 1e6,
  /** API Gateway HTTP API, per request (first 300 million a month). */
  httpApiRequest: 1.0 / 1e6,
  /** DynamoDB on-demand: per write request unit and per read request unit. */
  dynamoWriteUnit: 0.625 / 1e6,
  dynamoReadUnit: 0.125 / 1e6,
  /** DynamoDB storage, per GB-month. */
  dynamoGbMonth: 0.25,
  /** S3 Standard: PUT/COPY/POST/LIST per request, GET/HEAD per request, storage per GB-month. */
  s3Put: 0.005 / 1000,
  s3Get: 0.0004 / 1000,
  s3GbMonth: 0.023,
  /** Data out to the internet (S3 presigned downloads, CloudFront), per GB, first 10 TB a month. */
  transferOutGb: 0.09,
  /** SQS standard queue, per request (64 KB chunk). */
  sqsRequest: 0.4 / 1e6,
  /** SES: per message sent, and per GB of attachments. */
  sesMessage: 0.1 / 1000,
  sesAttachmentGb: 0.12,
  /** SNS SMS to a United States number (base price; carrier fees come on top): per message. */
  snsSmsUs: 0.00581,
} as const;

/** Memory of what the CDK app deploys: API handlers 512 MB (lib/constructs/app-function.ts), workers
 *  their queue's (shared/infra/definitions.ts). */
export const API_FUNCTION_MEMORY_MB = 512;

export function functionMemoryMb(name: string): number {
  if (name.startsWith('worker:')) {
    const queue = name.slice('worker:'.length) as keyof typeof QUEUES;
    return QUEUES[queue]?.workerMemoryMb ?? API_FUNCTION_MEMORY_MB;
  }
  return API_FUNCTION_MEMORY_MB;
}

export interface ChainCost {
  /** Gas used by the contract's transactions (mints). */
  gas: number;
  /** Price of gas, in gwei, and of the chain's native coin, in US dollars: assumptions, not measurements. */
  gasPriceGwei: number;
  nativeUsd: number;
}

export interface ContractUsage {
  meter: MeterSnapshot;
  /** Messages that reached the mailbox: e-mails (SES) and text messages (SNS in AWS). */
  emails: number;
  emailAttachmentBytes: number;
  sms: number;
  chain: ChainCost;
}

export interface CostLine {
  readonly what: string;
  readonly quantity: string;
  readonly usd: number;
}

const GB = 1024 ** 3;
/** SQS requests per message a Lambda event source handles: the send, the receive, the delete (batches
 *  of one; a batch of ten shares its receive and delete). */
const SQS_REQUESTS_PER_MESSAGE = 3;

/**
 * Each line of one contract's bill. Lambda's time is the measured wall-clock time of each invocation
 * on this machine (docs: how it compares with Lambda's CPU share); storage is one month of what the
 * contract keeps (S3 bytes uploaded).
 */
export function contractCost(usage: ContractUsage): CostLine[] {
  const { meter } = usage;
  const lines: CostLine[] = [];
  const gbSeconds = lambdaGbSeconds(meter);
  let invocations = 0;
  let apiRequests = 0;
  for (const [name, inv] of Object.entries(meter.lambda)) {
    invocations += inv.count;
    if (name.startsWith('api:')) apiRequests += inv.count;
  }
  lines.push({
    what: 'Lambda (compute + requests)',
    quantity: `${invocations} invocations, ${gbSeconds.toFixed(2)} GB-s`,
    usd: gbSeconds * PRICES.lambdaGbSecond + invocations * PRICES.lambdaRequest,
  });
  lines.push({
    what: 'API Gateway (HTTP API)',
    quantity: `${apiRequests} requests`,
    usd: apiRequests * PRICES.httpApiRequest,
  });

  let readUnits = 0;
  let writeUnits = 0;
  for (const d of Object.values(meter.dynamodb)) {
    readUnits += d.readUnits;
    writeUnits += d.writeUnits;
  }
  lines.push({
    what: 'DynamoDB (on-demand)',
    quantity: `${writeUnits.toFixed(0)} WRU, ${readUnits.toFixed(1)} RRU`,
    usd: writeUnits * PRICES.dynamoWriteUnit + readUnits * PRICES.dynamoReadUnit,
  });

  let puts = 0;
  let gets = 0;
  let bytesIn = 0;
  let bytesOut = 0;
  for (const [method, s] of Object.entries(meter.s3)) {
    if (method === 'GET' || method === 'HEAD') gets += s.requests;
    else if (method !== 'OPTIONS') puts += s.requests;
    bytesIn += s.bytesIn;
    bytesOut += s.bytesOut;
  }
  lines.push({
    what: 'S3 requests',
    quantity: `${puts} PUT/POST/DELETE, ${gets} GET/HEAD`,
    usd: puts * PRICES.s3Put + gets * PRICES.s3Get,
  });
  lines.push({
    what: 'S3 storage, one month',
    quantity: `${(bytesIn / 1e6).toFixed(2)} MB stored`,
    usd: (bytesIn / GB) * PRICES.s3GbMonth,
  });
  lines.push({
    what: 'Data out (downloads)',
    quantity: `${(bytesOut / 1e6).toFixed(2)} MB`,
    usd: (bytesOut / GB) * PRICES.transferOutGb,
  });

  const sqsRequests = meter.sqsMessages * SQS_REQUESTS_PER_MESSAGE;
  lines.push({
    what: 'SQS',
    quantity: `${meter.sqsMessages} messages, ~${sqsRequests} requests`,
    usd: sqsRequests * PRICES.sqsRequest,
  });
  lines.push({
    what: 'SES (e-mail)',
    quantity: `${usage.emails} messages, ${(usage.emailAttachmentBytes / 1e6).toFixed(2)} MB attached`,
    usd: usage.emails * PRICES.sesMessage + (usage.emailAttachmentBytes / GB) * PRICES.sesAttachmentGb,
  });
  lines.push({ what: 'SNS (SMS, US)', quantity: `${usage.sms} messages`, usd: usage.sms * PRICES.snsSmsUs });
  const { gas, gasPriceGwei, nativeUsd } = usage.chain;
  lines.push({
    what: 'Chain (gas)',
    quantity: `${gas} gas at ${gasPriceGwei} gwei, coin $${nativeUsd}`,
    usd: gas * gasPriceGwei * 1e-9 * nativeUsd,
  });
  return lines;
}

/** Lambda's billed compute: each function's time × its deployed memory, in GB-seconds. */
export function lambdaGbSeconds(meter: MeterSnapshot): number {
  let gbSeconds = 0;
  for (const [name, inv] of Object.entries(meter.lambda)) {
    gbSeconds += (functionMemoryMb(name) / 1024) * (inv.totalMs / 1000);
  }
  return gbSeconds;
}

export function total(lines: readonly CostLine[]): number {
  return lines.reduce((sum, l) => sum + l.usd, 0);
}
