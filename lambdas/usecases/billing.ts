// Plans and payments (issue #18, architecture §16): prices from the payment provider (cached),
// Checkout Sessions, the webhooks — the only writers of a user's plan — and the My Plan data
// (subscription, cancel at period end, invoices). The provider is Stripe through its SDK.
// The webhooks, the only writers of a user's plan, are in ./billing-webhooks.ts.
import type Stripe from 'stripe';
import { PURCHASE_KEYS, type PurchaseKey } from '../../shared/domain/entities';
import { STANDARD_PLAN_MAX_SEATS } from '../../shared/domain/constants';
import {
  remainingContracts,
  DEFAULT_ENTITLEMENT_RULES,
  type EntitlementRules,
} from '../../shared/domain/entitlements';
import { daysLeft, planLengthDays } from '../../shared/domain/plans';
import type { Language } from '../../shared/domain/constants';
import type {
  EntitlementStore,
  IdempotencyStore,
  SeatMemberStore,
  UserRecord,
} from '../adapters/dynamo/repository';
import { AppError } from '../core/errors';
import type { JobQueue } from '../ports';
import { companyBuyerOf, planShownFor, sharedLots } from './seats';
import type { AuthUser } from '../core/http';

/** The most contracts one one-time purchase may buy. */
export const MAX_ONETIME_QUANTITY = 1000;
/** How long a container keeps the price list (one provider call per 5 minutes per container). */
export const PRICE_CACHE_MS = 5 * 60 * 1000;

export interface BillingDeps {
  readonly stripe: () => Promise<{ stripe: Stripe; keys: { webhookSecret: string } }>;
  /** plan key → price id (config STRIPE_PRICE_IDS). */
  readonly priceIds: Readonly<Partial<Record<PurchaseKey, string>>>;
  readonly users: EntitlementStore & {
    update(userId: string, changes: Partial<UserRecord>): Promise<UserRecord>;
  };
  readonly events: IdempotencyStore;
  /** Company seat members (./seats.ts). */
  readonly seats: SeatMemberStore;
  /** The notify queue: the failed-renewal notice. */
  readonly queue: Pick<JobQueue, 'enqueue'>;
  readonly appUrl: string;
  readonly rules?: EntitlementRules;
}

export interface PriceInfo {
  priceId: string;
  /** Cents. */
  price: number;
  currency: string;
  interval: 'month' | 'year' | null;
  productName: string;
}

/** A provider's Unix time as ISO 8601. */
export const iso = (unix: number) => new Date(unix * 1000).toISOString();

// --- Prices --------------------------------------------------------------------------------------

let priceCache: { at: number; value: Partial<Record<PurchaseKey, PriceInfo>> } | undefined;

/** For tests. */
export function resetPriceCache(): void {
  priceCache = undefined;
}

/** GET /api/plans/prices: each configured plan's price, read from the provider at most every 5 min. */
export async function planPrices(
  deps: Pick<BillingDeps, 'stripe' | 'priceIds'>,
  now = Date.now(),
): Promise<Partial<Record<PurchaseKey, PriceInfo>>> {
  if (priceCache && now - priceCache.at < PRICE_CACHE_MS) return priceCache.value;
  const { stripe } = await deps.stripe();
  const list = await stripe.prices.list({ active: true, limit: 100, expand: ['data.product'] });
  const byId = new Map(list.data.map((p) => [p.id, p]));
  const value: Partial<Record<PurchaseKey, PriceInfo>> = {};
  for (const key of PURCHASE_KEYS) {
    const id = deps.priceIds[key];
    const p = id ? (byId.get(id) ?? (await stripe.prices.retrieve(id, { expand: ['product'] }))) : undefined;
    if (!p || p.unit_amount === null) continue;
    const product = typeof p.product === 'object' && 'name' in p.product ? p.product.name : '';
    value[key] = {
      priceId: p.id,
      price: p.unit_amount,
      currency: p.currency,
      interval: (p.recurring?.interval as 'month' | 'year' | undefined) ?? null,
      productName: product,
    };
  }
  priceCache = { at: now, value };
  return value;
}

// --- Checkout ------------------------------------------------------------------------------------

const notPositive = () =>
  new AppError('billing.errors.notPositive', 'The quantity must be a positive whole number', { status: 400 });

