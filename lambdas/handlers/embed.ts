// Embedded signing (issue #31 item 4, decision 160): one function for My Info → Embedding's two owner
// routes, the owner's session route, and the embedded signer page itself; the route key picks.
//
// GET /embed/{lang}/{docuId}/{token} (CloudFront sends /embed/* here, not to the SPA's bucket): the
// app shell, fetched from the site and kept a minute, with the SPA's Content-Security-Policy whose
// frame-ancestors are the session's account's allowed origins, no X-Frame-Options, and the session's
// exact parent origin in a meta element (the page's postMessage target). Not a session: a 404 that
// no site may frame.
import type { APIGatewayProxyResultV2, Context } from 'aws-lambda';
import {
  createEmbeddedSessionRequestSchema,
  embeddedSessionParamsSchema,
  embedPageParamsSchema,
  saveEmbedOriginsRequestSchema,
} from '../../shared/api/schemas';
import { contentSecurityPolicy, embedContentSecurityPolicy } from '../../shared/web/csp';
import { AppError } from '../core/errors';
import { fromOurOrigin, httpHandler, type HttpEvent } from '../core/http';
import { errorMessage } from '../../shared/i18n/api-errors';
import { DEFAULT_LOCALE, localeForPath } from '../../shared/i18n/core';
import { escapeHtml } from '../core/html';
import { createLogger } from '../core/logger';
import { getConfig } from '../config';
import { embedDeps } from '../deps';
import {
  createEmbeddedSession,
  getEmbedOrigins,
  openEmbedPage,
  saveEmbedOrigins,
} from '../usecases/embedded-signing';

const signInRequired = () => new AppError('errors.unauthorized', 'Sign-in required');

const ROUTES = {
  'GET /api/account/embed-origins': httpHandler({ auth: 'owner' }, async (req) => {
    if (!req.user) throw signInRequired();
    return { body: await getEmbedOrigins(embedDeps(), req.user) };
  }),
  'PUT /api/account/embed-origins': httpHandler(
    { auth: 'owner', body: saveEmbedOriginsRequestSchema },
    async (req) => {
      if (!req.user) throw signInRequired();
      const settings = await saveEmbedOrigins(embedDeps(), req.user, req.body);
      req.log.info('embed origins saved', { userId: req.user.sub, count: settings.origins.length });
      return { body: settings };
    },
  ),
  'POST /api/documents/{docuId}/recipients/{index}/embedded-session': httpHandler(
    { auth: 'owner', params: embeddedSessionParamsSchema, body: createEmbeddedSessionRequestSchema },
    async (req) => {
      if (!req.user) throw signInRequired();
      const session = await createEmbeddedSession(
        embedDeps(),
        req.user,
        req.params.docuId,
        req.params.index,
        req.body.parentOrigin,
        new Date(),
        req.body.lang,
      );
      // Never the URL: it carries the session's token.
      req.log.info('embedded session made', { docuId: req.params.docuId, index: req.params.index });
      return { status: 201, body: session };
    },
  ),
} as const;

/** How long a fetched shell is reused (a deploy's new shell shows within a minute). */
const SHELL_TTL_MS = 60_000;
let shellCache: { html: string; at: number } | undefined;

/** The SPA's index.html as the site serves it. */
async function appShell(appUrl: string): Promise<string> {
  if (shellCache && Date.now() - shellCache.at < SHELL_TTL_MS) return shellCache.html;
  const res = await fetch(`${appUrl.replace(/\/+$/, '')}/index.html`, {
    signal: AbortSignal.timeout(5000),
  });
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok || !type.startsWith('text/html')) throw new Error(`shell answered ${res.status} ${type}`);
  const html = await res.text();
  shellCache = { html, at: Date.now() };
  return html;
}

/** Forget the cached shell (tests). */
export function resetShellCache(): void {
  shellCache = undefined;
}

/** The shell with the session's parent origin and recipient, read by the page (web/src/features/embed). */
export function embedShell(html: string, parentOrigin: string, recipientIndex: number): string {
  const meta =
    `<meta name="signseal-embed-parent" content="${escapeHtml(parentOrigin)}">` +
    `<meta name="signseal-embed-recipient" content="${recipientIndex}">`;
  return html.includes('</head>') ? html.replace('</head>', `${meta}</head>`) : `${meta}${html}`;
}

function spaPolicy(): string {
  return (
    getConfig().SPA_CONTENT_SECURITY_POLICY ??
    contentSecurityPolicy({ connect: [], storage: [], upgradeInsecureRequests: false })
  );
}

function page(
  status: number,
  body: string,
  origins: readonly string[],
  requestId: string,
): APIGatewayProxyResultV2 {
  return {
    statusCode: status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': embedContentSecurityPolicy(spaPolicy(), origins),
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'same-origin',
      ...(origins.length === 0 ? { 'x-frame-options': 'DENY' } : {}),
      'x-request-id': requestId,
    },
    body,
  };
}

/**
 * A page of one sentence, in the language of the path (`/embed/{lang}/…`; English when it has none):
 * what a contractor sees in the frame when the session cannot be used. The sentence is the embed
 * namespace's own message, the one the SPA shows for the same refusal.
 */
function plainPage(event: HttpEvent, code: 'embed.errors.refused' | 'embed.errors.loadFailed'): string {
  const locale = localeForPath(event.pathParameters?.lang ?? '') ?? DEFAULT_LOCALE;
  const title = escapeHtml(errorMessage(code, locale) ?? code);
  return (
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><title>${title}</title></head>` +
    `<body><main><h1>${title}</h1></main></body></html>`
  );
}

async function serveEmbedPage(event: HttpEvent, context: Context): Promise<APIGatewayProxyResultV2> {
  const requestId = event.requestContext?.requestId || context.awsRequestId || crypto.randomUUID();
  const log = createLogger({ requestId, route: event.routeKey });
  if (!fromOurOrigin(event)) return page(403, plainPage(event, 'embed.errors.refused'), [], requestId);
  const params = embedPageParamsSchema.safeParse(event.pathParameters ?? {});
  if (!params.success) return page(404, plainPage(event, 'embed.errors.refused'), [], requestId);
  try {
    const { docuId, token } = params.data;
    const session = await openEmbedPage(embedDeps(), docuId, token);
    if (!session) {
      log.info('embed page refused', { docuId });
      return page(404, plainPage(event, 'embed.errors.refused'), [], requestId);
    }
    const shell = await appShell(getConfig().APP_URL);
    log.info('embed page served', { docuId, origins: session.origins.length });
    return page(
      200,
      embedShell(shell, session.parentOrigin, session.recipientIndex),
      session.origins,
      requestId,
    );
  } catch (err) {
    log.error('embed page failed', { err });
    return page(503, plainPage(event, 'embed.errors.loadFailed'), [], requestId);
  }
}

const notFound = httpHandler({ auth: 'public' }, async () => {
  throw new AppError('errors.routeNotFound', 'No such embed route');
});

export async function handler(event: HttpEvent, context: Context): Promise<APIGatewayProxyResultV2> {
  if (event.routeKey === 'GET /embed/{lang}/{docuId}/{token}') return serveEmbedPage(event, context);
  const route = ROUTES[event.routeKey as keyof typeof ROUTES] ?? notFound;
  return route(event, context);
}
