// Routing (issue #28): one function for the owner's control of a sent contract — remind now, change
// a contractor's contact, void, set or extend the expiry — as templates' (the app stack's resource
// budget). Each route keeps its own schemas; the route key picks it.
import type { APIGatewayProxyResultV2, Context } from 'aws-lambda';
import {
  changeContactRequestSchema,
  docuIdParamsSchema,
  expiryRequestSchema,
  recipientParamsSchema,
  remindRequestSchema,
  voidRequestSchema,
} from '../../shared/api/schemas';
import { AppError } from '../core/errors';
import { httpHandler, type HttpEvent } from '../core/http';
import { routingDeps } from '../deps';
import { changeContact, remindNow, setExpiry, voidDocument } from '../usecases/routing';

const signInRequired = () => new AppError('errors.unauthorized', 'Sign-in required');

const ROUTES = {
  'POST /api/documents/{docuId}/recipients/{index}/remind': httpHandler(
    { auth: 'owner', params: recipientParamsSchema, body: remindRequestSchema },
    async (req) => {
      if (!req.user) throw signInRequired();
      const { docuId, index } = req.params;
      return { body: await remindNow(routingDeps(), req.user, docuId, index, req.body, req) };
    },
  ),
  'PUT /api/documents/{docuId}/recipients/{index}/contact': httpHandler(
    { auth: 'owner', params: recipientParamsSchema, body: changeContactRequestSchema },
    async (req) => {
      if (!req.user) throw signInRequired();
      const { docuId, index } = req.params;
      return { body: await changeContact(routingDeps(), req.user, docuId, index, req.body, req) };
    },
  ),
  'POST /api/documents/{docuId}/void': httpHandler(
    { auth: 'owner', params: docuIdParamsSchema, body: voidRequestSchema },
    async (req) => {
      if (!req.user) throw signInRequired();
      return { body: await voidDocument(routingDeps(), req.user, req.params.docuId, req.body, req) };
    },
  ),
  'PUT /api/documents/{docuId}/expiry': httpHandler(
    { auth: 'owner', params: docuIdParamsSchema, body: expiryRequestSchema },
    async (req) => {
      if (!req.user) throw signInRequired();
      return { body: await setExpiry(routingDeps(), req.user, req.params.docuId, req.body, req) };
    },
  ),
} as const;

const notFound = httpHandler({ auth: 'public' }, async () => {
  throw new AppError('errors.routeNotFound', 'No such routing route');
});

export async function handler(event: HttpEvent, context: Context): Promise<APIGatewayProxyResultV2> {
  const route = ROUTES[event.routeKey as keyof typeof ROUTES] ?? notFound;
  return route(event, context);
}
