// Plans and payments (issue #18, architecture §16): prices from the payment provider (cached),
// Checkout Sessions, the webhooks — the only writers of a user's plan — and the My Plan data
// (subscription, cancel at period end, invoices). The provider is Stripe through its SDK.
import type Stripe from 'stripe';
import { PURCHASE_KEYS, type PlanKey, type PurchaseKey } from '../../shared/domain/entities';
import { STANDARD_PLAN_MAX_SEATS } from '../../shared/domain/constants';
import {
  addTickets,
  lotsOfRecord,
  remaining,
  ticketCount,
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
import { localeForPath, translate } from '../../shared/i18n/server';
import { formatDollars } from '../../shared/domain/plans';
import { AppError } from '../core/errors';
import { escapeHtml } from '../core/html';
import type { NotifyJob } from '../jobs';
import type { JobQueue } from '../ports';
import { companyBuyerOf } from './seats';
import type { AuthUser } from '../core/http';
import type { Logger } from '../core/logger';

/** The most contracts one one-time purchase may buy. */
export const MAX_ONETIME_QUANTITY = 1000;
/** How long a container keeps the price list (one provider call per 5 minutes per container). */
export const PRICE_CACHE_MS = 5 * 60 * 1000;
/** Event ids are remembered this long (Stripe retries for up to 3 days). */
const EVENT_TTL_SECONDS = 30 * 24 * 3600;
/** A credited Checkout Session is remembered longer than any replay of its events could come. */
const PAYMENT_TTL_SECONDS = 400 * 24 * 3600;

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

// --- Webhooks ------------------------------------------------------------------------------------

const planOfPrice = (deps: Pick<BillingDeps, 'priceIds'>, priceId: string): PurchaseKey | undefined =>
  PURCHASE_KEYS.find((k) => deps.priceIds[k] === priceId);

const iso = (unix: number) => new Date(unix * 1000).toISOString();

/** Whether writing these changes would leave the record as it is (null removes a field). */
function unchanged(record: UserRecord, changes: Partial<UserRecord>): boolean {
  return Object.entries(changes).every(([k, v]) => {
    const now = (record as unknown as Record<string, unknown>)[k];
    return v === undefined || (v === null ? now === undefined : JSON.stringify(v) === JSON.stringify(now));
  });
}

/** Reads the user (first from `prefetched`, read while the event was claimed), computes the change,
 *  writes it on condition of the version read; again on a race. A change that changes nothing is not
 *  written (Stripe sends several events for one change: most find the plan written already). */
async function changeEntitlements(
  deps: BillingDeps,
  userId: string,
  change: (record: UserRecord) => Partial<UserRecord> | null,
  prefetched?: Promise<UserRecord | null>,
  completeKey?: string,
): Promise<'written' | 'completed' | 'unchanged' | 'absent'> {
  for (let attempt = 1; attempt <= 10; attempt++) {
    const first = attempt === 1 && prefetched ? await prefetched : undefined;
    const record = first?.userId === userId ? first : await deps.users.getById(userId);
    if (!record) return 'absent';
    const changes = change(record);
    if (!changes || unchanged(record, changes)) return 'unchanged';
    if (await deps.users.updateEntitlements(userId, record.entitlementVersion, changes, completeKey)) {
      return completeKey ? 'completed' : 'written';
    }
    await new Promise((r) => setTimeout(r, 5 + Math.floor(Math.random() * 20 * attempt)));
  }
  throw new AppError('errors.conflict', 'The user record kept changing', { status: 409 });
}

/** The user's plan from the provider's subscription: plan, seats, period end (only while paid). */
async function applySubscription(
  deps: BillingDeps,
  sub: Stripe.Subscription,
  log?: Logger,
  prefetched?: Promise<UserRecord | null>,
  completeKey?: string,
): Promise<boolean> {
  const userId = sub.metadata?.userId;
  const item = sub.items.data[0];
  const plan = item ? planOfPrice(deps, item.price.id) : undefined;
  if (!userId || !item || !plan || plan === 'price_onetime') {
    log?.warn('subscription without a known user or plan', { subscription: sub.id });
    return false;
  }
  const paid = sub.status === 'active' || sub.status === 'trialing';
  const result = await changeEntitlements(
    deps,
    userId,
    (record) => {
      // A later subscription of the same user wins; an old one's events change nothing.
      if (record.subscriptionId && record.subscriptionId !== sub.id && sub.status === 'canceled') return null;
      const end = iso(item.current_period_end);
      const validDate = paid
        ? end
        : sub.status === 'canceled' && sub.ended_at && iso(sub.ended_at) < record.validDate
          ? iso(sub.ended_at)
          : record.validDate;
      return {
        plan: plan as PlanKey,
        seats: item.quantity ?? 1,
        validDate,
        subscriptionId: sub.id,
        subscriptionStatus: sub.status,
        cancelAt: sub.cancel_at ? iso(sub.cancel_at) : (null as never),
        customerId: typeof sub.customer === 'string' ? sub.customer : sub.customer.id,
      };
    },
    prefetched,
    completeKey,
  );
  return result === 'completed';
}

/** A paid one-time purchase: its contracts as a ticket lot, after the lots the user has. Credited
 *  once per paid Checkout Session, whatever event (or replay under a new event id) delivers it, and
 *  only to the user whose provider customer paid (issue #25): the session's own claim is marked done
 *  in the credit's transaction; a customer that is not the user's is logged and credits no one. */
async function applyPayment(
  deps: BillingDeps,
  session: Stripe.Checkout.Session,
  stripe: Stripe,
  now: Date,
  log?: Logger,
): Promise<void> {
  const userId = session.metadata?.userId ?? session.client_reference_id;
  if (!userId || session.payment_status !== 'paid') return;
  const paymentKey = `stripe-payment#${session.id}`;
  if (!(await deps.events.claim(paymentKey, PAYMENT_TTL_SECONDS))) {
    log?.info('one-time payment already credited', { session: session.id });
    return;
  }
  try {
    const customer = typeof session.customer === 'string' ? session.customer : session.customer?.id;
    const payer = await deps.users.getById(userId);
    let mismatch = !customer || payer?.customerId !== customer;
    const items = mismatch ? null : await stripe.checkout.sessions.listLineItems(session.id, { limit: 10 });
    const count = (items?.data ?? [])
      .filter((i) => i.price && planOfPrice(deps, i.price.id) === 'price_onetime')
      .reduce((n, i) => n + (i.quantity ?? 0), 0);
    const result =
      mismatch || count <= 0
        ? 'unchanged'
        : await changeEntitlements(
            deps,
            userId,
            (record) => {
              if (!customer || record.customerId !== customer) {
                mismatch = true;
                return null;
              }
              const lots = addTickets(lotsOfRecord(record, now), count, now, 'onetime');
              return { ticketLots: lots, availableTickets: ticketCount(lots, now) };
            },
            undefined,
            paymentKey,
          );
    // Ids only: never the buyer's name or address.
    if (mismatch || result === 'absent') {
      log?.warn('one-time payment whose customer is not the named user; credited no one', {
        session: session.id,
        userId,
      });
    }
    if (result !== 'completed') await deps.events.complete(paymentKey);
  } catch (err) {
    await deps.events.release(paymentKey);
    throw err;
  }
}

/** A renewal that could not be charged: a translated e-mail to the owner, once per invoice (the notify
 *  worker's idempotency key). The plan itself changes by the subscription's own events. */
async function noticeFailedRenewal(deps: BillingDeps, invoice: Stripe.Invoice): Promise<void> {
  const details = invoice.parent?.subscription_details;
  const userId = details?.metadata?.userId;
  if (!userId || invoice.billing_reason === 'subscription_create') return;
  const record = await deps.users.getById(userId);
  if (!record) return;
  // In the language the owner signed up in. When an unpaid plan ends is Stripe's retry schedule's
  // (docs/deploy.md), so the notice names no date.
  const lang = record.consents?.lang === 'jp' || record.consents?.lang === 'ko' ? record.consents.lang : 'en';
  const locale = localeForPath(lang);
  const link = `${deps.appUrl.replace(/\/$/, '')}/${lang}/home/myplan`;
  const values = {
    name: record.name,
    plan: translate(`billingMail.plans.${record.plan}`, {}, locale),
    amount: formatDollars(invoice.amount_due),
    link,
  };
  const key = (k: string) => translate(`billingMail.paymentFailed.${k}`, values, locale);
  const paragraphs = [key('greeting'), key('intro'), key('body')];
  const job: NotifyJob = {
    kind: 'email',
    idempotencyKey: `payment-failed#${invoice.id}`,
    to: [record.email],
    subject: key('subject'),
    text: [
      ...paragraphs,
      `${key('button')}: ${link}`,
      invoice.hosted_invoice_url
        ? translate('billingMail.paymentFailed.invoice', { link: invoice.hosted_invoice_url }, locale)
        : '',
      'SignSeal',
    ]
      .filter(Boolean)
      .join('\n\n'),
    html: `${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<p><a href="${escapeHtml(link)}">${escapeHtml(key('button'))}</a></p>`,
  };
  await deps.queue.enqueue('notify', job);
}

/** The events that change a plan: the subscription to read and, from the event's metadata, its user. */
function readTargets(event: Stripe.Event): { subscriptionId?: string; userId?: string } {
  const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : v?.id);
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      if (session.mode !== 'subscription') return {};
      return {
        subscriptionId: idOf(session.subscription),
        userId: session.metadata?.userId ?? session.client_reference_id ?? undefined,
      };
    }
    case 'invoice.paid': {
      const details = event.data.object.parent?.subscription_details;
      return { subscriptionId: idOf(details?.subscription), userId: details?.metadata?.userId };
    }
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return { subscriptionId: event.data.object.id, userId: event.data.object.metadata?.userId };
    default:
      return {};
  }
}

