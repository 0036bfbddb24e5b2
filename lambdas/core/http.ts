// The one HTTP handler wrapper: middy with request context + structured logs, JSON body parsing,
// zod validation and one error middleware. Handlers stay thin: parse → one use case → result.
import middy from '@middy/core';
import { timingSafeEqual } from 'node:crypto';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2, Context } from 'aws-lambda';
import * as z from 'zod';
import type { RouteAuth } from '../../shared/api/routes';
import { AppError, isAppError, unavailableError } from './errors';
import { createLogger, type Logger } from './logger';
import { isAccountClosed } from '../usecases/account-state';

/** The API Gateway v2 event; the JWT authorizer (or the local cloud's equivalent) adds claims. */
export type HttpEvent = APIGatewayProxyEventV2 & {
  requestContext: APIGatewayProxyEventV2['requestContext'] & {
    authorizer?: {
      jwt?: { claims: Record<string, string | number | boolean | string[]>; scopes?: string[] | null };
    };
  };
};

export interface AuthUser {
  /** Cognito subject: the user's stable id. */
  readonly sub: string;
  readonly email: string;
  readonly emailVerified: boolean;
  readonly name: string;
}

export interface HttpRequest<B, Q, P> {
  readonly event: HttpEvent;
  readonly requestId: string;
  readonly log: Logger;
  readonly body: B;
  readonly query: Q;
  readonly params: P;
  readonly user: AuthUser | null;
  readonly ip: string;
  readonly userAgent: string;
}

export interface HttpResult {
  readonly status?: number;
  readonly body?: unknown;
  readonly headers?: Record<string, string>;
}

type Schema = z.ZodType;
type Out<S> = S extends z.ZodType ? z.infer<S> : undefined;

export interface HttpHandlerOptions<BS, QS, PS> {
  readonly auth: RouteAuth;
  readonly body?: BS;
  readonly query?: QS;
  readonly params?: PS;
}

interface State {
  requestId: string;
  log: Logger;
}

// nosniff: a browser never reads an API answer as anything but JSON (issue #13).
const JSON_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};

export function json(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): APIGatewayProxyResultV2 {
  return { statusCode: status, headers: { ...JSON_HEADERS, ...headers }, body: JSON.stringify(body) };
}

export function errorBody(err: AppError, requestId: string) {
  return {
    error: {
      code: err.code,
      message: err.message,
      requestId,
      ...(err.details === undefined ? {} : { details: err.details }),
    },
  };
}

function claimsToUser(event: HttpEvent): AuthUser | null {
  const claims = event.requestContext.authorizer?.jwt?.claims;
  if (!claims || typeof claims.sub !== 'string') return null;
  const email = typeof claims.email === 'string' ? claims.email : '';
  return {
    sub: claims.sub,
    email,
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    name: typeof claims.name === 'string' && claims.name ? claims.name : (email.split('@')[0] ?? ''),
  };
}

/** Deployed, CloudFront adds this header with a secret to every API request (lib/stacks/app-stack.ts);
 *  a request without it came around CloudFront and its WAF. No ORIGIN_VERIFY_SECRET (locally): no check. */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

export function fromOurOrigin(event: HttpEvent): boolean {
  const secret = process.env.ORIGIN_VERIFY_SECRET;
  if (!secret) return true;
  const given = Buffer.from(event.headers?.[ORIGIN_VERIFY_HEADER] ?? '', 'utf8');
  const expected = Buffer.from(secret, 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function parseBody(event: HttpEvent): unknown {
  if (event.body === undefined || event.body === null || event.body === '') return undefined;
  const type = (event.headers?.['content-type'] ?? event.headers?.['Content-Type'] ?? '').toLowerCase();
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

function validate<S extends Schema | undefined>(schema: S, value: unknown, where: string): Out<S> {
  if (!schema) return undefined as Out<S>;
  const result = schema.safeParse(value);
  if (result.success) return result.data as Out<S>;
  throw new AppError('errors.validation', `Invalid request ${where}`, {
    details: result.error.issues.map((i) => ({
      path: [where, ...i.path].join('.'),
      message: i.message,
      code: i.code,
    })),
  });
}

/** Maps any error to a response; unknown errors become a 500 that reveals only the request id. */
export function errorToResponse(err: unknown, requestId: string, log: Logger): APIGatewayProxyResultV2 {
  if (isAppError(err)) {
    if (err.status >= 500) log.error('request failed', { code: err.code, err });
    else log.info('request refused', { code: err.code, status: err.status });
    return json(err.status, errorBody(err, requestId), err.headers);
  }
  // A dependency that did not answer within the SDK's bounds: 503 with Retry-After, not a 500.
  const unavailable = unavailableError(err);
  if (unavailable) {
    log.error('request failed: a dependency did not answer', { code: unavailable.code, err });
    return json(unavailable.status, errorBody(unavailable, requestId), unavailable.headers);
  }
  log.error('unhandled error', { err });
  const internal = new AppError('errors.internal', 'Internal error');
  return json(500, errorBody(internal, requestId));
}

export function httpHandler<
  BS extends Schema | undefined = undefined,
  QS extends Schema | undefined = undefined,
  PS extends Schema | undefined = undefined,
>(
  options: HttpHandlerOptions<BS, QS, PS>,
  fn: (req: HttpRequest<Out<BS>, Out<QS>, Out<PS>>) => Promise<HttpResult>,
) {
  const state = new WeakMap<object, State>();

  const base = async (event: HttpEvent, context: Context): Promise<APIGatewayProxyResultV2> => {
    const { requestId, log } = state.get(context)!;
    if (!fromOurOrigin(event)) throw new AppError('errors.forbidden', 'Requests must come through the site');
    const user = claimsToUser(event);
    if (options.auth === 'owner' && !user) throw new AppError('errors.unauthorized', 'Sign-in required');
    // A closed account's tokens stay valid until they expire: its state is checked on every owner route.
    if (options.auth === 'owner' && user && (await isAccountClosed(user.sub))) {
      throw new AppError('account.errors.closed', 'This account is closed', { status: 401 });
    }
    const req: HttpRequest<Out<BS>, Out<QS>, Out<PS>> = {
      event,
      requestId,
      log,
      user,
      body: validate(options.body as BS, parseBody(event), 'body'),
      query: validate(options.query as QS, event.queryStringParameters ?? {}, 'query'),
      params: validate(options.params as PS, event.pathParameters ?? {}, 'params'),
      ip: event.requestContext.http?.sourceIp ?? '',
      userAgent: event.requestContext.http?.userAgent ?? '',
    };
    const result = await fn(req);
    return json(result.status ?? 200, result.body ?? {}, result.headers);
  };

  return middy<HttpEvent, APIGatewayProxyResultV2, Error, Context>(base)
    .before(async (request) => {
      const requestId =
        request.event.requestContext?.requestId || request.context.awsRequestId || crypto.randomUUID();
      const log = createLogger({ requestId, route: request.event.routeKey });
      state.set(request.context, { requestId, log });
    })
    .after(async (request) => {
      const s = state.get(request.context);
      const res = request.response;
      if (s && res && typeof res === 'object') {
        res.headers = { ...res.headers, 'x-request-id': s.requestId };
        s.log.info('request done', { status: res.statusCode });
      }
    })
    .onError(async (request) => {
      const s = state.get(request.context) ?? {
        requestId: request.context.awsRequestId,
        log: createLogger(),
      };
      request.response = errorToResponse(request.error, s.requestId, s.log);
      (request.response as { headers: Record<string, string> }).headers['x-request-id'] = s.requestId;
    });
}
