// Issue #18: plans and payments against the local cloud and its Stripe-compatible server, through
// the real `stripe` SDK: checkout → signed webhook → plan on the user record; renewal and failed
// renewal on a test clock; cancel at period end; invoices; one-time contracts; forged or replayed
// webhooks refused with nothing changed.
import Stripe from 'stripe';
import { getDeps } from '../../lambdas/deps';
import { mailsTo } from '../support/accounts';
import { api, env, eventually } from '../support/cloud-client';
import { newOwner, type Owner } from '../support/documents';

const stripeUrl = () => new URL(env('STRIPE_API_URL'));
const sdk = () =>
  new Stripe(env('STRIPE_SECRET_KEY'), {
    host: stripeUrl().hostname,
    port: Number(stripeUrl().port),
    protocol: 'http',
  });

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const plan = (owner: Owner) => api('/api/billing/plan', { token: owner.token }).then((r) => r.body);

/** An owner whose provider customer runs on a test clock (so the test can move its time). */
async function ownerOnClock(): Promise<{
  owner: Owner;
  userId: string;
  clock: Stripe.TestHelpers.TestClock;
  customer: string;
}> {
  const owner = await newOwner();
  const me = await api('/api/me', { token: owner.token });
  const userId = me.body.userId as string;
  const stripe = sdk();
  const clock = await stripe.testHelpers.testClocks.create({ frozen_time: Math.floor(Date.now() / 1000) });
  const customer = await stripe.customers.create({
    email: owner.email,
    test_clock: clock.id,
    metadata: { userId },
  });
  await getDeps().repo.update(userId, { customerId: customer.id });
  return { owner, userId, clock, customer: customer.id };
}

const checkout = (owner: Owner, body: Record<string, unknown>) =>
  api('/api/billing/checkout', { method: 'POST', token: owner.token, body: { lang: 'en', ...body } });

const pay = (url: string, cardNumber: string) =>
  fetch(url, {
    method: 'POST',
    body: new URLSearchParams({ cardNumber, cardExpiry: '12 / 40', cardCvc: '123' }),
    redirect: 'manual',
  });

const iso = (unix: number) => new Date(unix * 1000).toISOString();

