// The local Stripe-compatible server (issue #18) driven by the real `stripe` SDK: prices with their
// products, a checkout paid on the hosted page with Stripe's test cards, renewals and a failed
// renewal on a test clock, cancel at period end, invoices, and webhooks signed as Stripe signs them
// (verified by stripe.webhooks.constructEvent), retried until the endpoint answers 2xx.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { parseStripeForm, startLocalStripe, type LocalStripe } from '../../../local/stripe/server';

interface Hook {
  signature: string;
  body: string;
}

let local: LocalStripe;
let stripe: Stripe;
let hookServer: http.Server;
const hooks: Hook[] = [];
let failNext = 0;
let dataDir: string;

beforeAll(async () => {
  hookServer = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      if (failNext > 0) {
        failNext -= 1;
        res.writeHead(500).end();
        return;
      }
      hooks.push({ signature: String(req.headers['stripe-signature']), body });
      res.end('{}');
    });
  });
  await new Promise<void>((r) => hookServer.listen(0, '127.0.0.1', () => r()));
  const hookPort = (hookServer.address() as { port: number }).port;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'local-stripe-'));
  local = await startLocalStripe({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    webhookUrl: `http://127.0.0.1:${hookPort}/hook`,
    retryDelaysMs: [100, 100, 100],
  });
  const u = new URL(local.url);
  stripe = new Stripe(local.secretKey, { host: u.hostname, port: Number(u.port), protocol: 'http' });
});