/** Seats (standard) or contracts (one-time); personal plans have one seat. */
export function checkQuantity(plan: PurchaseKey, quantity: number): void {
  if (!Number.isInteger(quantity) || quantity <= 0) throw notPositive();
  if (plan.endsWith('_personal') && quantity !== 1) {
    throw new AppError('billing.errors.personalSeats', 'A personal plan has one seat', {
      status: 400,
      details: { seats: 1 },
    });
  }
  if (plan.endsWith('_standard') && quantity > STANDARD_PLAN_MAX_SEATS) {
    throw new AppError('billing.errors.tooManySeats', 'Too many seats', {
      status: 400,
      details: { max: STANDARD_PLAN_MAX_SEATS },
    });
  }
  if (plan === 'price_onetime' && quantity > MAX_ONETIME_QUANTITY) {
    throw new AppError('billing.errors.tooManyContracts', 'Too many contracts in one purchase', {
      status: 400,
      details: { max: MAX_ONETIME_QUANTITY },
    });
  }
}

/** POST /api/billing/checkout: a Checkout Session for the owner; the SPA goes to its URL. */
export async function createCheckout(
  deps: BillingDeps,
  user: AuthUser,
  input: { plan: PurchaseKey; quantity: number; lang: Language },
): Promise<{ url: string; sessionId: string; changed?: true }> {
  checkQuantity(input.plan, input.quantity);
  const priceId = deps.priceIds[input.plan];
  if (!priceId) throw new AppError('billing.errors.unavailable', 'This plan is not on sale', { status: 503 });
  const record = await deps.users.getById(user.sub);
  if (!record) throw new AppError('errors.unauthorized', 'Sign-in required');
  const subscription = input.plan !== 'price_onetime';
  const base = deps.appUrl.replace(/\/$/, '');
  const page = `${base}/${input.lang}/home/pay_plan/${input.plan}`;
  const { stripe } = await deps.stripe();
  // One subscription at a time: choosing another plan or seat count changes it (never a second one).
  if (
    subscription &&
    record.subscriptionId &&
    record.subscriptionStatus &&
    record.subscriptionStatus !== 'canceled'
  ) {
    await changeSubscription(stripe, record, input.plan, input.quantity, priceId);
    return { url: `${page}?changed=true`, sessionId: record.subscriptionId, changed: true };
  }
  let customerId = record.customerId;
  if (!customerId) {
    const customer = await stripe.customers.create(
      { email: record.email, name: record.name, metadata: { userId: record.userId } },
      { idempotencyKey: `customer-${record.userId}` },
    );
    customerId = customer.id;
    // The provider's id of this user (not a plan fact): kept so every purchase uses one customer.
    await deps.users.update(record.userId, { customerId });
  }
  const metadata = { userId: record.userId, plan: input.plan };
  const session = await stripe.checkout.sessions.create({
    mode: subscription ? 'subscription' : 'payment',
    customer: customerId,
    client_reference_id: record.userId,
    line_items: [{ price: priceId, quantity: input.quantity }],
    metadata,
    ...(subscription ? { subscription_data: { metadata } } : {}),
    success_url: `${page}?isModalOpen=true&session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: page,
  });
  if (!session.url) throw new AppError('errors.unavailable', 'The payment provider gave no checkout page');
  return { url: session.url, sessionId: session.id };
}

/** A plan change (issue #18): the subscription's item gets the new price and quantity, with Stripe's
 *  default proration; the webhook that follows writes the plan, as for a new subscription. */
async function changeSubscription(
  stripe: Stripe,
  record: UserRecord,
  plan: PurchaseKey,
  quantity: number,
  priceId: string,
): Promise<void> {
  const refuse = (code: string, message: string) => new AppError(code, message, { status: 409 });
  if (record.subscriptionStatus !== 'active' && record.subscriptionStatus !== 'trialing') {
    throw refuse('billing.errors.notChangeable', 'The subscription is not active');
  }
  if (plan.endsWith('_standard') && (record.memberEmails?.length ?? 0) > quantity - 1) {
    throw new AppError('billing.members.errors.tooMany', 'Fewer seats than members', {
      status: 409,
      details: { max: quantity - 1 },
    });
  }
  const sub = await stripe.subscriptions.retrieve(record.subscriptionId!);
  const item = sub.items.data[0];
  if (!item || sub.status === 'canceled') throw refuse('billing.errors.notChangeable', 'No item to change');
  if (item.price.id === priceId && item.quantity === quantity) {
    throw refuse('billing.errors.samePlan', 'This is the plan already');
  }
  await stripe.subscriptions.update(
    sub.id,
    { items: [{ id: item.id, price: priceId, quantity }], metadata: { plan } },
    { idempotencyKey: `change-${sub.id}-${priceId}-${quantity}-${record.entitlementVersion ?? 0}` },
  );
}

// --- My Plan -------------------------------------------------------------------------------------

export interface SubscriptionView {
  id: string;
  created: number;
  cancel_at: number | null;
  canceled_at: number | null;
  currency: string;
  current_period_start: number;
  current_period_end: number;
  quantity: number;
  latest_invoice: string | null;
  status: string;
}

/** GET /api/billing/plan: the plan, days left, what is left to send, and the subscription. */
export async function myPlan(deps: BillingDeps, user: AuthUser, sessionId?: string, now = new Date()) {
  const record = await deps.users.getById(user.sub);
  if (!record) throw new AppError('errors.unauthorized', 'Sign-in required');
  // A company member sees the buyer's plan (and its sends left); their own tickets stay theirs.
  const buyer = await companyBuyerOf(deps, record, now);
  const planOf = planShownFor(record, buyer, now);
  const lots = sharedLots(record, buyer, now);
  const left = remainingContracts(planOf, lots, now, deps.rules ?? DEFAULT_ENTITLEMENT_RULES);
  let subscription: SubscriptionView | null = null;
  if (record.subscriptionId) {
    const { stripe } = await deps.stripe();
    const sub = await stripe.subscriptions.retrieve(record.subscriptionId);
    const item = sub.items.data[0];
    subscription = {
      id: sub.id,
      created: sub.created,
      cancel_at: sub.cancel_at,
      canceled_at: sub.canceled_at,
      currency: sub.currency,
      current_period_start: item?.current_period_start ?? sub.start_date,
      current_period_end: item?.current_period_end ?? sub.start_date,
      quantity: item?.quantity ?? 1,
      latest_invoice:
        typeof sub.latest_invoice === 'string' ? sub.latest_invoice : (sub.latest_invoice?.id ?? null),
      status: sub.status,
    };
  }
  // The pay page's result after Checkout (isModalOpen=true&session_id=…): the session's payment
  // status, for this user's own sessions only. The plan itself changes by the webhook alone.
  let checkout: { status: string | null; paymentStatus: string } | null = null;
  if (sessionId && record.customerId) {
    const { stripe } = await deps.stripe();
    const session = await stripe.checkout.sessions.retrieve(sessionId).catch(() => null);
    const customer = typeof session?.customer === 'string' ? session.customer : session?.customer?.id;
    if (session && customer === record.customerId) {
      checkout = { status: session.status, paymentStatus: session.payment_status };
    }
  }
  return {
    checkout,
    plan: planOf.plan,
    validDate: planOf.validDate,
    daysLeft: daysLeft(planOf.validDate, now),
    planLengthDays: planLengthDays(planOf.plan),
    seats: planOf.seats ?? 1,
    companyOwnerEmail: buyer?.email ?? null,
    availableTickets: left.tickets,
    remaining: left,
    subscription,
  };
}

/** POST /api/billing/cancel: cancel at period end (immediate cancel is disabled, spec §9.2). */
export async function cancelAtPeriodEnd(deps: BillingDeps, user: AuthUser): Promise<{ cancelAt: string }> {
  const record = await deps.users.getById(user.sub);
  if (!record?.subscriptionId || record.subscriptionStatus === 'canceled') {
    throw new AppError('billing.errors.noSubscription', 'There is no subscription to cancel', {
      status: 409,
    });
  }
  const { stripe } = await deps.stripe();
  const sub = await stripe.subscriptions.update(record.subscriptionId, { cancel_at_period_end: true });
  const end = sub.cancel_at ?? sub.items.data[0]?.current_period_end ?? 0;
  return { cancelAt: iso(end) };
}

/** GET /api/billing/invoices: the customer's invoices with the hosted page and the PDF. */
export async function listInvoices(deps: BillingDeps, user: AuthUser) {
  const record = await deps.users.getById(user.sub);
  if (!record?.customerId) return { invoices: [] };
  const { stripe } = await deps.stripe();
  const list = await stripe.invoices.list({ customer: record.customerId, limit: 24 });
  return {
    invoices: list.data.map((i) => ({
      id: i.id,
      number: i.number,
      created: i.created,
      status: i.status,
      total: i.total,
      currency: i.currency,
      hosted_invoice_url: i.hosted_invoice_url ?? null,
      invoice_pdf: i.invoice_pdf ?? null,
      lines: {
        total_count: (i.lines as { total_count?: number }).total_count ?? i.lines.data.length,
        data: i.lines.data.slice(0, 1).map((l) => ({ description: l.description, period: l.period })),
      },
    })),
  };
}
