// A small Stripe-compatible server for the local cloud (architecture §16, issue #18). No Stripe
// emulator is installable here, so this carries exactly the endpoints the product calls, with
// Stripe's response shapes (API version of the `stripe` SDK in package.json), reached by the real
// SDK through its host/port/protocol options:
//   prices (list/retrieve, expand product), products, customers (create/retrieve/update), checkout
//   sessions (create/retrieve/line items) with a hosted checkout page, subscriptions
//   (retrieve/list/update cancel_at_period_end), invoices (list/retrieve, hosted page and PDF),
//   events (list/retrieve), test clocks (create/retrieve/advance → renewals, failed renewals, ends).
// Webhooks are signed exactly as Stripe signs them (`Stripe-Signature: t=…,v1=HMAC-SHA256(secret,
// "t.payload")`) and retried with backoff. State persists in a JSON file under the data folder.
// It is part of the local cloud, not of the product.
import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { SEED_PRICES, localPriceId } from './catalogue';
import { listenOn } from '../ports';

/** The API version the SDK in package.json pins (Stripe answers in the caller's version). */
export const LOCAL_STRIPE_API_VERSION = '2026-10-28.endive';

type Obj = Record<string, unknown> & { id: string; object: string };

interface PaymentMethod {
  id: string;
  last4: string;
  brand: string;
  /** How a charge on it ends: Stripe's test cards. */
  outcome: 'succeeds' | 'declined' | 'insufficient_funds';
}

interface State {
  seq: number;
  webhookSecret: string;
  objects: Record<string, Obj>;
  /** Private facts per object id (never in an API answer). */
  privateFacts: Record<
    string,
    {
      lineItems?: { price: string; quantity: number }[];
      pm?: PaymentMethod;
      subscriptionMetadata?: Record<string, string>;
    }
  >;
  eventOrder: string[];
}

export interface LocalStripeOptions {
  port: number;
  host: string;
  dataDir: string;
  /** Where events are posted (the app's /api/stripe/webhook). */
  webhookUrl?: string;
  /** Retry delays of a failed delivery, ms (Stripe: hours; locally seconds). */
  retryDelaysMs?: readonly number[];
  log?: (line: string) => void;
}

export interface LocalStripe {
  url: string;
  port: number;
  /** Any `sk_test_…` key is accepted; this one is what the local cloud configures. */
  secretKey: string;
  webhookSecret: string;
  stop(): Promise<void>;
}

export const LOCAL_STRIPE_SECRET_KEY = 'sk_test_local_signseal';

// --- Stripe's test cards (toolchain-facts: Payments) ------------------------------------------------

const CARDS: Record<string, Omit<PaymentMethod, 'id'>> = {
  '4242424242424242': { last4: '4242', brand: 'visa', outcome: 'succeeds' },
  '4000056655665556': { last4: '5556', brand: 'visa', outcome: 'succeeds' },
  '5555555555554444': { last4: '4444', brand: 'mastercard', outcome: 'succeeds' },
  '4000000000000002': { last4: '0002', brand: 'visa', outcome: 'declined' },
  '4000000000009995': { last4: '9995', brand: 'visa', outcome: 'insufficient_funds' },
};
/** Test payment method ids a customer's default can be set to (e.g. to fail the next renewal). */
const TEST_PMS: Record<string, Omit<PaymentMethod, 'id'>> = {
  pm_card_visa: CARDS['4242424242424242']!,
  pm_card_chargeCustomerFail: { last4: '0341', brand: 'visa', outcome: 'declined' },
  pm_card_visa_chargeDeclined: CARDS['4000000000000002']!,
  pm_card_visa_chargeDeclinedInsufficientFunds: CARDS['4000000000009995']!,
};
const DECLINE_MESSAGES = {
  declined: { decline_code: 'generic_decline', message: 'Your card was declined.' },
  insufficient_funds: { decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
} as const;

class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.message));
  }
}
const invalid = (message: string, param?: string) =>
  new StripeError(400, { type: 'invalid_request_error', message, ...(param ? { param } : {}) });
const missing = (id: string, kind: string, param = 'id') =>
  new StripeError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param,
    message: `No such ${kind}: '${id}'`,
  });

// --- Form bodies: Stripe's bracket encoding (a[b][0][c]=v) -------------------------------------------

export function parseStripeForm(text: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const parts = rawKey.split('[').map((p, i) => (i === 0 ? p : p.replace(/]$/, '')));
    let node: Record<string, unknown> | unknown[] = out;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const nextIsIndex = !last && /^\d*$/.test(parts[i + 1]!);
      const key: string | number = Array.isArray(node) ? (part === '' ? node.length : Number(part)) : part;
      const container = node as Record<string | number, unknown>;
      if (last) container[key] = value;
      else {
        container[key] ??= nextIsIndex ? [] : {};
        node = container[key] as Record<string, unknown>;
      }
    });
  }
  return out;
}

const int = (v: unknown, param: string): number => {
  const n = Number(v);
  if (!Number.isInteger(n)) throw invalid(`Invalid integer: ${String(v)}`, param);
  return n;
};

// --- Time ----------------------------------------------------------------------------------------