describe('plans and payments', () => {
  it('lists the prices of the four plans and the one-time purchase, in cents, from the provider', async () => {
    const res = await api('/api/plans/prices');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.prices).sort()).toEqual([
      'month_personal',
      'month_standard',
      'price_onetime',
      'year_personal',
      'year_standard',
    ]);
    expect(res.body.prices.month_personal).toMatchObject({ price: 1000, currency: 'usd', interval: 'month' });
    expect(res.body.prices.price_onetime).toMatchObject({ interval: null });
  });

  it('checkout → webhook → plan; renewal; failed renewal ends the plan; invoices', async () => {
    const { owner, userId, clock, customer } = await ownerOnClock();
    for (const quantity of [0, -2]) {
      const bad = await checkout(owner, { plan: 'month_standard', quantity });
      expect({ status: bad.status, code: bad.body.error.code }).toEqual({
        status: 400,
        code: 'billing.errors.notPositive',
      });
    }
    const personal = await checkout(owner, { plan: 'month_personal', quantity: 2 });
    expect(personal.body.error.code).toBe('billing.errors.personalSeats');

    const started = await checkout(owner, { plan: 'month_standard', quantity: 3 });
    expect(started.status).toBe(200);
    expect(started.body.url.startsWith(env('STRIPE_API_URL'))).toBe(true);
    const declined = await pay(started.body.url, '4000 0000 0000 0002');
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Your card was declined.');
    expect((await plan(owner)).plan).toBe('trial');

    const paid = await pay(started.body.url, '4242 4242 4242 4242');
    expect(paid.status).toBe(303);
    const back = new URL(paid.headers.get('location')!);
    expect(back.pathname).toBe('/en/home/pay_plan/month_standard');
    expect(back.searchParams.get('isModalOpen')).toBe('true');
    expect(back.searchParams.get('session_id')).toBe(started.body.sessionId);

    // The pay page's result: this user's session, as the provider has it (another's: none).
    const result = await api(`/api/billing/plan?session_id=${started.body.sessionId}`, {
      token: owner.token,
    });
    expect(result.body.checkout).toEqual({ status: 'complete', paymentStatus: 'paid' });
    const stranger = await newOwner();
    const foreign = await api(`/api/billing/plan?session_id=${started.body.sessionId}`, {
      token: stranger.token,
    });
    expect(foreign.body.checkout).toBeNull();

    // The plan changes by the webhook alone.
    const mine = await until(
      () => plan(owner),
      (p) => p.plan === 'month_standard',
      'the plan',
    );
    expect(mine).toMatchObject({
      seats: 3,
      planLengthDays: 31,
      subscription: { status: 'active', quantity: 3 },
    });
    expect(mine.remaining.subscription).toBe(15);
    const firstEnd = mine.subscription.current_period_end as number;
    expect(mine.validDate).toBe(iso(firstEnd));

    // Renewal: paid, the valid date moves on.
    const stripe = sdk();
    await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: firstEnd + 3600 });
    const renewed = await until(
      () => plan(owner),
      (p) => p.validDate > iso(firstEnd),
      'the renewal',
    );
    const secondEnd = renewed.subscription.current_period_end as number;
    expect(renewed.validDate).toBe(iso(secondEnd));
    const invoices = await api('/api/billing/invoices', { token: owner.token });
    expect(invoices.body.invoices).toHaveLength(2);
    expect(invoices.body.invoices[0]).toMatchObject({ status: 'paid', lines: { total_count: 1 } });
    expect(invoices.body.invoices[0].lines.data[0].description).toContain('3 ×');
    const pdf = await fetch(invoices.body.invoices[0].invoice_pdf);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect((await fetch(invoices.body.invoices[0].hosted_invoice_url)).status).toBe(200);

    // Failed renewal: the valid date stays, the owner gets one notice per invoice; at the next period
    // end the subscription ends.
    await stripe.customers.update(customer, {
      invoice_settings: { default_payment_method: 'pm_card_chargeCustomerFail' },
    });
    await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: secondEnd + 3600 });
    await until(
      () => getDeps().repo.getById(userId),
      (u) => u?.subscriptionStatus === 'past_due',
      'past due',
    );
    expect((await plan(owner)).validDate).toBe(iso(secondEnd));
    // A past-due subscription cannot be changed (the unpaid invoice comes first).
    const pastDue = await checkout(owner, { plan: 'year_standard', quantity: 3 });
    expect({ status: pastDue.status, code: pastDue.body.error.code }).toEqual({
      status: 409,
      code: 'billing.errors.notChangeable',
    });
    const subject = "[SignSeal] Your plan's renewal payment failed";
    const notices = await eventually(
      async () => {
        const mails = (await mailsTo(owner.email)).filter((m) => m.subject === subject);
        return mails.length ? mails : undefined;
      },
      30_000,
      'the failed-renewal notice',
    );
    expect(notices).toHaveLength(1);
    const failed = (await stripe.events.list({ type: 'invoice.payment_failed', limit: 20 })).data.find(
      (e) => (e.data.object as Stripe.Invoice).customer === customer,
    )!;
    expect(notices[0]!.body.text).toContain('$75.00');
    expect(notices[0]!.body.text).toContain('/en/home/myplan');
    // The same invoice's event again under another id (Stripe may send both): still one notice.
    const again = JSON.stringify({ ...failed, id: `${failed.id}_again` });
    const secret = env('STRIPE_WEBHOOK_SECRET');
    const res = await api('/api/stripe/webhook', {
      method: 'POST',
      rawBody: again,
      headers: {
        'content-type': 'application/json',
        'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload: again, secret }),
      },
    });
    expect(res.body).toEqual({ received: true });
    await new Promise((r) => setTimeout(r, 3000));
    expect((await mailsTo(owner.email)).filter((m) => m.subject === subject)).toHaveLength(1);
    const thirdEnd = (await stripe.subscriptions.retrieve(renewed.subscription.id)).items.data[0]!
      .current_period_end;
    await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: thirdEnd + 3600 });
    const ended = await until(
      () => getDeps().repo.getById(userId),
      (u) => u?.subscriptionStatus === 'canceled',
      'the end',
    );
    expect(ended!.validDate).toBe(iso(secondEnd));
  });

  it('cancel at period end: scheduled, then ended at the period end; nothing to cancel → 409', async () => {
    const { owner, userId, clock } = await ownerOnClock();
    expect((await api('/api/billing/cancel', { method: 'POST', token: owner.token })).body.error.code).toBe(
      'billing.errors.noSubscription',
    );
    const started = await checkout(owner, { plan: 'year_personal', quantity: 1 });
    await pay(started.body.url, '4242424242424242');
    const mine = await until(
      () => plan(owner),
      (p) => p.plan === 'year_personal',
      'the plan',
    );
    expect(mine.planLengthDays).toBe(365);
    // One subscription at a time: choosing the same plan again is refused; contracts can be bought.
    const same = await checkout(owner, { plan: 'year_personal', quantity: 1 });
    expect({ status: same.status, code: same.body.error.code }).toEqual({
      status: 409,
      code: 'billing.errors.samePlan',
    });
    expect((await checkout(owner, { plan: 'price_onetime', quantity: 2 })).status).toBe(200);
    const cancel = await api('/api/billing/cancel', { method: 'POST', token: owner.token });
    expect(cancel.status).toBe(200);
    const end = mine.subscription.current_period_end as number;
    expect(cancel.body.cancelAt).toBe(iso(end));
    await until(
      () => getDeps().repo.getById(userId),
      (u) => u?.cancelAt === iso(end),
      'cancelAt on the record',
    );
    expect((await plan(owner)).subscription.cancel_at).toBe(end);
    await sdk().testHelpers.testClocks.advance(clock.id, { frozen_time: end + 60 });
    await until(
      () => getDeps().repo.getById(userId),
      (u) => u?.subscriptionStatus === 'canceled',
      'the end',
    );
  });

  it('a plan change updates the subscription; the webhook writes the new plan, seats and period', async () => {
    const { owner, userId, customer } = await ownerOnClock();
    const started = await checkout(owner, { plan: 'month_personal', quantity: 1 });
    await pay(started.body.url, '4242424242424242');
    const first = await until(
      () => plan(owner),
      (p) => p.plan === 'month_personal',
      'the plan',
    );
    // More seats on the standard plan, same interval: the period stays.
    const changed = await checkout(owner, { plan: 'month_standard', quantity: 3 });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ changed: true, sessionId: first.subscription.id });
    expect(new URL(changed.body.url).search).toBe('?changed=true');
    const standard = await until(
      () => plan(owner),
      (p) => p.plan === 'month_standard' && p.seats === 3,
      'the change',
    );
    expect(standard.subscription).toMatchObject({ id: first.subscription.id, quantity: 3 });
    expect(standard.validDate).toBe(first.validDate);
    expect(standard.remaining.subscription).toBe(15);
    // Fewer seats than listed members is refused; the members' route answers the list.
    const member = `member-${Date.now()}@example.com`;
    expect(
      (
        await api('/api/billing/members', {
          method: 'PUT',
          token: owner.token,
          body: { members: [member, `x${member}`] },
        })
      ).status,
    ).toBe(200);
    const fewer = await checkout(owner, { plan: 'month_standard', quantity: 2 });
    expect({ status: fewer.status, code: fewer.body.error.code }).toEqual({
      status: 409,
      code: 'billing.members.errors.tooMany',
    });
    // Another interval: Stripe bills the new period at once (a `subscription_update` invoice).
    const yearly = await checkout(owner, { plan: 'year_standard', quantity: 3 });
    expect(yearly.status).toBe(200);
    const year = await until(
      () => plan(owner),
      (p) => p.plan === 'year_standard',
      'the yearly plan',
    );
    expect(year.planLengthDays).toBe(365);
    expect(year.validDate > first.validDate).toBe(true);
    const invoices = await sdk().invoices.list({ customer, limit: 10 });
    expect(invoices.data.map((i) => i.billing_reason)).toContain('subscription_update');
    expect((await getDeps().repo.getById(userId))!.subscriptionId).toBe(first.subscription.id);
  });

  it('a one-time purchase adds its contracts; forged, stale and replayed webhooks change nothing', async () => {
    const { owner, userId } = await ownerOnClock();
    const before = (await getDeps().repo.getById(userId))!.availableTickets;
    const started = await checkout(owner, { plan: 'price_onetime', quantity: 4 });
    expect(started.status).toBe(200);
    await pay(started.body.url, '4242424242424242');
    const after = await until(
      () => getDeps().repo.getById(userId),
      (u) => u!.availableTickets === before + 4,
      'the tickets',
    );
    expect(after!.ticketLots!.at(-1)).toMatchObject({ source: 'onetime', count: 4 });

    const stripe = sdk();
    const events = await stripe.events.list({ type: 'checkout.session.completed', limit: 20 });
    const event = events.data.find(
      (e) => (e.data.object as Stripe.Checkout.Session).id === started.body.sessionId,
    )!;
    const payload = JSON.stringify(event);
    const secret = env('STRIPE_WEBHOOK_SECRET');
    const post = (body: string, signature: string) =>
      api('/api/stripe/webhook', {
        method: 'POST',
        rawBody: body,
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      });

    // Replayed with a fresh, valid signature: the event id was processed already.
    const replay = await post(payload, stripe.webhooks.generateTestHeaderString({ payload, secret }));
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual({ received: true, duplicate: true });
    // Forged: another secret, no signature, or an old timestamp (Stripe's 5-minute tolerance).
    const forged = JSON.stringify({ ...event, id: 'evt_forged' });
    const wrong = await post(
      forged,
      stripe.webhooks.generateTestHeaderString({ payload: forged, secret: 'whsec_wrong' }),
    );
    expect({ status: wrong.status, code: wrong.body.error.code }).toEqual({
      status: 400,
      code: 'billing.errors.badSignature',
    });
    expect((await post(forged, '')).status).toBe(400);
    const old = Math.floor(Date.now() / 1000) - 3600;
    const stale = await post(
      forged,
      stripe.webhooks.generateTestHeaderString({ payload: forged, secret, timestamp: old }),
    );
    expect(stale.status).toBe(400);
    expect((await getDeps().repo.getById(userId))!.availableTickets).toBe(before + 4);

    // The same paid session under a new event id, validly signed (a second delivery path, a support
    // replay): credited once per session, not per event (issue #25).
    const again = JSON.stringify({ ...event, id: `evt_again_${Date.now()}` });
    const second = await post(again, stripe.webhooks.generateTestHeaderString({ payload: again, secret }));
    expect(second.status).toBe(200);
    expect((await getDeps().repo.getById(userId))!.availableTickets).toBe(before + 4);

    // A paid session whose metadata names another user: the session's customer is not theirs, so it
    // credits no one (neither the named user nor the payer).
    const other = await ownerOnClock();
    const otherBefore = (await getDeps().repo.getById(other.userId))!.availableTickets;
    const session = event.data.object as Stripe.Checkout.Session;
    const redirected = JSON.stringify({
      ...event,
      id: `evt_other_${Date.now()}`,
      data: {
        ...event.data,
        object: {
          ...session,
          id: `${session.id}_x`,
          metadata: { ...session.metadata, userId: other.userId },
        },
      },
    });
    const third = await post(
      redirected,
      stripe.webhooks.generateTestHeaderString({ payload: redirected, secret }),
    );
    expect(third.status).toBe(200);
    expect((await getDeps().repo.getById(other.userId))!.availableTickets).toBe(otherBefore);
    expect((await getDeps().repo.getById(userId))!.availableTickets).toBe(before + 4);
  });
});
