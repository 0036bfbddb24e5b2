import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { z } from 'zod';
import type { RouteAuth } from '../../../../shared/api/routes';
import { AppError } from '../../../../lambdas/core/errors';
import { httpHandler, type HttpEvent, type HttpRequest } from '../../../../lambdas/core/http';
import { markAccountClosed, setAccountStateReader } from '../../../../lambdas/usecases/account-state';
import { captureLogs, lambdaContext } from '../support';

type Claims = Record<string, string | number | boolean | string[]>;

function apiEvent(
  overrides: {
    body?: string;
    headers?: Record<string, string>;
    query?: Record<string, string>;
    params?: Record<string, string>;
    claims?: Claims;
    isBase64Encoded?: boolean;
  } = {},
): HttpEvent {
  return {
    version: '2.0',
    routeKey: 'POST /api/things/{id}',
    rawPath: '/api/things/1',
    rawQueryString: '',
    headers: overrides.headers ?? { 'content-type': 'application/json' },
    body: overrides.body,
    isBase64Encoded: overrides.isBase64Encoded ?? false,
    queryStringParameters: overrides.query,
    pathParameters: overrides.params,
    requestContext: {
      accountId: '123456789012',
      apiId: 'api',
      domainName: 'api.example.com',
      domainPrefix: 'api',
      requestId: 'req-123',
      routeKey: 'POST /api/things/{id}',
      stage: '$default',
      time: '22/Nov/2026:12:00:00 +0000',
      timeEpoch: 0,
      http: {
        method: 'POST',
        path: '/api/things/1',
        protocol: 'HTTP/1.1',
        sourceIp: '203.0.113.7',
        userAgent: 'jest',
      },
      ...(overrides.claims ? { authorizer: { jwt: { claims: overrides.claims, scopes: null } } } : {}),
    },
  };
}

type AnyRequest = HttpRequest<unknown, unknown, unknown>;

/** Runs a handler built with httpHandler and returns its response with the body parsed. */
async function invoke(
  handler: ReturnType<typeof httpHandler>,
  event: HttpEvent,
): Promise<{ status: number; headers: Record<string, string>; body: Record<string, unknown>; raw: string }> {
  const res = (await handler(event, lambdaContext())) as APIGatewayProxyStructuredResultV2;
  const raw = res.body ?? '';
  return {
    status: res.statusCode!,
    headers: res.headers as Record<string, string>,
    body: JSON.parse(raw) as Record<string, unknown>,
    raw,
  };
}

const handlerThat = (
  fn: (req: AnyRequest) => Promise<{ status?: number; body?: unknown }>,
  auth: RouteAuth = 'public',
) => httpHandler({ auth }, fn as never);

let logs: ReturnType<typeof captureLogs>;
beforeEach(() => {
  logs = captureLogs();
});
afterEach(() => logs.restore());

