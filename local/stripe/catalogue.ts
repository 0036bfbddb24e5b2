// The products and prices the local Stripe-compatible server starts with (issue #18): the four plans
// and the one-time purchase of contracts (spec doc 2 §9.2 plan keys). The spec shows no amounts; these
// are the local cloud's example prices, in cents (docs/deploy.md says how to create the real ones).
import type { PurchaseKey } from '../../shared/domain/entities';

export interface SeedPrice {
  key: PurchaseKey;
  product: { id: string; name: string; description: string };
  unitAmount: number;
  /** Absent: a one-time price. */
  interval?: 'month' | 'year';
}

const PERSONAL = {
  id: 'prod_local_personal',
  name: 'SignSeal Personal',
  description: 'One seat, 5 envelopes per month, reusable templates.',
};
const STANDARD = {
  id: 'prod_local_standard',
  name: 'SignSeal Standard',
  description: 'All Personal features, up to 50 seats, shared templates, customised branding.',
};
const ONETIME = {
  id: 'prod_local_onetime',
  name: 'SignSeal contracts (one-time)',
  description: 'All Standard features for the contracts bought.',
};

export const SEED_PRICES: readonly SeedPrice[] = [
  { key: 'month_personal', product: PERSONAL, unitAmount: 1_000, interval: 'month' },
  { key: 'year_personal', product: PERSONAL, unitAmount: 9_600, interval: 'year' },
  { key: 'month_standard', product: STANDARD, unitAmount: 2_500, interval: 'month' },
  { key: 'year_standard', product: STANDARD, unitAmount: 24_000, interval: 'year' },
  { key: 'price_onetime', product: ONETIME, unitAmount: 300 },
];

/** The price id of a purchase key in the local server (what STRIPE_PRICE_IDS names locally). */
export const localPriceId = (key: PurchaseKey): string => `price_local_${key}`;

/** `key=priceId,…`: the STRIPE_PRICE_IDS value of the local cloud. */
export const LOCAL_PRICE_IDS = SEED_PRICES.map((p) => `${p.key}=${localPriceId(p.key)}`).join(',');