afterAll(async () => {
  await local.stop();
  await new Promise<void>((r) => hookServer.close(() => r()));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const waitFor = async (check: () => boolean, what: string) => {
  const until = Date.now() + 15_000;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};
const events = () =>
  hooks.map((h) => stripe.webhooks.constructEvent(h.body, h.signature, local.webhookSecret));

const pay = (url: string, cardNumber: string) =>
  fetch(url, {
    method: 'POST',
    body: new URLSearchParams({ cardNumber, cardExpiry: '12 / 34', cardCvc: '123' }),
    redirect: 'manual',
  });

describe('the local Stripe-compatible server', () => {
  it("parses Stripe's bracket-encoded forms", () => {
    expect(
      parseStripeForm('line_items[0][price]=p&line_items[0][quantity]=2&expand[0]=a.b&metadata[userId]=u'),
    ).toEqual({
      line_items: [{ price: 'p', quantity: '2' }],
      expand: ['a.b'],
      metadata: { userId: 'u' },
    });
  });

  it('lists the seeded prices of the four plans and the one-time purchase, with their products', async () => {
    const prices = await stripe.prices.list({ active: true, expand: ['data.product'], limit: 100 });
    const byKey = Object.fromEntries(prices.data.map((p) => [p.lookup_key, p]));
    expect(Object.keys(byKey).sort()).toEqual([
      'month_personal',
      'month_standard',
      'price_onetime',
      'year_personal',
      'year_standard',
    ]);
    expect(byKey.month_personal!.recurring?.interval).toBe('month');
    expect(byKey.price_onetime!.type).toBe('one_time');
    expect((byKey.year_standard!.product as Stripe.Product).name).toMatch(/Standard/);
    await expect(stripe.prices.retrieve('price_missing')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 404,
    });
  });

  it('checkout with test cards; renewals, a failed renewal and the end on a test clock; signed webhooks', async () => {
    const start = Math.floor(Date.UTC(2026, 0, 15) / 1000);
    const clock = await stripe.testHelpers.testClocks.create({ frozen_time: start });
    const customer = await stripe.customers.create({ email: 'buyer@example.com', test_clock: clock.id });
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: 'price_local_month_standard', quantity: 3 }],
      success_url:
        'https://app.example/home/pay_plan/month_standard?isModalOpen=true&session_id={CHECKOUT_SESSION_ID}',
      subscription_data: { metadata: { userId: 'user-1' } },
      metadata: { userId: 'user-1' },
    });
    expect(session).toMatchObject({ object: 'checkout.session', status: 'open', amount_total: 7500 });

    const page = await (await fetch(session.url!)).text();
    expect(page).toContain('$75.00');
    const declined = await pay(session.url!, '4000 0000 0000 0002');
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Your card was declined.');
    expect(await (await pay(session.url!, '4000 0000 0000 9995')).text()).toContain(
      'Your card has insufficient funds.',
    );
    failNext = 2; // the first two deliveries fail: they are retried
    const paid = await pay(session.url!, '4242 4242 4242 4242');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toContain(`session_id=${session.id}`);

    const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription'] });
    const sub = done.subscription as Stripe.Subscription;
    expect(done).toMatchObject({ status: 'complete', payment_status: 'paid' });
    expect(sub).toMatchObject({ status: 'active', metadata: { userId: 'user-1' } });
    const firstEnd = sub.items.data[0]!.current_period_end;
    expect(new Date(firstEnd * 1000).toISOString()).toBe('2026-02-15T00:00:00.000Z');
    await waitFor(() => events().some((e) => e.type === 'checkout.session.completed'), 'checkout webhook');
    expect(hooks[0]!.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(() =>
      stripe.webhooks.constructEvent(
        hooks[0]!.body.replace('"livemode": false', '"livemode": true'),
        hooks[0]!.signature,
        local.webhookSecret,
      ),
    ).toThrow();

    // Renewal: a paid invoice and a new period.
    await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: firstEnd + 3600 });
    let renewed = await stripe.subscriptions.retrieve(sub.id);
    expect(renewed.items.data[0]!.current_period_end).toBe(Math.floor(Date.UTC(2026, 2, 15) / 1000));
    let invoices = await stripe.invoices.list({ customer: customer.id });
    expect(invoices.data.map((i) => [i.billing_reason, i.status])).toEqual([
      ['subscription_cycle', 'paid'],
      ['subscription_create', 'paid'],
    ]);
    const pdf = await fetch(invoices.data[0]!.invoice_pdf!);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    // Failed renewal: the customer's card now fails; then the subscription ends.
    await stripe.customers.update(customer.id, {
      invoice_settings: { default_payment_method: 'pm_card_chargeCustomerFail' },
    });
    await stripe.testHelpers.testClocks.advance(clock.id, {
      frozen_time: renewed.items.data[0]!.current_period_end + 60,
    });
    renewed = await stripe.subscriptions.retrieve(sub.id);
    expect(renewed.status).toBe('past_due');
    invoices = await stripe.invoices.list({ customer: customer.id, limit: 1 });
    expect(invoices.data[0]).toMatchObject({ status: 'open', billing_reason: 'subscription_cycle' });
    await stripe.testHelpers.testClocks.advance(clock.id, {
      frozen_time: renewed.items.data[0]!.current_period_end + 60,
    });
    expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe('canceled');

    await waitFor(() => events().some((e) => e.type === 'customer.subscription.deleted'), 'deleted webhook');
    const types = events().map((e) => e.type);
    expect(types).toEqual(
      expect.arrayContaining(['invoice.paid', 'invoice.payment_failed', 'customer.subscription.updated']),
    );
    // Every event arrived exactly once to the working endpoint, despite the failed deliveries.
    const ids = events().map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('cancel at period end ends the subscription at its period end; one-time purchases are payments', async () => {
    const clock = await stripe.testHelpers.testClocks.create({
      frozen_time: Math.floor(Date.UTC(2026, 4, 1) / 1000),
    });
    const customer = await stripe.customers.create({ email: 'two@example.com', test_clock: clock.id });
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: 'price_local_year_personal', quantity: 1 }],
      success_url: 'https://app.example/ok',
    });
    await pay(session.url!, '4242424242424242');
    const subId = (await stripe.checkout.sessions.retrieve(session.id)).subscription as string;
    const updated = await stripe.subscriptions.update(subId, { cancel_at_period_end: true });
    const end = updated.items.data[0]!.current_period_end;
    expect(updated).toMatchObject({ cancel_at_period_end: true, cancel_at: end, status: 'active' });
    await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: end + 1 });
    expect(await stripe.subscriptions.retrieve(subId)).toMatchObject({ status: 'canceled', ended_at: end });

    const onetime = await stripe.checkout.sessions.create({
      mode: 'payment',
      customer: customer.id,
      line_items: [{ price: 'price_local_price_onetime', quantity: 4 }],
      success_url: 'https://app.example/ok',
    });
    expect(onetime.amount_total).toBe(1200);
    await pay(onetime.url!, '4242424242424242');
    expect(await stripe.checkout.sessions.retrieve(onetime.id)).toMatchObject({
      status: 'complete',
      payment_status: 'paid',
      subscription: null,
    });
    await expect(
      stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [{ price: 'price_local_month_personal', quantity: 1 }],
        success_url: 'https://app.example/ok',
      }),
    ).rejects.toMatchObject({ statusCode: 400 });
  });
});
