// Plans and payments (issue #18): one function for the billing routes (the app stack is near
// CloudFormation's 500-resource limit; one function shares one integration and permission). Each
// route keeps its own auth and schemas; the route key picks it.
import type { APIGatewayProxyResultV2, Context } from 'aws-lambda';
import { checkoutRequestSchema, membersRequestSchema, myPlanQuerySchema } from '../../shared/api/billing';
import { AppError } from '../core/errors';
import { httpHandler, type HttpEvent } from '../core/http';
import { billingDeps } from '../deps';
import { cancelAtPeriodEnd, createCheckout, listInvoices, myPlan, planPrices } from '../usecases/billing';
import { handleWebhook } from '../usecases/billing-webhooks';
import { getMembers, saveMembers } from '../usecases/seats';

const signInRequired = () => new AppError('errors.unauthorized', 'Sign-in required');

const ROUTES = {
  /** The plans' prices from the payment provider (cached 5 min per container). */
  'GET /api/plans/prices': httpHandler({ auth: 'public' }, async () => ({
    body: { prices: await planPrices(billingDeps()) },
  })),
  /** A Checkout Session of the chosen plan; the SPA goes to its URL. */
  'POST /api/billing/checkout': httpHandler({ auth: 'owner', body: checkoutRequestSchema }, async (req) => {
    if (!req.user) throw signInRequired();
    return { body: await createCheckout(billingDeps(), req.user, req.body) };
  }),
  /** The provider's signed events: the only writer of a plan. */
  'POST /api/stripe/webhook': httpHandler({ auth: 'public' }, async (req) => {
    const { body, isBase64Encoded, headers } = req.event;
    // The signature covers the exact bytes sent: the raw body, never a re-serialised one.
    const raw = isBase64Encoded ? Buffer.from(body ?? '', 'base64').toString('utf8') : (body ?? '');
    return { body: await handleWebhook(billingDeps(), raw, headers?.['stripe-signature'], req.log) };
  }),
  /** My Plan: plan, days left, what is left to send, the subscription. */
  'GET /api/billing/plan': httpHandler({ auth: 'owner', query: myPlanQuerySchema }, async (req) => {
    if (!req.user) throw signInRequired();
    return { body: await myPlan(billingDeps(), req.user, req.query.session_id) };
  }),
  /** Cancel at period end (immediate cancel is disabled). */
  'POST /api/billing/cancel': httpHandler({ auth: 'owner' }, async (req) => {
    if (!req.user) throw signInRequired();
    return { body: await cancelAtPeriodEnd(billingDeps(), req.user) };
  }),
  /** The owner's invoices with the hosted page and PDF links. */
  'GET /api/billing/invoices': httpHandler({ auth: 'owner' }, async (req) => {
    if (!req.user) throw signInRequired();
    return { body: await listInvoices(billingDeps(), req.user) };
  }),
  /** A standard plan's company members (the buyer edits; a member sees whose plan they share). */
  'GET /api/billing/members': httpHandler({ auth: 'owner' }, async (req) => {
    if (!req.user) throw signInRequired();
    return { body: await getMembers(billingDeps(), req.user.sub) };
  }),
  'PUT /api/billing/members': httpHandler({ auth: 'owner', body: membersRequestSchema }, async (req) => {
    if (!req.user) throw signInRequired();
    return { body: await saveMembers(billingDeps(), req.user.sub, req.body.members) };
  }),
} as const;

const notFound = httpHandler({ auth: 'public' }, async () => {
  throw new AppError('errors.routeNotFound', 'No such billing route');
});

export async function handler(event: HttpEvent, context: Context): Promise<APIGatewayProxyResultV2> {
  const route = ROUTES[event.routeKey as keyof typeof ROUTES] ?? notFound;
  return route(event, context);
}
