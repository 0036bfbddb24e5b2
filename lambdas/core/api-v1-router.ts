// The public REST API's router (issue #31 item 2): one function behind the route table's one
// `/api/v1/{proxy+}` entry routes by the v1 registry (shared/api/v1), authenticates the API key,
// checks the route's scope, validates with the registry's schemas, applies Idempotency-Key to POSTs,
// and answers every error in one shape with its message in the caller's language.
import type { APIGatewayProxyResultV2 } from 'aws-lambda';
import type * as z from 'zod';
import type { ApiPrincipal, ApiScope } from '../../shared/domain/api-keys';
import { errorMessage } from '../../shared/i18n/api-errors';
import type { Locale } from '../../shared/i18n/core';
import {
  IDEMPOTENCY_HEADER,
  V1_PREFIX,
  compileV1Path,
  idempotencyKeySchema,
  type V1Route,
} from '../../shared/api/v1/registry';
import { AppError, isAppError, unavailableError } from './errors';
import { fromOurOrigin, json, type HttpEvent } from './http';
import type { Logger } from './logger';
import type { RequestFacts } from '../usecases/history';
import {
  requestFingerprint,
  withIdempotency,
  type IdempotencyStore,
  type StoredAnswer,
} from '../usecases/idempotency';

/** What an operation is given: the key's principal (null on a public route) and the checked input. */
export interface V1Request {
  readonly principal: ApiPrincipal | null;
  readonly params: Record<string, unknown>;
  readonly query: Record<string, unknown>;
  readonly body: unknown;
  readonly facts: RequestFacts;
  readonly requestId: string;
  readonly log: Logger;
}

export type V1Operation = (req: V1Request) => Promise<StoredAnswer | { status?: number; body: unknown }>;

export interface V1RouterDeps {
  readonly routes: readonly V1Route[];
  readonly operations: Readonly<Record<string, V1Operation>>;
  /** The API key's check (lambdas/usecases/api-keys.ts): 401, 403 or 429 AppErrors. */
  readonly authenticate: (authorization: string | undefined, now: Date) => Promise<ApiPrincipal>;
  /** 403 unless the principal holds the scope. */
  readonly requireScope: (principal: ApiPrincipal, scope: ApiScope) => void;
  readonly idempotency: () => IdempotencyStore;
  readonly now: () => Date;
}

/** The locale of an Accept-Language header: the first of ja, ko, en by preference (q), else en. */
export function localeOfAcceptLanguage(header: string | undefined): Locale {
  if (!header) return 'en';
  const ranked = header
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)).find(Boolean);
      return { tag: tag.trim().toLowerCase(), q: q ? Number(q[1]) : 1, i };
    })
    .filter((r) => r.tag && Number.isFinite(r.q) && r.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const { tag } of ranked) {
    const primary = tag.split('-')[0];
    if (primary === 'ja' || primary === 'jp') return 'ja';
    if (primary === 'ko') return 'ko';
    if (primary === 'en') return 'en';
  }
  return 'en';
}

/** The v1 error shape, its message in `locale` (the English one given when the code has none). */
export function v1ErrorBody(err: AppError, requestId: string, locale: Locale) {
  const values =
    err.details && typeof err.details === 'object' && !Array.isArray(err.details)
      ? Object.fromEntries(
          Object.entries(err.details as Record<string, unknown>).filter(
            (e): e is [string, string | number] => typeof e[1] === 'string' || typeof e[1] === 'number',
          ),
        )
      : {};
  return {
    error: {
      code: err.code,
      message: errorMessage(err.code, locale, values) ?? err.message,
      requestId,
      ...(err.details === undefined ? {} : { details: err.details }),
    },
  };
}

function v1ErrorResponse(
  err: unknown,
  requestId: string,
  locale: Locale,
  log: Logger,
): APIGatewayProxyResultV2 {
  let appError: AppError;
  if (isAppError(err)) {
    appError = err;
    if (err.status >= 500) log.error('v1 request failed', { code: err.code, err });
    else log.info('v1 request refused', { code: err.code, status: err.status });
  } else {
    const unavailable = unavailableError(err);
    if (unavailable) {
      log.error('v1 request failed: a dependency did not answer', { code: unavailable.code, err });
      appError = unavailable;
    } else {
      log.error('v1 unhandled error', { err });
      appError = new AppError('errors.internal', 'Internal error');
    }
  }
  return json(appError.status, v1ErrorBody(appError, requestId, locale), appError.headers);
}