describe('an HTTP handler', () => {
  it('answers 200 with the JSON result and the request id header', async () => {
    const handler = handlerThat(async () => ({ body: { hello: 'world' } }));

    const res = await invoke(handler, apiEvent());

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ hello: 'world' });
    expect(res.headers).toMatchObject({
      'content-type': 'application/json; charset=utf-8',
      'x-request-id': 'req-123',
    });
  });

  it('passes the validated body, query and path parameters to the handler', async () => {
    let seen: AnyRequest | undefined;
    const handler = httpHandler(
      {
        auth: 'public',
        body: z.object({ title: z.string() }),
        query: z.object({ page: z.coerce.number() }),
        params: z.object({ id: z.string() }),
      },
      async (req) => {
        seen = req as AnyRequest;
        return {};
      },
    );

    await invoke(
      handler,
      apiEvent({ body: '{"title":"契約書"}', query: { page: '2' }, params: { id: 'doc-1' } }),
    );

    expect(seen?.body).toEqual({ title: '契約書' });
    expect(seen?.query).toEqual({ page: 2 });
    expect(seen?.params).toEqual({ id: 'doc-1' });
    expect(seen?.ip).toBe('203.0.113.7');
  });

  it('reads a base64-encoded JSON body', async () => {
    let seen: unknown;
    const handler = httpHandler({ auth: 'public', body: z.object({ a: z.number() }) }, async (req) => {
      seen = req.body;
      return {};
    });

    await invoke(
      handler,
      apiEvent({ body: Buffer.from('{"a":1}').toString('base64'), isBase64Encoded: true }),
    );

    expect(seen).toEqual({ a: 1 });
  });

  it('refuses a body that fails its schema with 400 errors.validation and the refused paths', async () => {
    const handler = httpHandler(
      { auth: 'public', body: z.object({ title: z.string().max(5), pages: z.number() }) },
      async () => ({}),
    );

    const res = await invoke(handler, apiEvent({ body: JSON.stringify({ title: 'far too long' }) }));

    expect(res.status).toBe(400);
    const error = res.body.error as { code: string; requestId: string; details: { path: string }[] };
    expect(error.code).toBe('errors.validation');
    expect(error.requestId).toBe('req-123');
    expect(error.details.map((d) => d.path).sort()).toEqual(['body.pages', 'body.title']);
  });

  it.each([
    ['query', { query: { page: 'x' } }, 'query.page'],
    ['path parameters', { params: { id: '' } }, 'params.id'],
  ])('refuses invalid %s with 400 errors.validation', async (_what, event, path) => {
    const handler = httpHandler(
      {
        auth: 'public',
        query: z.object({ page: z.coerce.number().optional() }),
        params: z.object({ id: z.string().min(1).optional() }),
      },
      async () => ({}),
    );

    const res = await invoke(handler, apiEvent(event));

    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: 'errors.validation',
      details: [expect.objectContaining({ path })],
    });
  });

  it('refuses a body that is not JSON with 400 errors.badRequest', async () => {
    const res = await invoke(
      handlerThat(async () => ({})),
      apiEvent({ body: '{"title":' }),
    );

    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'errors.badRequest' });
  });

  it('refuses a body of another content type with 415 errors.unsupportedMediaType', async () => {
    const event = apiEvent({
      body: 'title=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });

    const res = await invoke(
      handlerThat(async () => ({})),
      event,
    );

    expect(res.status).toBe(415);
    expect(res.body.error).toMatchObject({ code: 'errors.unsupportedMediaType' });
  });

  it('maps an AppError to its status and message key, logged at info rather than error', async () => {
    const handler = handlerThat(async () => {
      throw new AppError('errors.notFound', 'Document not found');
    });

    const res = await invoke(handler, apiEvent());

    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      error: { code: 'errors.notFound', message: 'Document not found', requestId: 'req-123' },
    });
    expect(res.headers['x-request-id']).toBe('req-123');
    expect(logs.entries()).toContainEqual(
      expect.objectContaining({ level: 'info', code: 'errors.notFound', status: 404, requestId: 'req-123' }),
    );
    expect(logs.entries().filter((e) => e.level === 'error')).toEqual([]);
  });

  it('answers an AppError with a specific message key and an explicit status', async () => {
    const handler = handlerThat(async () => {
      throw new AppError('errors.planLimitReached', 'No contracts left', {
        status: 402,
        details: { left: 0 },
      });
    });

    const res = await invoke(handler, apiEvent());

    expect(res.status).toBe(402);
    expect(res.body.error).toMatchObject({ code: 'errors.planLimitReached', details: { left: 0 } });
  });

  it('hides an unexpected error behind a 500 errors.internal that carries only the request id', async () => {
    const handler = handlerThat(async () => {
      throw new Error('secret internals');
    });

    const res = await invoke(handler, apiEvent());

    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      error: { code: 'errors.internal', message: 'Internal error', requestId: 'req-123' },
    });
    expect(res.raw).not.toContain('secret internals');
    expect(res.headers['x-request-id']).toBe('req-123');
  });

  it('logs an unexpected error as one JSON line at level error with the request id', async () => {
    const handler = handlerThat(async () => {
      throw new Error('secret internals');
    });

    await invoke(handler, apiEvent());

    const errors = logs.entries().filter((e) => e.level === 'error');
    expect(errors).toEqual([
      expect.objectContaining({
        requestId: 'req-123',
        route: 'POST /api/things/{id}',
        err: expect.objectContaining({ name: 'Error', message: 'secret internals' }),
      }),
    ]);
  });

  it('falls back to the Lambda request id when the gateway gives none', async () => {
    const event = apiEvent();
    event.requestContext.requestId = '';

    const res = await invoke(
      handlerThat(async () => ({})),
      event,
    );

    expect(res.headers['x-request-id']).toBe('aws-req-1');
  });
});

