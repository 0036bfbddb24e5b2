// The v1 router (issue #31 item 2): routes by the registry, 404/405 in the v1 error shape, the key's
// check and scope before anything else, validation with details (400, never 500), translated messages
// by Accept-Language, Idempotency-Key on POSTs, and an unknown failure that reveals only the request id.
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import * as z from 'zod';
import type { ApiPrincipal, ApiScope } from '../../../../shared/domain/api-keys';
import type { V1Route } from '../../../../shared/api/v1/registry';
import { AppError } from '../../../../lambdas/core/errors';
import type { HttpEvent } from '../../../../lambdas/core/http';
import {
  localeOfAcceptLanguage,
  v1Router,
  type V1Operation,
  type V1Request,
} from '../../../../lambdas/core/api-v1-router';
import { MemoryIdempotencyStore } from '../idempotency-fake';
import { silentLog } from '../support';

const KEY = 'Bearer ssk_abc_secret';
const principal = (scopes: ApiScope[]): ApiPrincipal => ({
  userId: 'u1',
  user: { sub: 'u1', email: 'o@example.com', emailVerified: true, name: 'Owner' },
  keyId: 'k1',
  scopes,
});

const ROUTES: V1Route[] = [
  {
    id: 'getThing',
    method: 'GET',
    path: '/things/{id}',
    scope: 'documents:read',
    tag: 'documents',
    summary: 'Get',
    params: z.object({ id: z.string().min(2) }),
    query: z.object({ limit: z.coerce.number().int().max(5).default(1) }).strict(),
    response: z.object({}),
  },
  {
    id: 'makeThing',
    method: 'POST',
    path: '/things',
    scope: 'documents:write',
    tag: 'documents',
    summary: 'Make',
    body: z.object({ name: z.string().min(1) }).strict(),
    response: z.object({}),
    status: 201,
  },
  {
    id: 'open',
    method: 'GET',
    path: '/openapi.json',
    scope: null,
    tag: 'meta',
    summary: 'Open',
    response: z.object({}),
  },
];

function setup(opts: { scopes?: ApiScope[]; auth?: (h: string | undefined) => Promise<ApiPrincipal> } = {}) {
  const calls: V1Request[] = [];
  let made = 0;
  const operations: Record<string, V1Operation> = {
    getThing: async (req) => {
      calls.push(req);
      return { body: { id: req.params.id, limit: req.query.limit } };
    },
    makeThing: async (req) => {
      calls.push(req);
      made += 1;
      return { body: { made, name: (req.body as { name: string }).name } };
    },
    open: async (req) => {
      calls.push(req);
      return { body: { openapi: '3.1.0' } };
    },
  };
  const store = new MemoryIdempotencyStore();
  const authenticated: (string | undefined)[] = [];
  const route = v1Router({
    routes: ROUTES,
    operations,
    authenticate:
      opts.auth ??
      (async (h) => {
        authenticated.push(h);
        if (h !== KEY) throw new AppError('apiKeys.errors.unknown', 'No such API key', { status: 401 });
        return principal(opts.scopes ?? ['documents:read', 'documents:write']);
      }),
    requireScope: (p, scope) => {
      if (!p.scopes.includes(scope))
        throw new AppError('apiKeys.errors.scope', 'Lacks scope', { status: 403 });
    },
    idempotency: () => store,
    now: () => new Date('2026-11-28T12:00:00Z'),
  });
  const call = async (
    method: string,
    path: string,
    init: { headers?: Record<string, string>; body?: string; query?: Record<string, string> } = {},
  ) => {
    const event = {
      version: '2.0',
      routeKey: 'ANY /api/v1/{proxy+}',
      rawPath: `/api/v1${path}`,
      rawQueryString: '',
      headers: { authorization: KEY, 'content-type': 'application/json', ...init.headers },
      body: init.body,
      isBase64Encoded: false,
      queryStringParameters: init.query,
      requestContext: {
        requestId: 'req-1',
        routeKey: 'ANY /api/v1/{proxy+}',
        http: {
          method,
          path: `/api/v1${path}`,
          protocol: 'HTTP/1.1',
          sourceIp: '203.0.113.9',
          userAgent: 'curl/8',
        },
      },
    } as unknown as HttpEvent;
    const res = (await route(event, 'req-1', silentLog)) as APIGatewayProxyStructuredResultV2;
    return {
      status: res.statusCode!,
      headers: (res.headers ?? {}) as Record<string, string>,
      body: JSON.parse(res.body ?? 'null') as Record<string, any>, // eslint-disable-line @typescript-eslint/no-explicit-any
    };
  };
  return { call, calls, store, authenticated, made: () => made };
}

