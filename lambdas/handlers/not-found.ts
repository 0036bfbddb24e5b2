// The API's default route (a JSON 404 for any path or method outside the route table) and
// GET /api/locale share one function: both are public, touch no data and grant nothing (the app stack
// is near CloudFormation's 500-resource limit, test/cdk/app.test.ts). The route key picks the answer.
import type { APIGatewayProxyResultV2, Context } from 'aws-lambda';
import { AppError } from '../core/errors';
import { httpHandler, type HttpEvent } from '../core/http';
import { localeFor } from '../usecases/account';

const notFound = httpHandler({ auth: 'public' }, async (req) => {
  throw new AppError(
    'errors.routeNotFound',
    `No route for ${req.event.requestContext.http.method} ${req.event.rawPath}`,
  );
});

/** GET /api/locale: the default language of a visitor who arrives without one in the path. */
const locale = httpHandler({ auth: 'public' }, async (req) => {
  const headers = req.event.headers ?? {};
  const country = headers['cloudfront-viewer-country'];
  return { body: { lang: localeFor(country, headers['accept-language']), country: country ?? null } };
});

export async function handler(event: HttpEvent, context: Context): Promise<APIGatewayProxyResultV2> {
  return (event.routeKey === 'GET /api/locale' ? locale : notFound)(event, context);
}
