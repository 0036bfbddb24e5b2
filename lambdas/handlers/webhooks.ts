// My Info → Webhooks (issue #31 item 3): the owner routes of an account's webhook endpoints, one
// function (the app stack's resource budget); the route key picks the route. The use cases decide
// (lambdas/usecases/webhooks.ts); secrets are answered only by create, reveal and rotate, and never
// logged.
import type { APIGatewayProxyResultV2, Context } from 'aws-lambda';
import {
  createWebhookRequestSchema,
  rotateWebhookRequestSchema,
  updateWebhookRequestSchema,
  webhookDeliveriesQuerySchema,
  webhookDeliveryParamsSchema,
  webhookEndpointParamsSchema,
} from '../../shared/api/schemas/webhooks';
import { AppError } from '../core/errors';
import { httpHandler, type AuthUser, type HttpEvent } from '../core/http';
import { webhookDeps } from '../deps';
import {
  createWebhook,
  deleteWebhook,
  listWebhookDeliveries,
  listWebhooks,
  replayWebhookDelivery,
  revealWebhookSecret,
  rotateWebhookSecret,
  sendTestWebhook,
  updateWebhook,
} from '../usecases/webhooks';

function who(user: AuthUser | null): AuthUser {
  if (!user) throw new AppError('errors.unauthorized', 'Sign-in required');
  return user;
}

const ROUTES = {
  'GET /api/me/webhooks': httpHandler({ auth: 'owner' }, async (req) => ({
    body: await listWebhooks(webhookDeps(), who(req.user)),
  })),
  'POST /api/me/webhooks': httpHandler({ auth: 'owner', body: createWebhookRequestSchema }, async (req) => {
    const created = await createWebhook(webhookDeps(), who(req.user), req.body);
    req.log.info('webhook endpoint created', { endpointId: created.endpoint.endpointId });
    return { status: 201, body: created };
  }),
  'PATCH /api/me/webhooks/{endpointId}': httpHandler(
    { auth: 'owner', params: webhookEndpointParamsSchema, body: updateWebhookRequestSchema },
    async (req) => ({
      body: await updateWebhook(webhookDeps(), who(req.user), req.params.endpointId, req.body),
    }),
  ),
  'DELETE /api/me/webhooks/{endpointId}': httpHandler(
    { auth: 'owner', params: webhookEndpointParamsSchema },
    async (req) => {
      await deleteWebhook(webhookDeps(), who(req.user), req.params.endpointId);
      req.log.info('webhook endpoint deleted', { endpointId: req.params.endpointId });
      return { status: 200, body: { deleted: true } };
    },
  ),
  'GET /api/me/webhooks/{endpointId}/secret': httpHandler(
    { auth: 'owner', params: webhookEndpointParamsSchema },
    async (req) => ({ body: await revealWebhookSecret(webhookDeps(), who(req.user), req.params.endpointId) }),
  ),
  'POST /api/me/webhooks/{endpointId}/rotate': httpHandler(
    { auth: 'owner', params: webhookEndpointParamsSchema, body: rotateWebhookRequestSchema.optional() },
    async (req) => {
      const rotated = await rotateWebhookSecret(
        webhookDeps(),
        who(req.user),
        req.params.endpointId,
        req.body ?? {},
      );
      req.log.info('webhook secret rotated', { endpointId: req.params.endpointId });
      return { body: rotated };
    },
  ),
  'POST /api/me/webhooks/{endpointId}/test': httpHandler(
    { auth: 'owner', params: webhookEndpointParamsSchema },
    async (req) => ({
      status: 202,
      body: await sendTestWebhook(webhookDeps(), who(req.user), req.params.endpointId),
    }),
  ),
  'GET /api/me/webhooks/{endpointId}/deliveries': httpHandler(
    { auth: 'owner', params: webhookEndpointParamsSchema, query: webhookDeliveriesQuerySchema },
    async (req) => ({
      body: await listWebhookDeliveries(
        webhookDeps(),
        who(req.user),
        req.params.endpointId,
        req.query.cursor,
      ),
    }),
  ),
  'POST /api/me/webhooks/{endpointId}/deliveries/{deliveryId}/replay': httpHandler(
    { auth: 'owner', params: webhookDeliveryParamsSchema },
    async (req) => ({
      status: 202,
      body: await replayWebhookDelivery(
        webhookDeps(),
        who(req.user),
        req.params.endpointId,
        req.params.deliveryId,
      ),
    }),
  ),
} as const;

const notFound = httpHandler({ auth: 'public' }, async () => {
  throw new AppError('errors.routeNotFound', 'No such webhooks route');
});

export async function handler(event: HttpEvent, context: Context): Promise<APIGatewayProxyResultV2> {
  const route = ROUTES[event.routeKey as keyof typeof ROUTES] ?? notFound;
  return route(event, context);
}
