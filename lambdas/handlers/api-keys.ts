// API keys (issue #31 item 1): My Info → API's three owner routes, one function (the app stack's
// resource budget); the route key picks the route. Never logs a key's secret.
import type { APIGatewayProxyResultV2, Context } from 'aws-lambda';
import { apiKeyParamsSchema, createApiKeyRequestSchema } from '../../shared/api/schemas/api-keys';
import { AppError } from '../core/errors';
import { httpHandler, type HttpEvent } from '../core/http';
import { apiKeyDeps } from '../deps';
import { createApiKey, listApiKeys, revokeApiKey } from '../usecases/api-keys';

const signInRequired = () => new AppError('errors.unauthorized', 'Sign-in required');

const ROUTES = {
  'GET /api/account/api-keys': httpHandler({ auth: 'owner' }, async (req) => {
    if (!req.user) throw signInRequired();
    return { body: await listApiKeys(apiKeyDeps(), req.user) };
  }),
  'POST /api/account/api-keys': httpHandler(
    { auth: 'owner', body: createApiKeyRequestSchema },
    async (req) => {
      if (!req.user) throw signInRequired();
      const created = await createApiKey(apiKeyDeps(), req.user, req.body);
      req.log.info('api key created', { userId: req.user.sub, keyId: created.key.keyId });
      return { status: 201, body: created };
    },
  ),
  'DELETE /api/account/api-keys/{keyId}': httpHandler(
    { auth: 'owner', params: apiKeyParamsSchema },
    async (req) => {
      if (!req.user) throw signInRequired();
      const key = await revokeApiKey(apiKeyDeps(), req.user, req.params.keyId);
      req.log.info('api key revoked', { userId: req.user.sub, keyId: key.keyId });
      return { body: { key } };
    },
  ),
} as const;

const notFound = httpHandler({ auth: 'public' }, async () => {
  throw new AppError('errors.routeNotFound', 'No such API key route');
});

export async function handler(event: HttpEvent, context: Context): Promise<APIGatewayProxyResultV2> {
  const route = ROUTES[event.routeKey as keyof typeof ROUTES] ?? notFound;
  return route(event, context);
}
