// The webhook's door (issue #18): the signature is checked with the `stripe` SDK exactly as Stripe
// signs (t=…,v1=HMAC-SHA256), each event id is processed once, and the quantity rules of checkout.
import Stripe from 'stripe';
import { checkQuantity, type BillingDeps } from '../../../../lambdas/usecases/billing';
import { handleWebhook } from '../../../../lambdas/usecases/billing-webhooks';
import type { UserRecord } from '../../../../lambdas/adapters/dynamo/repository';

const SECRET = 'whsec_unit_test_secret';
const stripe = new Stripe('sk_test_unit', { host: '127.0.0.1', port: 9, protocol: 'http' });

function deps() {
  const claimed = new Set<string>();
  const done = new Set<string>();
  const d: BillingDeps = {
    stripe: async () => ({ stripe, keys: { webhookSecret: SECRET } }),
    priceIds: {},
    users: {
      getById: async () => null,
      updateEntitlements: async () => true,
      update: async () => ({}) as UserRecord,
    },
    events: {
      claim: async (key) => {
        if (claimed.has(key)) return false;
        claimed.add(key);
        return true;
      },
      complete: async (key) => void done.add(key),
      release: async (key) => void claimed.delete(key),
    },
    seats: { seatBuyerOf: async () => null, claimSeat: async () => true, releaseSeat: async () => {} },
    queue: { enqueue: async () => ({ messageId: 'm1' }) },
    appUrl: 'https://app.example',
  };
  return { d, done };
}

const event = (id: string) =>
  JSON.stringify({
    id,
    object: 'event',
    type: 'customer.created',
    data: { object: { id: 'cus_1', object: 'customer' } },
  });

describe('handleWebhook', () => {
  it('accepts a correctly signed event once; the same event again is a duplicate', async () => {
    const { d, done } = deps();
    const payload = event('evt_1');
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    await expect(handleWebhook(d, payload, header)).resolves.toEqual({ received: true });
    expect([...done]).toEqual(['stripe-event#evt_1']);
    await expect(handleWebhook(d, payload, header)).resolves.toEqual({ received: true, duplicate: true });
  });

  it.each([
    [
      'another secret',
      (p: string) => stripe.webhooks.generateTestHeaderString({ payload: p, secret: 'whsec_other' }),
    ],
    ['no signature', () => ''],
    [
      'a changed body',
      (p: string) =>
        stripe.webhooks.generateTestHeaderString({ payload: p.replace('}', ' }'), secret: SECRET }),
    ],
    [
      'an old timestamp',
      (p: string) =>
        stripe.webhooks.generateTestHeaderString({
          payload: p,
          secret: SECRET,
          timestamp: Math.floor(Date.now() / 1000) - 3600,
        }),
    ],
  ])('refuses %s (400) and claims nothing', async (_name, sign) => {
    const { d, done } = deps();
    const payload = event('evt_2');
    await expect(handleWebhook(d, payload, sign(payload))).rejects.toMatchObject({
      code: 'billing.errors.badSignature',
      status: 400,
    });
    expect(done.size).toBe(0);
  });
});

describe('checkQuantity', () => {
  it.each([
    ['month_standard', 0, 'billing.errors.notPositive'],
    ['month_standard', -1, 'billing.errors.notPositive'],
    ['price_onetime', 1.5, 'billing.errors.notPositive'],
    ['year_personal', 2, 'billing.errors.personalSeats'],
    ['year_standard', 51, 'billing.errors.tooManySeats'],
    ['price_onetime', 1001, 'billing.errors.tooManyContracts'],
  ] as const)('%s × %s → %s', (plan, quantity, code) => {
    expect(() => checkQuantity(plan, quantity)).toThrow(expect.objectContaining({ code, status: 400 }));
  });

  it.each([
    ['month_personal', 1],
    ['year_standard', 50],
    ['price_onetime', 1000],
  ] as const)('%s × %s is fine', (plan, quantity) => {
    expect(() => checkQuantity(plan, quantity)).not.toThrow();
  });
});
