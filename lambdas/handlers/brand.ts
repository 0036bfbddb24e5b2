// Branding (issue #29 item 2): My Info → Brand, one function for its three routes (the app stack's
// resource budget); the route key picks the route.
import type { APIGatewayProxyResultV2, Context } from 'aws-lambda';
import { saveBrandRequestSchema } from '../../shared/api/schemas';
import { AppError } from '../core/errors';
import { httpHandler, type HttpEvent } from '../core/http';
import { brandDeps } from '../deps';
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

const notFound = httpHandler({ auth: 'public' }, async () => {
  throw new AppError('errors.routeNotFound', 'No such brand route');
});

export async function handler(event: HttpEvent, context: Context): Promise<APIGatewayProxyResultV2> {
  const route = ROUTES[event.routeKey as keyof typeof ROUTES] ?? notFound;
  return route(event, context);
}
