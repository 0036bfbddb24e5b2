// A dependency that stalls (issue #36): a TCP server that accepts every connection and never answers
// stands in for DynamoDB, S3 and SQS. Every SDK client of lambdas/adapters/aws.ts gives up within the
// documented bound (lambdas/adapters/sdk-bounds.ts), and an API handler answers 503
// errors.unavailable with Retry-After instead of waiting without end.
import net from 'node:net';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { GetQueueAttributesCommand } from '@aws-sdk/client-sqs';
import { GetScheduleGroupCommand } from '@aws-sdk/client-scheduler';
import { resetConfigCache } from '../../../../lambdas/config';
import { setDeps } from '../../../../lambdas/deps';
import { dynamo, s3, schedulerClient, sqs } from '../../../../lambdas/adapters/aws';
import { SDK_STALL_BOUND_MS, SDK_TIMEOUTS } from '../../../../lambdas/adapters/sdk-bounds';
import { AppError, unavailableError, UNAVAILABLE_RETRY_AFTER_SECONDS } from '../../../../lambdas/core/errors';
import type { HttpEvent } from '../../../../lambdas/core/http';
import { handler as me } from '../../../../lambdas/handlers/me';
import { captureLogs, lambdaContext } from '../support';

let stalled: net.Server;
const held: net.Socket[] = [];
const savedEnv = { ...process.env };

