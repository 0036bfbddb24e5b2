// The local stand-in for CloudFront + API Gateway + Lambda: one HTTP server that serves the built SPA,
// its runtime /config.json, and /api/* through the same handler modules as the deployed HTTP API,
// behind a JWT check equivalent to the Cognito authorizer.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Context } from 'aws-lambda';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { DEFAULT_ROUTE, ROUTES, type RouteDefinition } from '../shared/api/routes';
import type { HttpEvent } from '../lambdas/core/http';
import { contentSecurityPolicy } from '../shared/web/csp';
import { EMBED_PAGE_PREFIX, shellFor } from '../shared/web/shells';
import { MAX_ADVANCE_SECONDS, type TestClockState } from './scheduler';
import { meterEnabled, meterSnapshot, resetMeter, timed } from './meter';

type LambdaHandler = (event: HttpEvent, context: Context) => Promise<unknown>;

export interface LocalServerOptions {
  port: number;
  host: string;
  webDist: string;
  runtimeConfig: Record<string, unknown>;
  jwt: { issuer: string; audience: string; jwksUrl: string };
  /** Origin of the documents bucket the browser reaches through presigned URLs (the CSP allows it).
   *  @default - the S3 endpoint the handlers use (AWS_ENDPOINT_URL_S3) */
  storageOrigin?: string;
  /** The local scheduler's test clock, served under /local/test-clock (issue #28).
   *  @default - none: /local/* answers 404 */
  testClock?: TestClock;
}

/** What the test-clock endpoint moves (local/scheduler.ts LocalScheduler). */
export interface TestClock {
  clockState(): TestClockState;
  advance(seconds: number): Promise<TestClockState & { fired: string[] }>;
  reset(): Promise<TestClockState>;
}

/** Where the local-only endpoints live: never a path of the route table (shared/api/routes.ts), so
 *  the deployed API has none of them (test/cdk/api.test.ts checks that no route starts with it). */
export const LOCAL_ONLY_PREFIX = '/local/';
const TEST_CLOCK_PATH = '/local/test-clock';
const METER_PATH = '/local/meter';

/** API Gateway's payload limit. */
const MAX_BODY_BYTES = 10 * 1024 * 1024;

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
  '.wasm': 'application/wasm',
  '.mjs.map': 'application/json',
};

/** Text-like files worth compressing (fonts and images are compressed already). */
const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.svg',
  '.txt',
  '.map',
  '.wasm',
  '.ico',
]);
/** Like CloudFront, which compresses files of 1,000 bytes to 10 MB. */
const MIN_COMPRESS_BYTES = 1000;

export type ContentEncoding = 'br' | 'gzip' | 'identity';

/** The encoding to answer with, from an Accept-Encoding header: brotli, then gzip, else none. */
export function negotiateEncoding(acceptEncoding: string | undefined): ContentEncoding {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    if (name) accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return 'identity';
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Compressed copies of the SPA's files, made on first request and kept in memory (keyed by path,
 * size and modification time, so a rebuild is picked up): what CloudFront does in AWS.
 */
function compressedFiles() {
  const cache = new Map<string, Promise<Buffer>>();
  return (file: string, stat: fs.Stats, encoding: 'br' | 'gzip'): Promise<Buffer> => {
    const key = `${encoding}:${file}:${stat.size}:${stat.mtimeMs}`;
    let compressed = cache.get(key);
    if (!compressed) {
      compressed = fs.promises.readFile(file).then((bytes) =>
        encoding === 'br'
          ? brotli(bytes, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
              },
            })
          : gzip(bytes, { level: 9 }),
      );
      compressed.catch(() => cache.delete(key));
      cache.set(key, compressed);
    }
    return compressed;
  };
}

interface CompiledRoute {
  route: RouteDefinition;
  regex: RegExp;
  names: string[];
}

export function compileRoutes(routes: readonly RouteDefinition[]): CompiledRoute[] {
  return routes.map((route) => {
    const names: string[] = [];
    const pattern = route.path
      .split('/')
      .map((part) => {
        const m = /^\{([^}+]+)(\+)?\}$/.exec(part);
        if (!m) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        names.push(m[1]!);
        return m[2] ? '(.+)' : '([^/]+)';
      })
      .join('/');
    return { route, regex: new RegExp(`^${pattern}$`), names };
  });
}

export function matchRoute(compiled: CompiledRoute[], method: string, pathname: string) {
  for (const c of compiled) {
    if (c.route.method !== method && c.route.method !== 'ANY') continue;
    const m = c.regex.exec(pathname);
    if (!m) continue;
    const params: Record<string, string> = {};
    try {
      c.names.forEach((n, i) => (params[n] = decodeURIComponent(m[i + 1]!)));
    } catch {
      return null; // malformed percent-encoding: no route matches, as at API Gateway
    }
    return { route: c.route, params };
  }
  return null;
}

