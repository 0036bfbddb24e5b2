// Payments (issue #18): the webhook's handling time on the local cloud — a signed `invoice.paid`
// event, each with a new id, through the real handler (signature check with the SDK, the event
// claim in parallel with the subscription read from the local Stripe server and the user read, the
// conditional write of the plan, the claim's completion). Before each event (outside the timing) the
// record's seats are reset, so every event writes the plan rather than finding it written —
// and the price list, served from the container's cache after its first provider call.
import Stripe from 'stripe';
import { benchCloud } from './cloud';
import { percentile, row, type Row } from './stats';
import type { BenchContext } from './context';
import { newOwner } from '../test/support/documents';
import { api } from '../test/support/cloud-client';
import { getDeps } from '../lambdas/deps';

export const WEBHOOK_P95_TARGET_MS = 200;
const EVENTS_PER_RUN = 40;

export async function runBilling(ctx: BenchContext): Promise<Row[]> {
  await benchCloud(ctx.log);
  const url = new URL(process.env.STRIPE_API_URL!);
  const stripe = new Stripe(process.env.STRIPE_SECRET_KEY!, {
    host: url.hostname,
    port: Number(url.port),
    protocol: 'http',
  });
  const secret = process.env.STRIPE_WEBHOOK_SECRET!;

  // One paying owner: checkout, paid on the hosted page with 4242.
  const owner = await newOwner('en', 'Bench Payer');
  const started = await api('/api/billing/checkout', {
    method: 'POST',
    token: owner.token,
    body: { plan: 'month_standard', quantity: 2, lang: 'en' },
  });
  if (started.status !== 200) throw new Error(`checkout: ${started.status}`);
  await fetch(started.body.url as string, {
    method: 'POST',
    body: new URLSearchParams({ cardNumber: '4242424242424242', cardExpiry: '12 / 40', cardCvc: '123' }),
    redirect: 'manual',
  });
  const userId = (await api('/api/me', { token: owner.token })).body.userId as string;
  const events = await stripe.events.list({ type: 'invoice.paid', limit: 1 });
  const template = events.data[0];
  if (!template) throw new Error('no invoice.paid event');

  const p95s: number[] = [];
  const medians: number[] = [];
  for (let run = 0; run < ctx.runs; run++) {
    const latencies: number[] = [];
    for (let i = 0; i < EVENTS_PER_RUN; i++) {
      const payload = JSON.stringify({ ...template, id: `evt_bench_${run}_${i}_${Date.now()}` });
      const header = stripe.webhooks.generateTestHeaderString({ payload, secret });
      await getDeps().repo.update(userId, { seats: 1 });
      const t = performance.now();
      const res = await api('/api/stripe/webhook', {
        method: 'POST',
        rawBody: payload,
        headers: { 'content-type': 'application/json', 'stripe-signature': header },
      });
      latencies.push(performance.now() - t);
      if (res.status !== 200) throw new Error(`webhook answered ${res.status}`);
    }
    p95s.push(percentile(latencies, 95));
    medians.push(percentile(latencies, 50));
    ctx.log(
      `webhook run ${run + 1}: p50 ${medians.at(-1)!.toFixed(1)} ms, p95 ${p95s.at(-1)!.toFixed(1)} ms`,
    );
  }

  const prices: number[] = [];
  await api('/api/plans/prices'); // the first call fills the container's cache
  for (let i = 0; i < 20 * ctx.runs; i++) {
    const t = performance.now();
    await api('/api/plans/prices');
    prices.push(performance.now() - t);
  }
  return [
    row('billing', `webhook invoice.paid p50 (${EVENTS_PER_RUN} events)`, 'ms', medians),
    row('billing', `webhook invoice.paid p95`, 'ms', p95s, { target: WEBHOOK_P95_TARGET_MS }),
    row('billing', 'GET /api/plans/prices (cached)', 'ms', prices, {
      spread: 'p95',
      note: 'one provider call per 5 min per container',
    }),
  ];
}
