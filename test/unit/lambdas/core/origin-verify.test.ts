// Deployed, CloudFront adds x-origin-verify with a secret to every API request; a request that reached
// the API around CloudFront (and its WAF) lacks it and is refused before the handler runs.
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { httpHandler, ORIGIN_VERIFY_HEADER, type HttpEvent } from '../../../../lambdas/core/http';
import { captureLogs, lambdaContext } from '../support';

const SECRET = 'Zq7t4WcKp2vR9sLm3XyB8nHd6FgJ1aEu5TkQ0oPiVwCz';

function event(headers: Record<string, string>): HttpEvent {
  return {
    version: '2.0',
    routeKey: 'GET /api/health',
    rawPath: '/api/health',
    rawQueryString: '',
    headers,
    isBase64Encoded: false,
    requestContext: {
      accountId: '123456789012',
      apiId: 'api',
      domainName: 'abc.execute-api.ap-northeast-1.amazonaws.com',
      domainPrefix: 'abc',
      requestId: 'req-1',
      routeKey: 'GET /api/health',
      stage: '$default',
      time: '23/Nov/2026:12:00:00 +0000',
      timeEpoch: 0,
      http: {
        method: 'GET',
        path: '/api/health',
        protocol: 'HTTP/1.1',
        sourceIp: '203.0.113.7',
        userAgent: 'jest',
      },
    },
  };
}

let ran: number;
const handler = httpHandler({ auth: 'public' }, async () => {
  ran += 1;
  return { body: { ok: true } };
});

async function call(headers: Record<string, string>) {
  const res = (await handler(event(headers), lambdaContext())) as APIGatewayProxyStructuredResultV2;
  return { status: res.statusCode, body: JSON.parse(res.body ?? '{}') as { error?: { code: string } } };
}

let logs: ReturnType<typeof captureLogs>;
beforeEach(() => {
  ran = 0;
  logs = captureLogs();
});
afterEach(() => {
  logs.restore();
  delete process.env.ORIGIN_VERIFY_SECRET;
});

describe('with ORIGIN_VERIFY_SECRET set (deployed)', () => {
  beforeEach(() => {
    process.env.ORIGIN_VERIFY_SECRET = SECRET;
  });

  test('refuses a request without the header with 403 errors.forbidden, before the handler runs', async () => {
    const res = await call({});
    expect(res.status).toBe(403);
    expect(res.body.error?.code).toBe('errors.forbidden');
    expect(ran).toBe(0);
  });

  test.each([
    ['a wrong value', 'x'.repeat(SECRET.length)],
    ['a prefix of it', SECRET.slice(0, 10)],
    ['it with more after it', `${SECRET}x`],
    ['an empty value', ''],
  ])('refuses %s', async (_, value) => {
    expect((await call({ [ORIGIN_VERIFY_HEADER]: value })).status).toBe(403);
    expect(ran).toBe(0);
  });

  test('serves a request that carries the secret', async () => {
    const res = await call({ [ORIGIN_VERIFY_HEADER]: SECRET });
    expect(res.status).toBe(200);
    expect(ran).toBe(1);
  });

  test('never logs the secret', async () => {
    await call({ [ORIGIN_VERIFY_HEADER]: 'wrong' });
    await call({ [ORIGIN_VERIFY_HEADER]: SECRET });
    expect(logs.text()).not.toContain(SECRET);
    expect(logs.text()).toContain('request refused');
  });
});

test('without ORIGIN_VERIFY_SECRET (the local cloud) checks nothing', async () => {
  expect((await call({})).status).toBe(200);
  expect(ran).toBe(1);
});