const handlerCache = new Map<string, Promise<LambdaHandler>>();

function loadHandler(name: string): Promise<LambdaHandler> {
  let p = handlerCache.get(name);
  if (!p) {
    p = import(`../lambdas/handlers/${name}.ts`).then((m: { handler: LambdaHandler }) => m.handler);
    handlerCache.set(name, p);
  }
  return p;
}

function lambdaContext(requestId: string, name: string): Context {
  const deadline = Date.now() + 29000;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: `local-${name}`,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${name}`,
    memoryLimitInMB: '512',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/local-${name}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

function readBody(req: http.IncomingMessage): Promise<Buffer | 'too-large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= MAX_BODY_BYTES) chunks.push(c);
    });
    req.on('end', () => resolve(size > MAX_BODY_BYTES ? 'too-large' : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function originOf(url: string | undefined): string {
  if (!url) return '';
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
}

/**
 * The Content-Security-Policy CloudFront sends in AWS (lib/constructs/web.ts, its response headers
 * policy), with the local endpoints in place of the AWS ones: Cognito (cognito-local), the chain's
 * JSON-RPC (ganache, for the verify page's own check of a Merkle root) and the documents bucket (s3rver, presigned uploads, PDFs, sign images and Show Document's frame). Without
 * 'upgrade-insecure-requests', which would turn every local http:// request into https://.
 */
export function localContentSecurityPolicy(sources: {
  cognito?: string;
  storage?: string;
  /** The local chain's JSON-RPC (ganache), which the verify page asks itself (issue #33). */
  chain?: string;
}): string {
  return contentSecurityPolicy({
    connect: [originOf(sources.cognito), originOf(sources.chain)],
    storage: [originOf(sources.storage)],
    upgradeInsecureRequests: false,
  });
}

/** The headers of CloudFront's response headers policy (lib/constructs/web.ts) but HSTS, which means
 *  nothing over the local server's http://. Like CloudFront's (override: true), they win over a
 *  handler's own, on the SPA and on /api/* alike. */
export function securityHeaders(contentSecurityPolicy: string): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    // Signer links carry their token in the path: never send it to another origin.
    'referrer-policy': 'same-origin',
    'permissions-policy': 'camera=(self), microphone=(self), geolocation=(), payment=()',
  };
}

/** The headers of the embedded signer page's behaviour (lib/constructs/web.ts, its embed response
 *  headers policy): the same, without the SPA's Content-Security-Policy and X-Frame-Options, which the
 *  page's handler sends itself with the account's frame-ancestors (issue #31, decision 160). */
export function embedPageHeaders(headers: Record<string, string>): Record<string, string> {
  const { 'content-security-policy': _csp, 'x-frame-options': _frames, ...rest } = headers;
  return rest;
}

export function createLocalServer(options: LocalServerOptions): http.Server {
  return http.createServer(createLocalHandler(options));
}

/** What the local server does with a request: the SPA, its /config.json and /api/*. */
export function createLocalHandler(options: LocalServerOptions): http.RequestListener {
  const compiled = compileRoutes(ROUTES);
  const jwks = createRemoteJWKSet(new URL(options.jwt.jwksUrl));
  const webDist = path.resolve(options.webDist);
  const cognitoEndpoint = options.runtimeConfig.cognitoEndpoint;
  const chainRpcUrl = options.runtimeConfig.chainPublicRpcUrl;
  const SECURITY_HEADERS = securityHeaders(
    localContentSecurityPolicy({
      cognito: typeof cognitoEndpoint === 'string' ? cognitoEndpoint : undefined,
      chain: typeof chainRpcUrl === 'string' ? chainRpcUrl : undefined,
      storage: options.storageOrigin ?? process.env.AWS_ENDPOINT_URL_S3,
    }),
  );

  const EMBED_HEADERS = embedPageHeaders(SECURITY_HEADERS);

  function sendJson(res: http.ServerResponse, status: number, body: unknown, requestId: string) {
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'x-request-id': requestId,
      ...SECURITY_HEADERS,
    });
    res.end(JSON.stringify(body));
  }

  async function verify(authorization: string | undefined): Promise<JWTPayload | null> {
    const token = /^Bearer\s+(.+)$/i.exec(authorization ?? '')?.[1];
    if (!token) return null;
    try {
      const { payload } = await jwtVerify(token, jwks, { issuer: options.jwt.issuer });
      // Like API Gateway's JWT authorizer: `aud` (ID token) or `client_id` (access token) must match.
      const audiences = [payload.aud, payload.client_id].flat().filter(Boolean);
      return audiences.includes(options.jwt.audience) ? payload : null;
    } catch {
      return null;
    }
  }

  async function handleApi(req: http.IncomingMessage, res: http.ServerResponse, url: URL) {
    const requestId = randomUUID();
    const method = (req.method ?? 'GET').toUpperCase();
    const match = matchRoute(compiled, method, url.pathname);
    const route = match?.route;
    const handlerName = route?.handler ?? DEFAULT_ROUTE.handler;
    const body = await readBody(req);
    if (body === 'too-large') {
      return sendJson(
        res,
        413,
        { error: { code: 'errors.payloadTooLarge', message: 'Request too large', requestId } },
        requestId,
      );
    }
    let claims: JWTPayload | null = null;
    if (route?.auth === 'owner') {
      claims = await verify(req.headers.authorization);
      if (!claims) {
        return sendJson(
          res,
          401,
          { error: { code: 'errors.unauthorized', message: 'Unauthorized', requestId } },
          requestId,
        );
      }
    }
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers))
      if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(',') : v;
    const query = Object.fromEntries(url.searchParams.entries());
    const routeKey = route ? `${route.method} ${route.path}` : '$default';
    const event: HttpEvent = {
      version: '2.0',
      routeKey,
      rawPath: url.pathname,
      rawQueryString: url.search.replace(/^\?/, ''),
      headers,
      queryStringParameters: Object.keys(query).length ? query : undefined,
      pathParameters: match && Object.keys(match.params).length ? match.params : undefined,
      body: body.length ? body.toString('utf8') : undefined,
      isBase64Encoded: false,
      requestContext: {
        accountId: '000000000000',
        apiId: 'local',
        domainName: url.host,
        domainPrefix: 'local',
        requestId,
        routeKey,
        stage: '$default',
        time: new Date().toISOString(),
        timeEpoch: Date.now(),
        http: {
          method,
          path: url.pathname,
          protocol: 'HTTP/1.1',
          sourceIp: req.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '',
          userAgent: headers['user-agent'] ?? '',
        },
        ...(claims
          ? { authorizer: { jwt: { claims: claims as Record<string, string>, scopes: null } } }
          : {}),
      },
    };
    const handler = await loadHandler(handlerName);
    const result = (await timed(`api:${handlerName}`, () =>
      handler(event, lambdaContext(requestId, handlerName)),
    )) as {
      statusCode?: number;
      headers?: Record<string, string>;
      body?: string;
      isBase64Encoded?: boolean;
    };
    res.writeHead(result.statusCode ?? 200, {
      ...result.headers,
      ...(url.pathname.startsWith(EMBED_PAGE_PREFIX) ? EMBED_HEADERS : SECURITY_HEADERS),
    });
    res.end(
      result.body === undefined
        ? undefined
        : Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8'),
    );
  }

  /**
   * The test clock (issue #28), like the local Stripe server's test clocks: GET /local/test-clock →
   * { now, offsetMs }; POST /local/test-clock/advance { seconds } → moves the local clock ahead, fires
   * what is then due and answers once its jobs are queued: { now, offsetMs, fired }; POST
   * /local/test-clock/reset → back on the system clock. Errors are the API's JSON errors.
   */
  async function handleLocal(req: http.IncomingMessage, res: http.ServerResponse, url: URL) {
    const requestId = randomUUID();
    const fail = (status: number, code: string, message: string, details?: unknown) =>
      sendJson(
        res,
        status,
        { error: { code, message, requestId, ...(details === undefined ? {} : { details }) } },
        requestId,
      );
    const method = (req.method ?? 'GET').toUpperCase();
    const clock = options.testClock;
    const body = await readBody(req);
    if (body === 'too-large') return fail(413, 'errors.payloadTooLarge', 'Request too large');
    // LOCAL_METER=1: what the cloud counted (local/meter.ts), and its reset (bench/cost.ts).
    if (meterEnabled() && (url.pathname === METER_PATH || url.pathname === `${METER_PATH}/reset`)) {
      const allowedHere = url.pathname === METER_PATH ? 'GET' : 'POST';
      if (method !== allowedHere) {
        res.setHeader('allow', allowedHere);
        return fail(405, 'errors.methodNotAllowed', `${url.pathname} takes ${allowedHere}`);
      }
      if (allowedHere === 'POST') resetMeter();
      return sendJson(res, 200, meterSnapshot(), requestId);
    }
    const paths = [TEST_CLOCK_PATH, `${TEST_CLOCK_PATH}/advance`, `${TEST_CLOCK_PATH}/reset`];
    if (!clock || !paths.includes(url.pathname)) {
      return fail(404, 'errors.routeNotFound', `No local endpoint ${method} ${url.pathname}`);
    }
    const allowed = url.pathname === TEST_CLOCK_PATH ? 'GET' : 'POST';
    if (method !== allowed) {
      res.setHeader('allow', allowed);
      return fail(405, 'errors.methodNotAllowed', `${url.pathname} takes ${allowed}`);
    }
    if (url.pathname === TEST_CLOCK_PATH) return sendJson(res, 200, clock.clockState(), requestId);
    if (url.pathname.endsWith('/reset')) return sendJson(res, 200, await clock.reset(), requestId);
    let input: unknown;
    try {
      input = JSON.parse(body.toString('utf8') || 'null');
    } catch {
      return fail(400, 'errors.badRequest', 'Request body is not valid JSON');
    }
    const seconds = (input as { seconds?: unknown } | null)?.seconds;
    if (
      typeof seconds !== 'number' ||
      !Number.isInteger(seconds) ||
      seconds < 1 ||
      seconds > MAX_ADVANCE_SECONDS
    ) {
      return fail(400, 'errors.validation', 'Invalid request body', [
        {
          path: 'body.seconds',
          message: `a whole number of seconds from 1 to ${MAX_ADVANCE_SECONDS} (400 days)`,
          code: 'invalid_value',
        },
      ]);
    }
    return sendJson(res, 200, await clock.advance(seconds), requestId);
  }

  const compressed = compressedFiles();

  async function serveStatic(req: http.IncomingMessage, res: http.ServerResponse, url: URL) {
    if (url.pathname === '/config.json') {
      res.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'no-store',
        ...SECURITY_HEADERS,
      });
      return res.end(JSON.stringify(options.runtimeConfig));
    }
    let rel: string;
    try {
      rel = decodeURIComponent(url.pathname);
    } catch {
      rel = '/';
    }
    let file = path.join(webDist, path.normalize(rel));
    // Like the CloudFront function: paths without a file extension are SPA routes.
    if (
      !file.startsWith(webDist) ||
      !path.extname(file) ||
      !fs.existsSync(file) ||
      fs.statSync(file).isDirectory()
    ) {
      if (path.extname(rel) && rel !== '/') {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', ...SECURITY_HEADERS });
        return res.end('Not found');
      }
      file = path.join(webDist, shellFor(rel));
    }
    if (!fs.existsSync(file)) {
      res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8', ...SECURITY_HEADERS });
      return res.end('The SPA is not built yet: run npm run build.');
    }
    const ext = path.extname(file);
    const immutable = rel.startsWith('/assets/');
    const headers: http.OutgoingHttpHeaders = {
      'content-type': CONTENT_TYPES[ext] ?? 'application/octet-stream',
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      ...SECURITY_HEADERS,
    };
    const stat = fs.statSync(file);
    if (COMPRESSIBLE.has(ext) && stat.size >= MIN_COMPRESS_BYTES) {
      headers.vary = 'Accept-Encoding';
      const encoding = negotiateEncoding(req.headers['accept-encoding']);
      if (encoding !== 'identity') {
        const body = await compressed(file, stat, encoding);
        res.writeHead(200, { ...headers, 'content-encoding': encoding, 'content-length': body.length });
        return res.end(req.method === 'HEAD' ? undefined : body);
      }
    }
    res.writeHead(200, { ...headers, 'content-length': stat.size });
    if (req.method === 'HEAD') return res.end();
    fs.createReadStream(file).pipe(res);
  }

  return (req, res) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? `${options.host}:${options.port}`}`);
    const work =
      url.pathname === '/api' ||
      url.pathname.startsWith('/api/') ||
      // The embedded signer page is the API's, as CloudFront's /embed/* behaviour makes it.
      url.pathname.startsWith(EMBED_PAGE_PREFIX)
        ? handleApi(req, res, url)
        : url.pathname.startsWith(LOCAL_ONLY_PREFIX)
          ? handleLocal(req, res, url)
          : serveStatic(req, res, url);
    work.catch((err: unknown) => {
      // The handlers map their own errors; this is the local server's last resort.
      console.error(JSON.stringify({ level: 'error', msg: 'local server error', err: String(err) }));
      if (!res.headersSent)
        sendJson(res, 500, { error: { code: 'errors.internal', message: 'Internal error' } }, 'local');
      else res.end();
    });
  };
}