function validate(schema: z.ZodType | undefined, value: unknown, where: string): unknown {
  if (!schema) return where === 'body' ? undefined : {};
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new AppError('errors.validation', `Invalid request ${where}`, {
    details: result.error.issues.map((i) => ({
      path: [where, ...i.path].join('.'),
      message: i.message,
      code: i.code,
    })),
  });
}

function parseBody(event: HttpEvent): unknown {
  if (event.body === undefined || event.body === null || event.body === '') return undefined;
  const type = (event.headers?.['content-type'] ?? '').toLowerCase();
  if (type && !type.startsWith('application/json')) {
    throw new AppError('errors.unsupportedMediaType', 'Request body must be application/json');
  }
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AppError('errors.badRequest', 'Request body is not valid JSON');
  }
}

interface Compiled {
  readonly route: V1Route;
  readonly regex: RegExp;
  readonly names: string[];
}

/** The route of a method and path under /api/v1: 404 when no path matches, 405 when only others'
 *  methods do. */
export function matchV1Route(compiled: readonly Compiled[], method: string, path: string) {
  const allowed: string[] = [];
  for (const c of compiled) {
    const m = c.regex.exec(path);
    if (!m) continue;
    if (c.route.method !== method) {
      allowed.push(c.route.method);
      continue;
    }
    const params: Record<string, string> = {};
    try {
      c.names.forEach((n, i) => (params[n] = decodeURIComponent(m[i + 1]!)));
    } catch {
      break; // malformed percent-encoding: no such route
    }
    return { route: c.route, params };
  }
  if (allowed.length > 0) {
    throw new AppError('errors.methodNotAllowed', `${path} does not take ${method}`, {
      headers: { allow: [...new Set(allowed)].join(', ') },
    });
  }
  throw new AppError('errors.routeNotFound', `No v1 route for ${method} ${path}`);
}

export function compileV1Routes(routes: readonly V1Route[]): Compiled[] {
  return routes.map((route) => ({ route, ...compileV1Path(route.path) }));
}

/** The v1 router over `deps`: an API Gateway v2 event in, a response out (never a throw). */
export function v1Router(deps: V1RouterDeps) {
  const compiled = compileV1Routes(deps.routes);
  for (const r of deps.routes) {
    if (!deps.operations[r.id]) throw new Error(`v1 route ${r.id} has no operation`);
  }
  return async (event: HttpEvent, requestId: string, log: Logger): Promise<APIGatewayProxyResultV2> => {
    const headers = event.headers ?? {};
    const locale = localeOfAcceptLanguage(headers['accept-language']);
    try {
      if (!fromOurOrigin(event))
        throw new AppError('errors.forbidden', 'Requests must come through the site');
      const method = (event.requestContext.http?.method ?? 'GET').toUpperCase();
      const rawPath = event.rawPath ?? '';
      const path = rawPath.startsWith(`${V1_PREFIX}/`) ? rawPath.slice(V1_PREFIX.length) : rawPath;
      const { route, params } = matchV1Route(compiled, method, path);
      let principal: ApiPrincipal | null = null;
      if (route.scope) {
        principal = await deps.authenticate(headers.authorization, deps.now());
        deps.requireScope(principal, route.scope);
      }
      const rawBody = parseBody(event);
      const req: V1Request = {
        principal,
        params: validate(route.params, params, 'params') as Record<string, unknown>,
        query: validate(route.query, event.queryStringParameters ?? {}, 'query') as Record<string, unknown>,
        body: validate(route.body, rawBody, 'body'),
        facts: {
          ip: event.requestContext.http?.sourceIp ?? '',
          userAgent: event.requestContext.http?.userAgent ?? '',
        },
        requestId,
        log,
      };
      const run = async (): Promise<StoredAnswer> => {
        const out = await deps.operations[route.id]!(req);
        return { status: out.status ?? route.status ?? 200, body: out.body };
      };
      const idempotencyKey = headers[IDEMPOTENCY_HEADER];
      if (method === 'POST' && idempotencyKey !== undefined && principal) {
        if (!idempotencyKeySchema.safeParse(idempotencyKey).success) {
          throw new AppError('apiV1.errors.idempotencyKeyInvalid', 'Invalid Idempotency-Key header', {
            status: 400,
          });
        }
        const answer = await withIdempotency(
          deps.idempotency(),
          {
            apiKeyId: principal.keyId,
            idempotencyKey,
            fingerprint: requestFingerprint(method, path, rawBody),
            now: () => deps.now().getTime(),
          },
          run,
        );
        return json(answer.status, answer.body, answer.replayed ? { 'idempotency-replayed': 'true' } : {});
      }
      const answer = await run();
      return json(answer.status, answer.body);
    } catch (err) {
      return v1ErrorResponse(err, requestId, locale, log);
    }
  };
}