beforeAll(async () => {
  stalled = net.createServer((socket) => {
    held.push(socket); // accepted, read, never answered
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => stalled.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(stalled.address() as net.AddressInfo).port}`;
  Object.assign(process.env, {
    AWS_ACCESS_KEY_ID: 'test',
    AWS_SECRET_ACCESS_KEY: 'test',
    AWS_ENDPOINT_URL_DYNAMODB: url,
    AWS_ENDPOINT_URL_S3: url,
    AWS_ENDPOINT_URL_SQS: url,
    AWS_ENDPOINT_URL_SCHEDULER: url,
    AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: url,
    TABLE_NAME: 'stalled',
    DOCUMENTS_BUCKET: 'stalled',
    SEAL_QUEUE_URL: `${url}/000000000000/seal`,
    ANCHOR_QUEUE_URL: `${url}/000000000000/anchor`,
    NOTIFY_QUEUE_URL: `${url}/000000000000/notify`,
    BULK_QUEUE_URL: `${url}/000000000000/bulk`,
    SCHEDULE_QUEUE_URL: `${url}/000000000000/schedule`,
    TSA_URLS: `${url}/tsa`,
    USER_POOL_ID: 'us-east-1_stalled',
    USER_POOL_CLIENT_ID: 'stalled',
    MAIL_FROM: 'SignSeal <no-reply@example.com>',
    APP_URL: 'https://app.example.com',
    S3_FORCE_PATH_STYLE: 'true',
  });
  resetConfigCache();
  setDeps(undefined);
});

afterAll(async () => {
  for (const s of held) s.destroy();
  await new Promise((r) => stalled.close(r));
  for (const key of Object.keys(process.env)) if (!(key in savedEnv)) delete process.env[key];
  Object.assign(process.env, savedEnv);
  resetConfigCache();
  setDeps(undefined);
});

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; outcome: T | unknown }> {
  const started = Date.now();
  const outcome = await work().catch((err: unknown) => err);
  return { ms: Date.now() - started, outcome };
}

describe('a stalled dependency', () => {
  it('fails each SDK client with a TimeoutError after its tries, within the bound', async () => {
    const results = await Promise.all([
      timed(() => dynamo().send(new GetItemCommand({ TableName: 'stalled', Key: { pk: { S: 'x' } } }))),
      timed(() => s3().send(new HeadObjectCommand({ Bucket: 'stalled', Key: 'x' }))),
      timed(() =>
        sqs().send(
          new GetQueueAttributesCommand({ QueueUrl: process.env.SEAL_QUEUE_URL, AttributeNames: ['All'] }),
        ),
      ),
      // EventBridge Scheduler (issue #28): the client the reminders and expiries are scheduled with.
      timed(() => schedulerClient().send(new GetScheduleGroupCommand({ Name: 'stalled' }))),
    ]);
    for (const { ms, outcome } of results) {
      expect((outcome as Error).name).toBe('TimeoutError');
      expect((outcome as { $metadata?: { attempts?: number } }).$metadata?.attempts).toBe(
        SDK_TIMEOUTS.maxAttempts,
      );
      // Both tries waited their silence out; the whole call ended within the documented bound.
      expect(ms).toBeGreaterThanOrEqual(SDK_TIMEOUTS.maxAttempts * SDK_TIMEOUTS.socketTimeoutMs - 100);
      expect(ms).toBeLessThan(SDK_STALL_BOUND_MS + 3000); // + slack for 2 busy cores
    }
    expect(SDK_STALL_BOUND_MS).toBeLessThanOrEqual(10_000);
  }, 60_000);

  it('answers an API call with 503 errors.unavailable and Retry-After, not a wait without end', async () => {
    const logs = captureLogs();
    const event = {
      version: '2.0',
      routeKey: 'GET /api/me',
      rawPath: '/api/me',
      rawQueryString: '',
      headers: {},
      isBase64Encoded: false,
      requestContext: {
        requestId: 'req-stalled',
        routeKey: 'GET /api/me',
        http: {
          method: 'GET',
          path: '/api/me',
          protocol: 'HTTP/1.1',
          sourceIp: '203.0.113.7',
          userAgent: 'jest',
        },
        authorizer: {
          jwt: { claims: { sub: 'user-1', email: 'owner@example.com', name: 'Owner' }, scopes: null },
        },
      },
    } as unknown as HttpEvent;
    const { ms, outcome } = await timed(
      async () => (await me(event, lambdaContext())) as APIGatewayProxyStructuredResultV2,
    );
    logs.restore();
    const res = outcome as APIGatewayProxyStructuredResultV2;
    expect(res.statusCode).toBe(503);
    expect(res.headers?.['retry-after']).toBe(String(UNAVAILABLE_RETRY_AFTER_SECONDS));
    expect(JSON.parse(res.body!)).toMatchObject({
      error: { code: 'errors.unavailable', details: { retryAfterSeconds: UNAVAILABLE_RETRY_AFTER_SECONDS } },
    });
    expect(ms).toBeLessThan(SDK_STALL_BOUND_MS + 3000);
    // The operator's log has the cause; the caller's answer does not.
    // (ElectroDB wraps the SDK's TimeoutError: the mapping looks at the error and its cause.)
    expect(logs.text()).toContain('timed out after 4000 ms');
    expect(res.body).not.toContain('timed out');
  }, 60_000);
});

describe('unavailableError', () => {
  const sdkError = (name: string, extra: Record<string, unknown> = {}) =>
    Object.assign(new Error(name), { name, ...extra });

  it('turns timeouts, broken connections, throttling and server faults into a retryable 503', () => {
    for (const err of [
      sdkError('TimeoutError'),
      sdkError('Error', { code: 'ECONNREFUSED' }),
      sdkError('Error', { code: 'ECONNRESET' }),
      sdkError('ProvisionedThroughputExceededException', {
        $fault: 'client',
        $metadata: { httpStatusCode: 400 },
      }),
      sdkError('InternalServerError', { $fault: 'server', $metadata: { httpStatusCode: 500 } }),
      new Error('wrapped', { cause: sdkError('TimeoutError') }),
    ]) {
      const mapped = unavailableError(err);
      expect(mapped).toBeInstanceOf(AppError);
      expect(mapped).toMatchObject({ code: 'errors.unavailable', status: 503 });
      expect(mapped!.headers).toEqual({ 'retry-after': String(UNAVAILABLE_RETRY_AFTER_SECONDS) });
    }
  });

  it('leaves everything else alone: refusals, bugs, client faults', () => {
    for (const err of [
      new AppError('errors.notFound', 'No such document'),
      new TypeError('x is undefined'),
      sdkError('ConditionalCheckFailedException', { $fault: 'client', $metadata: { httpStatusCode: 400 } }),
      sdkError('Error', { code: 'ENOTFOUND' }),
      'a string',
      undefined,
    ]) {
      expect(unavailableError(err)).toBeUndefined();
    }
  });
});