/** POST /api/stripe/webhook: a signed event, processed once per event id. Forged or stale → 400. */
export async function handleWebhook(
  deps: BillingDeps,
  rawBody: string,
  signature: string | undefined,
  log?: Logger,
  now = new Date(),
): Promise<{ received: true; duplicate?: true }> {
  const { stripe, keys } = await deps.stripe();
  let event: Stripe.Event;
  try {
    event = await stripe.webhooks.constructEventAsync(rawBody, signature ?? '', keys.webhookSecret);
  } catch {
    throw new AppError('billing.errors.badSignature', 'The webhook signature does not match', {
      status: 400,
    });
  }
  const key = `stripe-event#${event.id}`;
  // The reads need no claim: the subscription (the provider's current state, not the event's, which
  // may be stale or out of order) and the user record start with the claim, not after it (three
  // round trips in parallel instead of in a row; a duplicate drops them).
  const target = readTargets(event);
  const sub = target.subscriptionId ? stripe.subscriptions.retrieve(target.subscriptionId) : undefined;
  const user = target.userId && sub ? deps.users.getById(target.userId) : undefined;
  sub?.catch(() => undefined);
  user?.catch(() => undefined);
  if (!(await deps.events.claim(key, EVENT_TTL_SECONDS))) return { received: true, duplicate: true };
  let completed = false;
  try {
    if (event.type === 'checkout.session.completed' && event.data.object.mode === 'payment') {
      await applyPayment(deps, event.data.object, stripe, now, log);
    } else if (event.type === 'invoice.payment_failed') {
      await noticeFailedRenewal(deps, event.data.object);
    } else if (sub) {
      // The plan's write also marks the event done (one transaction); else it is marked below.
      completed = await applySubscription(deps, await sub, log, user, key);
    }
  } catch (err) {
    await deps.events.release(key);
    throw err;
  }
  if (!completed) await deps.events.complete(key);
  log?.info('stripe event processed', { type: event.type, eventId: event.id });
  return { received: true };
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
  const planOf = buyer ?? record;
  const lots = lotsOfRecord(record, now);
  const left = remaining(
    {
      plan: planOf.plan,
      validDate: planOf.validDate,
      seats: planOf.seats,
      usageMonth: planOf.usageMonth,
      usageCount: planOf.usageCount,
      lots,
    },
    now,
    deps.rules ?? DEFAULT_ENTITLEMENT_RULES,
  );
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
    availableTickets: ticketCount(lots, now),
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
