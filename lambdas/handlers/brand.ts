// Branding (issue #29 item 2): My Info → Brand's three owner routes and the public logos, one
// function (the app stack's resource budget); the route key picks the route.
//
// GET /api/brand/logos/{file}: a brand logo, public and content-addressed (`{sha256}.png` of the
// stored bytes), so it is cached for a year and never revalidated. The bytes are always our own PNG
// re-encoding; nosniff and a sandboxing CSP keep them an image.
import type { APIGatewayProxyResultV2, Context } from 'aws-lambda';
import { saveBrandRequestSchema } from '../../shared/api/schemas';
import { AppError } from '../core/errors';
import { errorBody, errorToResponse, fromOurOrigin, httpHandler, json, type HttpEvent } from '../core/http';
import { createLogger } from '../core/logger';
import { brandDeps } from '../deps';
import { readBrandLogo } from '../usecases/brand-account';
import { getBrand, removeBrand, saveBrand } from '../usecases/brand';

const signInRequired = () => new AppError('errors.unauthorized', 'Sign-in required');

const ROUTES = {
  'GET /api/me/brand': httpHandler({ auth: 'owner' }, async (req) => {
    if (!req.user) throw signInRequired();
    return { body: await getBrand(brandDeps(), req.user) };
  }),
  'PUT /api/me/brand': httpHandler({ auth: 'owner', body: saveBrandRequestSchema }, async (req) => {
    if (!req.user) throw signInRequired();
    const settings = await saveBrand(brandDeps(), req.user, req.body);
    req.log.info('brand saved', { userId: req.user.sub, logo: settings.brand?.logoPath !== null });
    return { body: settings };
  }),
  'DELETE /api/me/brand': httpHandler({ auth: 'owner' }, async (req) => {
    if (!req.user) throw signInRequired();
    const settings = await removeBrand(brandDeps(), req.user);
    req.log.info('brand removed', { userId: req.user.sub });
    return { body: settings };
  }),
} as const;

async function serveLogo(event: HttpEvent, context: Context): Promise<APIGatewayProxyResultV2> {
  const requestId = event.requestContext?.requestId || context.awsRequestId || crypto.randomUUID();
  const log = createLogger({ requestId, route: event.routeKey });
  try {
    if (!fromOurOrigin(event)) throw new AppError('errors.forbidden', 'Requests must come through the site');
    const bytes = await readBrandLogo(brandDeps(), event.pathParameters?.file ?? '');
    if (!bytes) {
      return json(404, errorBody(new AppError('errors.notFound', 'No such logo'), requestId), {
        'x-request-id': requestId,
      });
    }
    return {
      statusCode: 200,
      isBase64Encoded: true,
      headers: {
        'content-type': 'image/png',
        'cache-control': 'public, max-age=31536000, immutable',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
        // E-mail clients and webmail load it from their own origins.
        'cross-origin-resource-policy': 'cross-origin',
        'x-request-id': requestId,
      },
      body: Buffer.from(bytes).toString('base64'),
    };
  } catch (err) {
    return errorToResponse(err, requestId, log);
  }
}

const notFound = httpHandler({ auth: 'public' }, async () => {
  throw new AppError('errors.routeNotFound', 'No such brand route');
});

export async function handler(event: HttpEvent, context: Context): Promise<APIGatewayProxyResultV2> {
  if (event.routeKey === 'GET /api/brand/logos/{file}') return serveLogo(event, context);
  const route = ROUTES[event.routeKey as keyof typeof ROUTES] ?? notFound;
  return route(event, context);
}