describe('an owner route', () => {
  // Every owner request asks whether the account is closed (issue #13); here no account is.
  const reads: string[] = [];
  beforeEach(() => {
    reads.length = 0;
    setAccountStateReader(async (userId) => {
      reads.push(userId);
      return { closed: userId === 'closed-1' };
    });
  });

  it("refuses a closed account's still-valid token with 401, and caches the answer", async () => {
    let ran = false;
    const handler = handlerThat(async () => {
      ran = true;
      return {};
    }, 'owner');
    const event = apiEvent({ claims: { sub: 'closed-1', email: 'c@example.com' } });

    const first = await invoke(handler, event);
    const second = await invoke(handler, event);

    expect(first.status).toBe(401);
    expect(first.body.error).toMatchObject({ code: 'account.errors.closed' });
    expect(second.status).toBe(401);
    expect(ran).toBe(false);
    expect(reads).toEqual(['closed-1']);
  });

  it('refuses an account closed in this container at once, though its open state was cached', async () => {
    const handler = handlerThat(async () => ({}), 'owner');
    const event = apiEvent({ claims: { sub: 'open-1', email: 'o@example.com' } });
    expect((await invoke(handler, event)).status).toBe(200);

    markAccountClosed('open-1');

    expect((await invoke(handler, event)).status).toBe(401);
    expect(reads).toEqual(['open-1']);
  });

  it('refuses a request without JWT claims with 401 before running the handler', async () => {
    let ran = false;
    const handler = handlerThat(async () => {
      ran = true;
      return {};
    }, 'owner');

    const res = await invoke(handler, apiEvent());

    expect(res.status).toBe(401);
    expect(res.body.error).toMatchObject({ code: 'errors.unauthorized' });
    expect(ran).toBe(false);
  });

  it.each([
    [
      'with a name and a boolean email_verified',
      { sub: 'u-1', email: 'hanako@example.com', email_verified: true, name: '山田 花子' },
      { sub: 'u-1', email: 'hanako@example.com', emailVerified: true, name: '山田 花子' },
    ],
    [
      'with email_verified as a string and no name',
      { sub: 'u-2', email: 'taro.yamada@example.com', email_verified: 'true' },
      { sub: 'u-2', email: 'taro.yamada@example.com', emailVerified: true, name: 'taro.yamada' },
    ],
    [
      'with an unverified e-mail',
      { sub: 'u-3', email: 'jiro@example.com', email_verified: 'false', name: '' },
      { sub: 'u-3', email: 'jiro@example.com', emailVerified: false, name: 'jiro' },
    ],
  ])('gives the handler the signed-in user from claims %s', async (_case, claims, user) => {
    let seen: AnyRequest['user'] = null;
    const handler = handlerThat(async (req) => {
      seen = req.user;
      return {};
    }, 'owner');

    const res = await invoke(handler, apiEvent({ claims }));

    expect(res.status).toBe(200);
    expect(seen).toEqual(user);
  });
});