function addInterval(unix: number, interval: string): number {
  const d = new Date(unix * 1000);
  if (interval === 'year') d.setUTCFullYear(d.getUTCFullYear() + 1);
  else d.setUTCMonth(d.getUTCMonth() + 1);
  return Math.floor(d.getTime() / 1000);
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const dollars = (cents: number) => `$${(cents / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;

export async function startLocalStripe(options: LocalStripeOptions): Promise<LocalStripe> {
  const log = options.log ?? (() => undefined);
  const retryDelays = options.retryDelaysMs ?? [1000, 2000, 5000, 10000, 30000];
  const file = path.join(options.dataDir, 'stripe', 'state.json');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const state: State = fs.existsSync(file)
    ? (JSON.parse(fs.readFileSync(file, 'utf8')) as State)
    : {
        seq: 0,
        webhookSecret: `whsec_${randomBytes(24).toString('hex')}`,
        objects: {},
        privateFacts: {},
        eventOrder: [],
      };
  let stopped = false;
  const save = () => {
    if (!stopped) fs.writeFileSync(file, JSON.stringify(state));
  };
  // The port is known once listening (0 picks a free one); hosted URLs are made after that.
  let base = `http://${options.host}:${options.port}`;
  const timers = new Set<NodeJS.Timeout>();

  const newId = (prefix: string) => {
    state.seq += 1;
    return `${prefix}_${prefix === 'cs' ? 'test_' : ''}L${state.seq.toString(36).padStart(6, '0')}${randomBytes(6).toString('hex')}`;
  };
  const get = (id: string, kind: string, object: string, param = 'id'): Obj => {
    const o = state.objects[id];
    if (!o || o.object !== object) throw missing(id, kind, param);
    return o;
  };
  const put = (o: Obj) => {
    state.objects[o.id] = o;
    return o;
  };

  // Seeded catalogue (idempotent).
  for (const p of SEED_PRICES) {
    const created = Math.floor(Date.UTC(2026, 0, 1) / 1000);
    state.objects[p.product.id] ??= {
      id: p.product.id,
      object: 'product',
      active: true,
      name: p.product.name,
      description: p.product.description,
      created,
      updated: created,
      livemode: false,
      metadata: {},
      default_price: null,
      images: [],
      type: 'service',
    };
    state.objects[localPriceId(p.key)] ??= {
      id: localPriceId(p.key),
      object: 'price',
      active: true,
      billing_scheme: 'per_unit',
      created,
      currency: 'usd',
      livemode: false,
      lookup_key: p.key,
      metadata: { plan: p.key },
      nickname: p.key,
      product: p.product.id,
      recurring: p.interval
        ? {
            interval: p.interval,
            interval_count: 1,
            usage_type: 'licensed',
            meter: null,
            trial_period_days: null,
          }
        : null,
      tax_behavior: 'unspecified',
      type: p.interval ? 'recurring' : 'one_time',
      unit_amount: p.unitAmount,
      unit_amount_decimal: String(p.unitAmount),
    };
  }
  save();

  const clockOf = (customerId: unknown): Obj | undefined => {
    const customer = typeof customerId === 'string' ? state.objects[customerId] : undefined;
    const clock = customer?.test_clock;
    return typeof clock === 'string' ? state.objects[clock] : undefined;
  };
  const nowFor = (customerId: unknown): number =>
    (clockOf(customerId)?.frozen_time as number | undefined) ?? Math.floor(Date.now() / 1000);

  // --- Expansion --------------------------------------------------------------------------------

  function expand(value: unknown, parts: string[]): unknown {
    if (parts.length === 0)
      return typeof value === 'string' && state.objects[value] ? clone(state.objects[value]) : value;
    if (Array.isArray(value)) return value.map((v) => expand(v, parts));
    if (!value || typeof value !== 'object') return value;
    const [head, ...rest] = parts;
    const o = value as Record<string, unknown>;
    if (head! in o) o[head!] = expand(o[head!], rest);
    return o;
  }
  const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;
  const answer = (o: unknown, params: Record<string, unknown>) => {
    let out = clone(o);
    const paths = params.expand;
    for (const p of Array.isArray(paths) ? paths : paths ? [paths] : [])
      out = expand(out, String(p).split('.'));
    return out;
  };
  const list = (url: string, data: Obj[], params: Record<string, unknown>) => {
    const limit = Math.min(100, Math.max(1, params.limit === undefined ? 10 : int(params.limit, 'limit')));
    let rows = data;
    if (typeof params.starting_after === 'string') {
      const i = rows.findIndex((r) => r.id === params.starting_after);
      rows = i >= 0 ? rows.slice(i + 1) : rows;
    }
    return answer({ object: 'list', data: rows.slice(0, limit), has_more: rows.length > limit, url }, params);
  };
  const all = (object: string) =>
    Object.values(state.objects)
      .filter((o) => o.object === object)
      .sort((a, b) => (b.created as number) - (a.created as number) || (b.id < a.id ? -1 : 1));

  // --- Events and webhooks --------------------------------------------------------------------------

  function emit(type: string, object: Obj, previous?: Record<string, unknown>) {
    const event: Obj = {
      id: newId('evt'),
      object: 'event',
      api_version: LOCAL_STRIPE_API_VERSION,
      created: nowFor(object.customer ?? (object.object === 'customer' ? object.id : undefined)),
      data: { object: clone(object), ...(previous ? { previous_attributes: previous } : {}) },
      livemode: false,
      pending_webhooks: options.webhookUrl ? 1 : 0,
      request: { id: null, idempotency_key: null },
      type,
    };
    put(event);
    state.eventOrder.push(event.id);
    deliveries.push(event.id);
  }

  /** A new invoice's events, as Stripe sends them: created, finalized, then paid or failed. */
  function emitInvoice(invoice: Obj, paid: boolean) {
    emit('invoice.created', invoice);
    emit('invoice.finalized', invoice);
    if (paid) {
      emit('invoice.paid', invoice);
      emit('invoice.payment_succeeded', invoice);
    } else emit('invoice.payment_failed', invoice);
  }

  /** Stripe's signature: t=timestamp, v1=HMAC-SHA256 of "t.payload" with the endpoint's secret. */
  const sign = (payload: string, t: number) =>
    `t=${t},v1=${createHmac('sha256', state.webhookSecret).update(`${t}.${payload}`).digest('hex')}`;

  const deliveries: string[] = [];
  let delivering = false;
  async function deliver(eventId: string, attempt: number): Promise<void> {
    const event = state.objects[eventId]!;
    const payload = JSON.stringify(event, null, 2);
    let ok = false;
    try {
      const res = await fetch(options.webhookUrl!, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'stripe-signature': sign(payload, Math.floor(Date.now() / 1000)),
        },
        body: payload,
        signal: AbortSignal.timeout(20_000),
      });
      ok = res.status >= 200 && res.status < 300;
      await res.arrayBuffer().catch(() => undefined);
      if (!ok)
        log(`Local Stripe: webhook ${event.type} ${eventId} answered ${res.status} (attempt ${attempt})`);
    } catch (err) {
      log(`Local Stripe: webhook ${event.type} ${eventId} failed (attempt ${attempt}): ${String(err)}`);
    }
    if (ok) {
      event.pending_webhooks = 0;
      save();
      return;
    }
    const delay = retryDelays[attempt - 1];
    if (delay === undefined || stopped) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      void deliver(eventId, attempt + 1);
    }, delay);
    timers.add(timer);
  }
  async function flush(): Promise<void> {
    if (delivering || !options.webhookUrl) return;
    delivering = true;
    try {
      // In order, one at a time (Stripe does not promise an order; the product must not rely on it).
      for (let id = deliveries.shift(); id; id = deliveries.shift()) await deliver(id, 1);
    } finally {
      delivering = false;
    }
  }
  // --- Charges, invoices, subscriptions --------------------------------------------------------------

  function priceOf(id: unknown, param: string): Obj {
    if (typeof id !== 'string') throw invalid('Missing required param: price.', param);
    return get(id, 'price', 'price', param);
  }

  function makeInvoice(input: {
    customer: string;
    subscription?: Obj;
    item?: Obj;
    price: Obj;
    quantity: number;
    periodStart: number;
    periodEnd: number;
    reason: string;
    paid: boolean;
    at: number;
  }): Obj {
    const amount = (input.price.unit_amount as number) * input.quantity;
    const product = state.objects[input.price.product as string];
    const id = newId('in');
    const count = all('invoice').filter((i) => i.customer === input.customer).length + 1;
    const interval = (input.price.recurring as { interval?: string } | null)?.interval;
    const description = `${input.quantity} × ${String(product?.name ?? 'item')} (at ${dollars(input.price.unit_amount as number)}${interval ? ` / ${interval}` : ''})`;
    return put({
      id,
      object: 'invoice',
      account_country: 'US',
      amount_due: amount,
      amount_paid: input.paid ? amount : 0,
      amount_remaining: input.paid ? 0 : amount,
      attempt_count: 1,
      attempted: true,
      billing_reason: input.reason,
      collection_method: 'charge_automatically',
      created: input.at,
      currency: 'usd',
      customer: input.customer,
      description: null,
      hosted_invoice_url: `${base}/i/${id}`,
      invoice_pdf: `${base}/i/${id}/pdf`,
      lines: {
        object: 'list',
        data: [
          {
            id: newId('il'),
            object: 'line_item',
            amount,
            currency: 'usd',
            description,
            invoice: id,
            livemode: false,
            metadata: {},
            parent: input.subscription
              ? {
                  type: 'subscription_item_details',
                  subscription_item_details: {
                    subscription: input.subscription.id,
                    subscription_item: input.item?.id ?? null,
                    proration: false,
                  },
                }
              : null,
            period: { start: input.periodStart, end: input.periodEnd },
            pricing: {
              type: 'price_details',
              price_details: { price: input.price.id, product: input.price.product },
              unit_amount_decimal: String(input.price.unit_amount),
            },
            quantity: input.quantity,
          },
        ],
        has_more: false,
        total_count: 1,
        url: `/v1/invoices/${id}/lines`,
      },
      livemode: false,
      metadata: {},
      number: `LOCAL-${input.customer.slice(-6).toUpperCase()}-${String(count).padStart(4, '0')}`,
      parent: input.subscription
        ? {
            type: 'subscription_details',
            quote_details: null,
            subscription_details: {
              subscription: input.subscription.id,
              metadata: input.subscription.metadata,
            },
          }
        : null,
      period_end: input.periodEnd,
      period_start: input.periodStart,
      status: input.paid ? 'paid' : 'open',
      status_transitions: { finalized_at: input.at, paid_at: input.paid ? input.at : null },
      subtotal: amount,
      test_clock: clockOf(input.customer)?.id ?? null,
      total: amount,
    });
  }

  const subscriptionItem = (s: Obj) => (s.items as { data: Obj[] }).data[0]!;

  /** Renews, fails or ends each subscription of a customer on this clock up to its frozen time. */
  function runClock(clock: Obj) {
    const now = clock.frozen_time as number;
    const customers = new Set(
      all('customer')
        .filter((c) => c.test_clock === clock.id)
        .map((c) => c.id),
    );
    for (const sub of all('subscription').filter((s) => customers.has(s.customer as string))) {
      for (let guard = 0; guard < 100; guard++) {
        const item = subscriptionItem(sub);
        const end = item.current_period_end as number;
        if (sub.status === 'canceled' || end > now) break;
        if (sub.cancel_at_period_end || sub.status === 'past_due') {
          // Cancel at period end, or the renewal still unpaid at the next period end (Stripe's retries,
          // shortened): the subscription ends.
          Object.assign(sub, { status: 'canceled', ended_at: end, canceled_at: sub.canceled_at ?? end });
          emit('customer.subscription.deleted', sub);
          break;
        }
        const price = item.price as Obj;
        const nextEnd = addInterval(end, (price.recurring as { interval: string }).interval);
        const previous = { items: clone(sub.items), status: sub.status };
        Object.assign(item, { current_period_start: end, current_period_end: nextEnd });
        const pm = state.privateFacts[sub.customer as string]?.pm;
        const paid = pm?.outcome === 'succeeds';
        const invoice = makeInvoice({
          customer: sub.customer as string,
          subscription: sub,
          item,
          price,
          quantity: item.quantity as number,
          periodStart: end,
          periodEnd: nextEnd,
          reason: 'subscription_cycle',
          paid,
          at: end,
        });
        sub.latest_invoice = invoice.id;
        sub.status = paid ? 'active' : 'past_due';
        emitInvoice(invoice, paid);
        emit('customer.subscription.updated', sub, previous);
      }
    }
  }

  /** A plan change (`items[0][id|price|quantity]`). As in Stripe: the same interval keeps the period
   *  (Stripe adds prorations to the next invoice; here the next invoice bills the new price); another
   *  interval resets the billing cycle to now and invoices at once, charged to the customer's card. */
  function changeItem(s: Obj, items: unknown, previous: Record<string, unknown>): void {
    const change = (Array.isArray(items) ? items[0] : undefined) as Record<string, unknown> | undefined;
    if (!change || typeof change !== 'object') throw invalid('Invalid array', 'items');
    const item = subscriptionItem(s);
    if (change.id !== undefined && change.id !== item.id) {
      throw invalid(`No such subscription item: '${String(change.id)}'`, 'items[0][id]');
    }
    const price = change.price === undefined ? (item.price as Obj) : priceOf(change.price, 'items[0][price]');
    const interval = (price.recurring as { interval?: string } | null)?.interval;
    if (!interval) {
      throw invalid(
        'The price specified is set to `type=one_time` but this field only accepts prices with `type=recurring`.',
        'items[0][price]',
      );
    }
    const quantity =
      change.quantity === undefined ? (item.quantity as number) : int(change.quantity, 'items[0][quantity]');
    if (quantity < 1) throw invalid('This value must be greater than or equal to 1.', 'items[0][quantity]');
    previous.items = clone(s.items);
    const before = (item.price as { recurring: { interval: string } }).recurring.interval;
    Object.assign(item, { price: clone(price), quantity });
    if (interval === before) return;
    const now = nowFor(s.customer);
    const end = addInterval(now, interval);
    Object.assign(item, { current_period_start: now, current_period_end: end });
    s.billing_cycle_anchor = now;
    if (s.cancel_at_period_end) s.cancel_at = end;
    const paid = state.privateFacts[s.customer as string]?.pm?.outcome === 'succeeds';
    const invoice = makeInvoice({
      customer: s.customer as string,
      subscription: s,
      item,
      price,
      quantity,
      periodStart: now,
      periodEnd: end,
      reason: 'subscription_update',
      paid,
      at: now,
    });
    s.latest_invoice = invoice.id;
    previous.status = s.status;
    s.status = paid ? 'active' : 'past_due';
    emitInvoice(invoice, paid);
  }

  /** The hosted checkout's Pay: charges the card; on success completes the session. */
  function payCheckout(session: Obj, form: Record<string, string>): void {
    if (session.status !== 'open') throw invalid('This Checkout Session is no longer active.');
    const number = (form.cardNumber ?? '').replace(/[\s-]/g, '');
    const card = CARDS[number];
    if (!/^\d{12,19}$/.test(number) || !card) {
      throw new StripeError(402, {
        type: 'card_error',
        code: 'incorrect_number',
        message: 'Your card number is incorrect.',
      });
    }
    const exp = /^(\d{2})\s*\/\s*(\d{2})$/.exec(form.cardExpiry ?? '');
    const now = nowFor(session.customer);
    const expEnd = exp ? Date.UTC(2000 + Number(exp[2]), Number(exp[1]), 1) / 1000 : 0;
    if (!exp || Number(exp[1]) < 1 || Number(exp[1]) > 12 || expEnd <= now) {
      throw new StripeError(402, {
        type: 'card_error',
        code: 'invalid_expiry_year',
        message: "Your card's expiration date is incomplete or in the past.",
      });
    }
    if (!/^\d{3,4}$/.test(form.cardCvc ?? '')) {
      throw new StripeError(402, {
        type: 'card_error',
        code: 'incorrect_cvc',
        message: "Your card's security code is incomplete.",
      });
    }
    if (card.outcome !== 'succeeds') {
      throw new StripeError(402, {
        type: 'card_error',
        code: 'card_declined',
        ...DECLINE_MESSAGES[card.outcome],
      });
    }
    let customerId = session.customer as string | null;
    if (!customerId) {
      const customer = createCustomer({ email: session.customer_email ?? form.email ?? null });
      customerId = customer.id;
      session.customer = customerId;
    }
    const pm: PaymentMethod = { id: newId('pm'), ...card };
    state.privateFacts[customerId] = { ...state.privateFacts[customerId], pm };
    const customer = state.objects[customerId]!;
    customer.invoice_settings = { ...(customer.invoice_settings as object), default_payment_method: pm.id };
    const [line] = state.privateFacts[session.id]?.lineItems ?? [];
    const price = priceOf(line?.price, 'line_items');
    const quantity = line?.quantity ?? 1;
    if (session.mode === 'subscription') {
      const interval = (price.recurring as { interval: string }).interval;
      const end = addInterval(now, interval);
      const subId = newId('sub');
      const item: Obj = {
        id: newId('si'),
        object: 'subscription_item',
        created: now,
        current_period_end: end,
        current_period_start: now,
        metadata: {},
        price: clone(price),
        quantity,
        subscription: subId,
      };
      const sub = put({
        id: subId,
        object: 'subscription',
        application: null,
        billing_cycle_anchor: now,
        cancel_at: null,
        cancel_at_period_end: false,
        canceled_at: null,
        collection_method: 'charge_automatically',
        created: now,
        currency: 'usd',
        customer: customerId,
        default_payment_method: pm.id,
        ended_at: null,
        items: {
          object: 'list',
          data: [item],
          has_more: false,
          total_count: 1,
          url: `/v1/subscription_items?subscription=${subId}`,
        },
        latest_invoice: null,
        livemode: false,
        metadata: state.privateFacts[session.id]?.subscriptionMetadata ?? {},
        start_date: now,
        status: 'active',
        test_clock: clockOf(customerId)?.id ?? null,
      });
      const invoice = makeInvoice({
        customer: customerId,
        subscription: sub,
        item,
        price,
        quantity,
        periodStart: now,
        periodEnd: end,
        reason: 'subscription_create',
        paid: true,
        at: now,
      });
      sub.latest_invoice = invoice.id;
      Object.assign(session, { subscription: sub.id, invoice: invoice.id });
      emit('customer.subscription.created', sub);
      emit('invoice.created', invoice);
      emit('invoice.finalized', invoice);
      emit('invoice.paid', invoice);
      emit('invoice.payment_succeeded', invoice);
    } else {
      const pi = put({
        id: newId('pi'),
        object: 'payment_intent',
        amount: (price.unit_amount as number) * quantity,
        amount_received: (price.unit_amount as number) * quantity,
        created: now,
        currency: 'usd',
        customer: customerId,
        livemode: false,
        metadata: session.metadata,
        payment_method: pm.id,
        status: 'succeeded',
      });
      session.payment_intent = pi.id;
      emit('payment_intent.succeeded', pi);
    }
    Object.assign(session, { status: 'complete', payment_status: 'paid' });
    emit('checkout.session.completed', session);
  }

  function createCustomer(p: Record<string, unknown>): Obj {
    const clock =
      typeof p.test_clock === 'string'
        ? get(p.test_clock, 'test_clock', 'test_helpers.test_clock', 'test_clock')
        : undefined;
    return put({
      id: newId('cus'),
      object: 'customer',
      balance: 0,
      created: (clock?.frozen_time as number | undefined) ?? Math.floor(Date.now() / 1000),
      currency: null,
      delinquent: false,
      description: typeof p.description === 'string' ? p.description : null,
      email: typeof p.email === 'string' ? p.email : null,
      invoice_settings: { custom_fields: null, default_payment_method: null, footer: null },
      livemode: false,
      metadata: (p.metadata as Record<string, string>) ?? {},
      name: typeof p.name === 'string' ? p.name : null,
      test_clock: clock?.id ?? null,
    });
  }

  // --- The API ------------------------------------------------------------------------------------

  function api(method: string, parts: string[], params: Record<string, unknown>): unknown {
    // Two-segment resources: checkout/sessions, test_helpers/test_clocks.
    const nested = parts[0] === 'checkout' || parts[0] === 'test_helpers';
    const [resource, id, action, sub] = nested ? [`${parts[0]}/${parts[1]}`, ...parts.slice(2)] : parts;
    const route = `${method} ${resource}${id ? '/:id' : ''}${action ? `/${action}` : ''}${sub ? `/${sub}` : ''}`;
    switch (route) {
      case 'GET prices': {
        let rows = all('price');
        if (params.active !== undefined)
          rows = rows.filter((p) => String(p.active) === String(params.active));
        if (typeof params.product === 'string') rows = rows.filter((p) => p.product === params.product);
        const keys = params.lookup_keys;
        if (Array.isArray(keys)) rows = rows.filter((p) => keys.includes(p.lookup_key));
        return list('/v1/prices', rows, params);
      }
      case 'GET prices/:id':
        return answer(get(id!, 'price', 'price'), params);
      case 'GET products/:id':
        return answer(get(id!, 'product', 'product'), params);
      case 'POST customers': {
        const c = createCustomer(params);
        emit('customer.created', c);
        return answer(c, params);
      }
      case 'GET customers/:id':
        return answer(get(id!, 'customer', 'customer'), params);
      case 'POST customers/:id': {
        const c = get(id!, 'customer', 'customer');
        for (const k of ['email', 'name', 'description'] as const)
          if (typeof params[k] === 'string') c[k] = params[k];
        if (params.metadata && typeof params.metadata === 'object')
          c.metadata = { ...(c.metadata as object), ...params.metadata };
        const pmId = (params.invoice_settings as { default_payment_method?: string } | undefined)
          ?.default_payment_method;
        if (pmId) {
          const pm = TEST_PMS[pmId];
          if (!pm) throw missing(pmId, 'PaymentMethod', 'invoice_settings[default_payment_method]');
          state.privateFacts[c.id] = { ...state.privateFacts[c.id], pm: { id: pmId, ...pm } };
          c.invoice_settings = { ...(c.invoice_settings as object), default_payment_method: pmId };
        }
        emit('customer.updated', c);
        return answer(c, params);
      }
      case 'POST checkout/sessions': {
        const mode = params.mode;
        if (mode !== 'subscription' && mode !== 'payment')
          throw invalid('Invalid mode: must be one of payment, setup, or subscription', 'mode');
        if (typeof params.success_url !== 'string')
          throw invalid('Missing required param: success_url.', 'success_url');
        const items = (params.line_items as { price?: unknown; quantity?: unknown }[] | undefined) ?? [];
        if (items.length !== 1)
          throw invalid('Exactly one line item is supported by the local server.', 'line_items');
        const price = priceOf(items[0]!.price, 'line_items[0][price]');
        const quantity =
          items[0]!.quantity === undefined ? 1 : int(items[0]!.quantity, 'line_items[0][quantity]');
        if (quantity < 1) throw invalid('Quantity must be at least 1.', 'line_items[0][quantity]');
        if ((mode === 'subscription') !== (price.type === 'recurring')) {
          throw invalid(
            mode === 'subscription'
              ? 'You must provide at least one recurring price in `subscription` mode when using prices.'
              : 'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.',
            'line_items[0][price]',
          );
        }
        if (typeof params.customer === 'string') get(params.customer, 'customer', 'customer', 'customer');
        const sid = newId('cs');
        const now = nowFor(params.customer);
        const session = put({
          id: sid,
          object: 'checkout.session',
          amount_subtotal: (price.unit_amount as number) * quantity,
          amount_total: (price.unit_amount as number) * quantity,
          cancel_url: typeof params.cancel_url === 'string' ? params.cancel_url : null,
          client_reference_id:
            typeof params.client_reference_id === 'string' ? params.client_reference_id : null,
          created: now,
          currency: 'usd',
          customer: typeof params.customer === 'string' ? params.customer : null,
          customer_email: typeof params.customer_email === 'string' ? params.customer_email : null,
          expires_at: now + 24 * 3600,
          invoice: null,
          livemode: false,
          metadata: (params.metadata as Record<string, string>) ?? {},
          mode,
          payment_intent: null,
          payment_status: 'unpaid',
          status: 'open',
          subscription: null,
          success_url: params.success_url,
          ui_mode: 'hosted',
          url: `${base}/c/pay/${sid}`,
        });
        state.privateFacts[sid] = { lineItems: [{ price: price.id, quantity }] };
        const subMeta = (params.subscription_data as { metadata?: Record<string, string> } | undefined)
          ?.metadata;
        if (subMeta) state.privateFacts[sid]!.subscriptionMetadata = subMeta;
        return answer(session, params);
      }
      case 'GET checkout/sessions/:id':
        return answer(get(id!, 'checkout session', 'checkout.session'), params);
      case 'GET checkout/sessions/:id/line_items': {
        const s = get(id!, 'checkout session', 'checkout.session');
        const rows = (state.privateFacts[s.id]?.lineItems ?? []).map((l, i) => {
          const price = state.objects[l.price]!;
          const amount = (price.unit_amount as number) * l.quantity;
          return {
            id: `li_${s.id.slice(3)}_${i}`,
            object: 'item',
            amount_subtotal: amount,
            amount_total: amount,
            currency: 'usd',
            description: String(state.objects[price.product as string]?.name ?? ''),
            price: clone(price),
            quantity: l.quantity,
          } as Obj;
        });
        return list(`/v1/checkout/sessions/${s.id}/line_items`, rows, params);
      }
      case 'GET subscriptions': {
        let rows = all('subscription');
        if (typeof params.customer === 'string') rows = rows.filter((s) => s.customer === params.customer);
        const status = params.status ?? 'active';
        if (status !== 'all')
          rows = rows.filter((s) => (status === 'active' ? s.status !== 'canceled' : s.status === status));
        return list('/v1/subscriptions', rows, params);
      }
      case 'GET subscriptions/:id':
        return answer(get(id!, 'subscription', 'subscription'), params);
      case 'POST subscriptions/:id': {
        const s = get(id!, 'subscription', 'subscription');
        if (s.status === 'canceled') {
          throw invalid('A canceled subscription can only update its cancellation_details and metadata.');
        }
        const previous: Record<string, unknown> = {};
        if (params.cancel_at_period_end !== undefined) {
          const on = String(params.cancel_at_period_end) === 'true';
          previous.cancel_at_period_end = s.cancel_at_period_end;
          previous.cancel_at = s.cancel_at;
          s.cancel_at_period_end = on;
          s.cancel_at = on ? subscriptionItem(s).current_period_end : null;
          s.canceled_at = on ? nowFor(s.customer) : null;
        }
        if (params.metadata && typeof params.metadata === 'object')
          s.metadata = { ...(s.metadata as object), ...params.metadata };
        if (params.items !== undefined) changeItem(s, params.items, previous);
        emit('customer.subscription.updated', s, previous);
        return answer(s, params);
      }
      case 'GET invoices': {
        let rows = all('invoice');
        if (typeof params.customer === 'string') rows = rows.filter((i) => i.customer === params.customer);
        if (typeof params.subscription === 'string') {
          rows = rows.filter(
            (i) =>
              (i.parent as { subscription_details?: { subscription?: string } } | null)?.subscription_details
                ?.subscription === params.subscription,
          );
        }
        if (typeof params.status === 'string') rows = rows.filter((i) => i.status === params.status);
        return list('/v1/invoices', rows, params);
      }
      case 'GET invoices/:id':
        return answer(get(id!, 'invoice', 'invoice'), params);
      case 'GET events': {
        let rows = state.eventOrder.map((e) => state.objects[e]!).reverse();
        if (typeof params.type === 'string') rows = rows.filter((e) => e.type === params.type);
        return list('/v1/events', rows, params);
      }
      case 'GET events/:id':
        return answer(get(id!, 'event', 'event'), params);
      case 'POST test_helpers/test_clocks': {
        const frozen = int(params.frozen_time, 'frozen_time');
        return answer(
          put({
            id: newId('clock'),
            object: 'test_helpers.test_clock',
            created: Math.floor(Date.now() / 1000),
            deletes_after: Math.floor(Date.now() / 1000) + 30 * 86400,
            frozen_time: frozen,
            livemode: false,
            name: typeof params.name === 'string' ? params.name : null,
            status: 'ready',
            status_details: {},
          }),
          params,
        );
      }
      case 'GET test_helpers/test_clocks/:id':
        return answer(get(id!, 'test clock', 'test_helpers.test_clock'), params);
      case 'POST test_helpers/test_clocks/:id/advance': {
        const clock = get(id!, 'test clock', 'test_helpers.test_clock');
        const to = int(params.frozen_time, 'frozen_time');
        if (to <= (clock.frozen_time as number)) {
          throw invalid(
            'The test clock can only be advanced to a time later than its current frozen time.',
            'frozen_time',
          );
        }
        clock.frozen_time = to;
        runClock(clock);
        clock.status = 'ready';
        return answer(clock, params);
      }
      default:
        throw new StripeError(404, {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${method}: /v1/${parts.join('/')}). The local Stripe server carries only the endpoints the product calls.`,
        });
    }
  }

  // --- Hosted pages ---------------------------------------------------------------------------------

  function page(title: string, body: string): string {
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:460px;margin:40px auto;padding:0 16px;color:#1a1f36}label{display:block;margin:12px 0 4px;font-size:14px}input{width:100%;box-sizing:border-box;padding:10px;font-size:16px;border:1px solid #cfd7df;border-radius:6px}button{margin-top:20px;width:100%;padding:12px;font-size:16px;background:#0a2540;color:#fff;border:0;border-radius:6px}.error{color:#b3093c;margin-top:12px}.row{display:flex;gap:12px}.row>div{flex:1}.note{font-size:12px;color:#596171}table{width:100%;border-collapse:collapse}td{padding:6px 0}</style></head><body>${body}</body></html>`;
  }

  function checkoutPage(session: Obj, error?: string): string {
    const [line] = state.privateFacts[session.id]?.lineItems ?? [];
    const price = line ? state.objects[line.price] : undefined;
    const product = price ? state.objects[price.product as string] : undefined;
    const interval = (price?.recurring as { interval?: string } | null)?.interval;
    return page(
      'Checkout — SignSeal (local Stripe)',
      `<p class="note">Local Stripe-compatible checkout (test mode). Test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0000 0000 9995 has insufficient funds.</p>
<h1 data-testid="checkout-product">${escapeHtml(String(product?.name ?? ''))}</h1>
<table><tr><td>Quantity</td><td data-testid="checkout-quantity">${line?.quantity ?? 1}</td></tr>
<tr><td>Total${interval ? ` per ${interval}` : ''}</td><td data-testid="checkout-total">${dollars(session.amount_total as number)}</td></tr></table>
<form method="post" action="/c/pay/${encodeURIComponent(session.id)}">
<label for="email">Email</label><input id="email" name="email" type="email" value="${escapeHtml(String(session.customer_email ?? ''))}">
<label for="cardNumber">Card number</label><input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" required>
<div class="row"><div><label for="cardExpiry">Expiration (MM / YY)</label><input id="cardExpiry" name="cardExpiry" placeholder="MM / YY" autocomplete="cc-exp" required></div>
<div><label for="cardCvc">CVC</label><input id="cardCvc" name="cardCvc" inputmode="numeric" autocomplete="cc-csc" placeholder="CVC" required></div></div>
${error ? `<p class="error" role="alert" data-testid="checkout-error">${escapeHtml(error)}</p>` : ''}
<button type="submit">${session.mode === 'subscription' ? 'Subscribe' : 'Pay'}</button></form>
${session.cancel_url ? `<p><a href="${escapeHtml(String(session.cancel_url))}">← Back</a></p>` : ''}`,
    );
  }

  async function invoicePdf(invoice: Obj): Promise<Uint8Array> {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const p = doc.addPage([595.28, 841.89]);
    const line = (invoice.lines as { data: { description: string; amount: number }[] }).data[0];
    const rows = [
      `Invoice ${String(invoice.number)}`,
      `Status: ${String(invoice.status)}`,
      `Date: ${new Date((invoice.created as number) * 1000).toISOString().slice(0, 10)}`,
      `${line?.description ?? ''}`,
      `Total: ${dollars(invoice.total as number)} USD`,
      'Local Stripe-compatible server (test mode)',
    ];
    rows.forEach((text, i) => p.drawText(text, { x: 50, y: 780 - i * 24, size: i === 0 ? 18 : 12, font }));
    return doc.save();
  }

  // --- HTTP ------------------------------------------------------------------------------------------

  const readBody = (req: http.IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      req.on('data', (c: Buffer) => {
        size += c.length;
        if (size > 1_000_000) reject(invalid('Request too large.'));
        else chunks.push(c);
      });
      req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      req.on('error', reject);
    });

  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', base);
      const send = (status: number, body: unknown, type = 'application/json') => {
        res.writeHead(status, {
          'content-type': type,
          'request-id': `req_${randomBytes(7).toString('hex')}`,
          'stripe-version': LOCAL_STRIPE_API_VERSION,
        });
        res.end(
          typeof body === 'string' || body instanceof Uint8Array ? body : JSON.stringify(body, null, 2),
        );
      };
      try {
        const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
        if (parts[0] === 'v1') {
          const auth = req.headers.authorization ?? '';
          if (!/^Bearer sk_test_\w+$/.test(auth)) {
            throw new StripeError(401, {
              type: 'invalid_request_error',
              message: 'Invalid API Key provided. The local Stripe server accepts test keys (sk_test_…).',
            });
          }
          const params =
            req.method === 'GET'
              ? parseStripeForm(url.search.slice(1))
              : parseStripeForm(await readBody(req));
          const out = api(req.method ?? 'GET', parts.slice(1), params);
          // Reads change nothing: writing the whole state (every object and event) on each one made
          // the webhook's subscription read wait for it (issue #18's webhook p95).
          if (req.method !== 'GET') save();
          send(200, out);
          void flush();
          return;
        }
        if (parts[0] === 'c' && parts[1] === 'pay' && parts[2]) {
          const session = get(parts[2], 'checkout session', 'checkout.session');
          if (req.method === 'POST') {
            const form = Object.fromEntries(new URLSearchParams(await readBody(req)));
            try {
              payCheckout(session, form);
            } catch (err) {
              if (!(err instanceof StripeError)) throw err;
              send(402, checkoutPage(session, String(err.body.message)), 'text/html; charset=utf-8');
              return;
            }
            save();
            void flush();
            const to = String(session.success_url).replaceAll('{CHECKOUT_SESSION_ID}', session.id);
            res.writeHead(303, { location: to });
            res.end();
            return;
          }
          if (session.status !== 'open') {
            send(
              200,
              page('Checkout', '<p>This checkout session is complete or has expired.</p>'),
              'text/html; charset=utf-8',
            );
            return;
          }
          send(200, checkoutPage(session), 'text/html; charset=utf-8');
          return;
        }
        if (parts[0] === 'i' && parts[1]) {
          const invoice = get(parts[1], 'invoice', 'invoice');
          if (parts[2] === 'pdf') {
            send(200, await invoicePdf(invoice), 'application/pdf');
            return;
          }
          const line = (invoice.lines as { data: { description: string }[] }).data[0];
          send(
            200,
            page(
              `Invoice ${String(invoice.number)}`,
              `<h1>Invoice ${escapeHtml(String(invoice.number))}</h1><p>${escapeHtml(line?.description ?? '')}</p><p>Total: ${dollars(invoice.total as number)} — ${escapeHtml(String(invoice.status))}</p><p><a href="/i/${encodeURIComponent(invoice.id)}/pdf">Download PDF</a></p>`,
            ),
            'text/html; charset=utf-8',
          );
          return;
        }
        send(404, { error: { type: 'invalid_request_error', message: 'Not found' } });
      } catch (err) {
        if (err instanceof StripeError) send(err.status, { error: err.body });
        else {
          log(`Local Stripe: ${String(err)}`);
          send(500, { error: { type: 'api_error', message: 'Local Stripe server error.' } });
        }
      }
    })();
  });
  // Binds its own port (0: a free one, read back from the socket); a busy fixed one is one clear line.
  const port = await listenOn(server, options.port, 'local Stripe', 'LOCAL_STRIPE_PORT', options.host);
  base = `http://${options.host}:${port}`;
  return {
    url: base,
    port,
    secretKey: LOCAL_STRIPE_SECRET_KEY,
    webhookSecret: state.webhookSecret,
    stop: async () => {
      save();
      stopped = true;
      for (const t of timers) clearTimeout(t);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
