// The payment provider's webhooks (issue #18, architecture §16): the only writers of a user's plan.
// Each event is claimed once; subscriptions set the plan and seats, a paid one-time purchase credits
// tickets once per Checkout Session and only to its paying customer, and a failed renewal is noticed
// to the owner. Prices, Checkout and My Plan are in ./billing.ts.
import type Stripe from 'stripe';
import { PURCHASE_KEYS, type PlanKey, type PurchaseKey } from '../../shared/domain/entities';
import { addTickets, lotsOfRecord, ticketCount } from '../../shared/domain/entitlements';
import type { UserRecord } from '../adapters/dynamo/repository';
import { localeForPath, translate } from '../../shared/i18n/server';
import { formatDollars } from '../../shared/domain/plans';
import { AppError } from '../core/errors';
import { escapeHtml } from '../core/html';
import type { NotifyJob } from '../jobs';
import type { Logger } from '../core/logger';
import { iso, type BillingDeps } from './billing';

/** Event ids are remembered this long (Stripe retries for up to 3 days). */
const EVENT_TTL_SECONDS = 30 * 24 * 3600;
/** A credited Checkout Session is remembered longer than any replay of its events could come. */
const PAYMENT_TTL_SECONDS = 400 * 24 * 3600;

// --- Webhooks ------------------------------------------------------------------------------------

const planOfPrice = (deps: Pick<BillingDeps, 'priceIds'>, priceId: string): PurchaseKey | undefined =>
  PURCHASE_KEYS.find((k) => deps.priceIds[k] === priceId);

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