describe('v1Router', () => {
  it('routes to the operation with checked params, query, facts and the principal', async () => {
    const t = setup();
    const res = await t.call('GET', '/things/ab', { query: { limit: '3' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: 'ab', limit: 3 });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(t.calls[0]!.principal?.keyId).toBe('k1');
    expect(t.calls[0]!.facts).toEqual({ ip: '203.0.113.9', userAgent: 'curl/8' });
  });

  it('answers an unknown path 404 in the v1 shape, before any key check', async () => {
    const t = setup();
    const res = await t.call('GET', '/nope');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      error: {
        code: 'errors.routeNotFound',
        message: 'This API endpoint does not exist.',
        requestId: 'req-1',
      },
    });
    expect(t.authenticated).toEqual([]);
  });

  it('answers a known path with another method 405 with Allow', async () => {
    const t = setup();
    const res = await t.call('DELETE', '/things');
    expect(res.status).toBe(405);
    expect(res.body.error.code).toBe('errors.methodNotAllowed');
    expect(res.headers.allow).toBe('POST');
  });

  it("refuses a request without a valid key with the key check's error", async () => {
    const t = setup();
    const res = await t.call('GET', '/things/ab', { headers: { authorization: 'Bearer nope' } });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('apiKeys.errors.unknown');
    expect(t.calls).toEqual([]);
  });

  it("refuses a key without the route's scope (403) before running anything", async () => {
    const t = setup({ scopes: ['documents:read'] });
    const res = await t.call('POST', '/things', { body: '{"name":"x"}' });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('apiKeys.errors.scope');
    expect(t.made()).toBe(0);
  });

  it('serves a public route without a key', async () => {
    const t = setup();
    const res = await t.call('GET', '/openapi.json', { headers: { authorization: '' } });
    expect(res.status).toBe(200);
    expect(t.authenticated).toEqual([]);
    expect(t.calls[0]!.principal).toBeNull();
  });

  it.each([
    ['a bad path parameter', 'GET', '/things/a', {}, 'params.id'],
    ['a bad query value', 'GET', '/things/ab', { query: { limit: '9' } }, 'query.limit'],
    ['an unknown query parameter', 'GET', '/things/ab', { query: { other: '1' } }, 'query'],
    ['a missing body', 'POST', '/things', {}, 'body'],
    ['a bad body field', 'POST', '/things', { body: '{"name":""}' }, 'body.name'],
    ['an unknown body field', 'POST', '/things', { body: '{"name":"x","extra":1}' }, 'body'],
  ] as const)(
    'refuses %s with 400 errors.validation and its path',
    async (_what, method, path, init, where) => {
      const t = setup();
      const res = await t.call(method, path, init);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('errors.validation');
      expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(where);
      expect(t.calls).toEqual([]);
    },
  );

  it('refuses a body that is not JSON (400) or not application/json (415)', async () => {
    const t = setup();
    expect((await t.call('POST', '/things', { body: '{nope' })).body.error.code).toBe('errors.badRequest');
    const typed = await t.call('POST', '/things', {
      body: 'name=x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(typed.status).toBe(415);
    expect(typed.body.error.code).toBe('errors.unsupportedMediaType');
  });

  it('translates the message by Accept-Language and keeps the code', async () => {
    const t = setup();
    const ja = await t.call('GET', '/nope', { headers: { 'accept-language': 'ja-JP,ja;q=0.9,en;q=0.8' } });
    expect(ja.body.error.code).toBe('errors.routeNotFound');
    expect(ja.body.error.message).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    const ko = await t.call('GET', '/nope', { headers: { 'accept-language': 'ko' } });
    expect(ko.body.error.message).toMatch(/[\uac00-\ud7af]/);
    const fr = await t.call('GET', '/nope', { headers: { 'accept-language': 'fr' } });
    expect(fr.body.error.message).toBe('This API endpoint does not exist.');
  });

  it('keeps the English message of a code without a catalogue message', async () => {
    const t = setup({
      auth: async () => {
        throw new AppError('some.unknownCode', 'Plain English', { status: 409 });
      },
    });
    const res = await t.call('GET', '/things/ab', { headers: { 'accept-language': 'ja' } });
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({
      code: 'some.unknownCode',
      message: 'Plain English',
      requestId: 'req-1',
    });
  });

  it('answers an unexpected failure 500 with the request id only', async () => {
    const t = setup({
      auth: async () => {
        throw new Error('secret internals');
      },
    });
    const res = await t.call('GET', '/things/ab');
    expect(res.status).toBe(500);
    expect(res.body.error.code).toBe('errors.internal');
    expect(JSON.stringify(res.body)).not.toContain('secret internals');
  });

  it('passes a 429 with its Retry-After through', async () => {
    const t = setup({
      auth: async () => {
        throw new AppError('apiKeys.errors.rateLimited', 'Slow down', {
          status: 429,
          headers: { 'retry-after': '7' },
        });
      },
    });
    const res = await t.call('GET', '/things/ab');
    expect(res.status).toBe(429);
    expect(res.headers['retry-after']).toBe('7');
  });

  describe('Idempotency-Key', () => {
    it('replays a retried POST with the same key and body (201 again, run once)', async () => {
      const t = setup();
      const headers = { 'idempotency-key': 'order-1' };
      const first = await t.call('POST', '/things', { body: '{"name":"x"}', headers });
      const again = await t.call('POST', '/things', { body: '{ "name": "x" }', headers });
      expect(first.status).toBe(201);
      expect(again.status).toBe(201);
      expect(again.body).toEqual(first.body);
      expect(again.headers['idempotency-replayed']).toBe('true');
      expect(first.headers['idempotency-replayed']).toBeUndefined();
      expect(t.made()).toBe(1);
    });

    it('refuses the key with another body (422)', async () => {
      const t = setup();
      const headers = { 'idempotency-key': 'order-1' };
      await t.call('POST', '/things', { body: '{"name":"x"}', headers });
      const other = await t.call('POST', '/things', { body: '{"name":"y"}', headers });
      expect(other.status).toBe(422);
      expect(other.body.error.code).toBe('apiV1.errors.idempotencyMismatch');
      expect(t.made()).toBe(1);
    });

    it('runs each POST without a key', async () => {
      const t = setup();
      await t.call('POST', '/things', { body: '{"name":"x"}' });
      await t.call('POST', '/things', { body: '{"name":"x"}' });
      expect(t.made()).toBe(2);
    });

    it.each([['a'.repeat(256)], ['has space'], ['ünicode']])('refuses the key %j (400)', async (key) => {
      const t = setup();
      const res = await t.call('POST', '/things', {
        body: '{"name":"x"}',
        headers: { 'idempotency-key': key },
      });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('apiV1.errors.idempotencyKeyInvalid');
      expect(t.made()).toBe(0);
    });

    it('does not keep a refused request: the same key may then be used', async () => {
      const t = setup();
      const headers = { 'idempotency-key': 'k' };
      expect((await t.call('POST', '/things', { body: '{"name":""}', headers })).status).toBe(400);
      expect((await t.call('POST', '/things', { body: '{"name":"ok"}', headers })).status).toBe(201);
    });
  });
});

describe('localeOfAcceptLanguage', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['ja', 'ja'],
    ['ja-JP', 'ja'],
    ['ko-KR,ko;q=0.9', 'ko'],
    ['fr-FR,ko;q=0.5,ja;q=0.8', 'ja'],
    ['en;q=0.1,ko;q=0.2', 'ko'],
    ['de', 'en'],
    ['ja;q=0', 'en'],
  ])('%j → %s', (header, locale) => {
    expect(localeOfAcceptLanguage(header)).toBe(locale);
  });
});
