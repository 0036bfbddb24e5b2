// The cost model of one contract (bench/cost-model.ts) and the local meter it reads (local/meter.ts).
import { DynamoDBClient, GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import {
  PRICES,
  contractCost,
  functionMemoryMb,
  lambdaGbSeconds,
  total,
  type ContractUsage,
} from '../../../bench/cost-model';
import {
  countS3,
  meterClient,
  meterSnapshot,
  resetMeter,
  timed,
  type MeterSnapshot,
} from '../../../local/meter';
import { QUEUES } from '../../../shared/infra/definitions';

function usage(meter: Partial<MeterSnapshot>, extra: Partial<ContractUsage> = {}): ContractUsage {
  return {
    meter: { lambda: {}, dynamodb: {}, s3: {}, calls: {}, sqsMessages: 0, ...meter },
    emails: 0,
    emailAttachmentBytes: 0,
    sms: 0,
    chain: { gas: 0, gasPriceGwei: 0, nativeUsd: 0 },
    ...extra,
  };
}

const line = (u: ContractUsage, what: string) => contractCost(u).find((l) => l.what.startsWith(what))!;

describe('the cost of one contract', () => {
  test('Lambda: time × the deployed memory (API 512 MB, the seal worker its queue’s), plus requests', () => {
    expect(functionMemoryMb('api:documents')).toBe(512);
    expect(functionMemoryMb('worker:seal')).toBe(QUEUES.seal.workerMemoryMb);
    const u = usage({
      lambda: {
        'api:documents': { count: 4, totalMs: 2000, maxMs: 900 },
        'worker:seal': { count: 1, totalMs: 1000, maxMs: 1000 },
      },
    });
    const gbs = 0.5 * 2 + (QUEUES.seal.workerMemoryMb / 1024) * 1;
    expect(lambdaGbSeconds(u.meter)).toBeCloseTo(gbs, 10);
    expect(line(u, 'Lambda').usd).toBeCloseTo(gbs * PRICES.lambdaGbSecond + 5 * PRICES.lambdaRequest, 12);
    // Only the API's invocations pass through API Gateway.
    expect(line(u, 'API Gateway').usd).toBeCloseTo(4 * PRICES.httpApiRequest, 12);
  });

  test('DynamoDB, S3, SQS, SES, SNS and gas each priced from what was counted', () => {
    const u = usage(
      {
        dynamodb: {
          PutItem: { calls: 3, readUnits: 0, writeUnits: 6 },
          Query: { calls: 2, readUnits: 1, writeUnits: 0 },
        },
        s3: {
          PUT: { requests: 2, bytesIn: 2 * 1024 ** 3, bytesOut: 0 },
          GET: { requests: 5, bytesIn: 0, bytesOut: 1024 ** 3 },
          OPTIONS: { requests: 9, bytesIn: 0, bytesOut: 0 },
        },
        sqsMessages: 4,
      },
      {
        emails: 7,
        emailAttachmentBytes: 1024 ** 3,
        sms: 2,
        chain: { gas: 100_000, gasPriceGwei: 10, nativeUsd: 2 },
      },
    );
    expect(line(u, 'DynamoDB').usd).toBeCloseTo(6 * PRICES.dynamoWriteUnit + 1 * PRICES.dynamoReadUnit, 12);
    // CORS preflights are not billed requests.
    expect(line(u, 'S3 requests').usd).toBeCloseTo(2 * PRICES.s3Put + 5 * PRICES.s3Get, 12);
    expect(line(u, 'S3 storage').usd).toBeCloseTo(2 * PRICES.s3GbMonth, 12);
    expect(line(u, 'Data out').usd).toBeCloseTo(PRICES.transferOutGb, 12);
    expect(line(u, 'SQS').usd).toBeCloseTo(12 * PRICES.sqsRequest, 12);
    expect(line(u, 'SES').usd).toBeCloseTo(7 * PRICES.sesMessage + PRICES.sesAttachmentGb, 12);
    expect(line(u, 'SNS').usd).toBeCloseTo(2 * PRICES.snsSmsUs, 12);
    expect(line(u, 'Chain').usd).toBeCloseTo(100_000 * 10e-9 * 2, 12);
    expect(total(contractCost(u))).toBeCloseTo(
      contractCost(u).reduce((s, l) => s + l.usd, 0),
      12,
    );
  });
});

describe('the local meter', () => {
  const saved = process.env.LOCAL_METER;
  afterEach(() => {
    if (saved === undefined) delete process.env.LOCAL_METER;
    else process.env.LOCAL_METER = saved;
    resetMeter();
  });

  test('counts nothing unless LOCAL_METER=1', async () => {
    delete process.env.LOCAL_METER;
    await timed('api:x', async () => 1);
    countS3('GET', 0, 10);
    expect(meterSnapshot()).toEqual({ lambda: {}, dynamodb: {}, s3: {}, calls: {}, sqsMessages: 0 });
  });

  test('times invocations (failed ones too) and adds up S3 requests and bytes', async () => {
    process.env.LOCAL_METER = '1';
    await timed('worker:seal', async () => 1);
    await expect(timed('worker:seal', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    countS3('PUT', 100, 0);
    countS3('PUT', 50, 0);
    const m = meterSnapshot();
    expect(m.lambda['worker:seal']!.count).toBe(2);
    expect(m.s3.PUT).toEqual({ requests: 2, bytesIn: 150, bytesOut: 0 });
    resetMeter();
    expect(meterSnapshot().lambda).toEqual({});
  });

  test('asks DynamoDB for its consumed capacity and adds reads and writes apart; counts SQS batch entries', async () => {
    process.env.LOCAL_METER = '1';
    const dynamo = new DynamoDBClient({
      region: 'us-east-1',
      credentials: { accessKeyId: 'a', secretAccessKey: 'b' },
    });
    const seen: unknown[] = [];
    // Answer in place of DynamoDB, after the meter has set its input.
    dynamo.middlewareStack.add(
      () => async (args) => {
        seen.push((args.input as { ReturnConsumedCapacity?: string }).ReturnConsumedCapacity);
        const write = (args.input as { Item?: unknown }).Item !== undefined;
        return {
          output: { $metadata: {}, ConsumedCapacity: write ? { CapacityUnits: 2 } : { CapacityUnits: 0.5 } },
          response: {},
        };
      },
      { step: 'build', name: 'fakeDynamo' },
    );
    meterClient('dynamodb', dynamo);
    await dynamo.send(new PutItemCommand({ TableName: 't', Item: { pk: { S: 'a' } } }));
    await dynamo.send(new GetItemCommand({ TableName: 't', Key: { pk: { S: 'a' } } }));
    expect(seen).toEqual(['TOTAL', 'TOTAL']);

    const sqs = new SQSClient({
      region: 'us-east-1',
      endpoint: 'http://q',
      useQueueUrlAsEndpoint: false,
      credentials: { accessKeyId: 'a', secretAccessKey: 'b' },
    });
    sqs.middlewareStack.add(() => async () => ({ output: { $metadata: {} }, response: {} }), {
      step: 'build',
      name: 'fakeSqs',
    });
    meterClient('sqs', sqs);
    await sqs.send(
      new SendMessageBatchCommand({
        QueueUrl: 'http://q',
        Entries: [
          { Id: '1', MessageBody: 'a' },
          { Id: '2', MessageBody: 'b' },
        ],
      }),
    );
    const m = meterSnapshot();
    expect(m.dynamodb.PutItem).toEqual({ calls: 1, readUnits: 0, writeUnits: 2 });
    expect(m.dynamodb.GetItem).toEqual({ calls: 1, readUnits: 0.5, writeUnits: 0 });
    expect(m.sqsMessages).toBe(2);
    expect(m.calls['sqs:SendMessageBatch']).toBe(1);
  });
});
