// Plans and prices (spec doc 2 §9.2, doc 1 §4 Subscription and payment). Prices come from the payment
// provider in cents; the pricing page shows dollars with two decimals.

import {
  PLAN_LENGTH_DAYS_DEFAULT,
  PLAN_LENGTH_DAYS_MONTHLY,
  PLAN_LENGTH_DAYS_TRIAL,
  PLAN_LENGTH_DAYS_YEARLY,
  TRIAL_DAYS,
} from './constants';
import type { IsoDateTime, PlanKey } from './entities';

const DAY_MS = 86_400_000;

/** The length the "days left" progress bar measures against: 31 trial and monthly, 365 yearly, else 30. */
export function planLengthDays(plan: PlanKey | (string & {})): number {
  if (plan === 'trial') return PLAN_LENGTH_DAYS_TRIAL;
  if (plan.startsWith('month_')) return PLAN_LENGTH_DAYS_MONTHLY;
  if (plan.startsWith('year_')) return PLAN_LENGTH_DAYS_YEARLY;
  return PLAN_LENGTH_DAYS_DEFAULT;
}

/** Whole days left until the end of the plan (a started day counts), never below zero. */
export function daysLeft(validUntil: IsoDateTime, now: Date): number {
  const ms = Date.parse(validUntil) - now.getTime();
  return Number.isFinite(ms) ? Math.max(0, Math.ceil(ms / DAY_MS)) : 0;
}

/** End of the free trial that starts now: 30 days, no card. */
export function trialValidUntil(start: Date): IsoDateTime {
  return new Date(start.getTime() + TRIAL_DAYS * DAY_MS).toISOString();
}

/** Order total in cents: quantity × unit price. */
export function orderTotalCents(quantity: number, unitPriceCents: number): number {
  return quantity * unitPriceCents;
}

/** The monthly equivalent of a yearly price, in cents (the pricing page shows price / 1200 dollars). */
export function monthlyEquivalentCents(yearlyPriceCents: number): number {
  return yearlyPriceCents / 12;
}

/** Dollars with thousands commas and two decimals: 123456 → '$1,234.56'. */
export function formatDollars(cents: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
}
