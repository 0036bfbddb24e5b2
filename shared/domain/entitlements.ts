// Entitlements (architecture §16, issue #18): what an owner may still send. Pure functions over the
// plan fields of the user record; the send use case consumes one in the same conditional write as
// the send, and the webhooks (the only writers of a plan) add to them.
//
// - Trial: 30 days from sign-up, no card, a configured number of contracts (a ticket lot that
//   expires with the trial).
// - Subscriptions: personal sends a configured number per calendar month (UTC; spec: 5 envelopes a
//   month); standard the same number per seat. Usable while the paid period runs (validDate).
// - One-time purchase: tickets that do not expire, used first-in-first-out with the other lots.
// A subscription's monthly allowance is used before tickets (it lapses; tickets do not).

import { ONETIME_PLAN_SEATS, PERSONAL_PLAN_SEATS } from './constants';
import type { IsoDateTime, PlanKey } from './entities';

export type TicketSource = 'trial' | 'onetime' | 'grant';

/** Tickets of one origin, in the order they were added (FIFO). */
export interface TicketLot {
  source: TicketSource;
  count: number;
  addedAt: IsoDateTime;
  /** Trial tickets end with the trial; bought tickets never. */
  expiresAt?: IsoDateTime;
}

export interface EntitlementState {
  plan: PlanKey;
  /** End of the trial or of the paid period. spec: valid_date. */
  validDate: IsoDateTime;
  /** Standard plans: seats bought (personal: 1). */
  seats?: number;
  /** The calendar month (UTC, 'YYYY-MM') the subscription usage counts, and the sends in it. */
  usageMonth?: string;
  usageCount?: number;
  lots: TicketLot[];
}

export interface EntitlementRules {
  personalSendsPerMonth: number;
  standardSendsPerSeatPerMonth: number;
}

export const DEFAULT_ENTITLEMENT_RULES: EntitlementRules = {
  personalSendsPerMonth: 5,
  standardSendsPerSeatPerMonth: 5,
};

/** Why nothing can be sent; each is a translated message key `entitlements.errors.{reason}`. */
export type RefusalReason = 'trialEnded' | 'monthlyLimit' | 'planEnded' | 'noneLeft';

export type Consumption =
  | { ok: true; from: 'subscription' | TicketSource; next: EntitlementState }
  | { ok: false; reason: RefusalReason };

export function usageMonthOf(now: Date): string {
  return now.toISOString().slice(0, 7);
}

function alive(lot: TicketLot, now: Date): boolean {
  return lot.count > 0 && (lot.expiresAt === undefined || Date.parse(lot.expiresAt) > now.getTime());
}

/** Tickets still usable now (what the plan box shows as remaining tickets). */
export function ticketCount(lots: readonly TicketLot[], now: Date): number {
  return lots.filter((l) => alive(l, now)).reduce((n, l) => n + l.count, 0);
}

export function subscriptionActive(state: Pick<EntitlementState, 'plan' | 'validDate'>, now: Date): boolean {
  return state.plan !== 'trial' && Date.parse(state.validDate) > now.getTime();
}

/** Sends a subscription allows per month: personal a fixed number, standard that number per seat. */
export function monthlyAllowance(state: EntitlementState, rules: EntitlementRules): number {
  if (state.plan === 'trial') return 0;
  if (state.plan.endsWith('_standard')) {
    return Math.max(1, state.seats ?? 1) * rules.standardSendsPerSeatPerMonth;
  }
  return rules.personalSendsPerMonth;
}

/** What is left now: of this month's subscription allowance, and in tickets. */
export function remaining(
  state: EntitlementState,
  now: Date,
  rules: EntitlementRules = DEFAULT_ENTITLEMENT_RULES,
): { subscription: number; tickets: number; total: number } {
  let subscription = 0;
  if (subscriptionActive(state, now)) {
    const used = state.usageMonth === usageMonthOf(now) ? (state.usageCount ?? 0) : 0;
    subscription = Math.max(0, monthlyAllowance(state, rules) - used);
  }
  const tickets = ticketCount(state.lots, now);
  return { subscription, tickets, total: subscription + tickets };
}

/** The plan fields a user's sends count against (a company member's: the buyer's). */
export interface PlanFields {
  plan: PlanKey;
  validDate: IsoDateTime;
  seats?: number | null | undefined;
  usageMonth?: string | null | undefined;
  usageCount?: number | null | undefined;
}

/**
 * Remaining contracts (issue #34 item 5, decision 135): the one number My Plan, the side menu's plan
 * box and `/api/me` show, computed here only. It is every contract the user can still send now: what
 * is left of this month's subscription allowance (of the plan they send under: a company member's is
 * the buyer's) plus their own usable tickets (bought one-time contracts, grants, an unexpired
 * trial's). `subscription` and `tickets` are its two parts, as the pages explain them.
 */
export function remainingContracts(
  planOf: PlanFields,
  ownLots: readonly TicketLot[],
  now: Date,
  rules: EntitlementRules = DEFAULT_ENTITLEMENT_RULES,
): { subscription: number; tickets: number; total: number } {
  return remaining(
    {
      plan: planOf.plan,
      validDate: planOf.validDate,
      ...(planOf.seats == null ? {} : { seats: planOf.seats }),
      ...(planOf.usageMonth == null ? {} : { usageMonth: planOf.usageMonth }),
      ...(planOf.usageCount == null ? {} : { usageCount: planOf.usageCount }),
      lots: [...ownLots],
    },
    now,
    rules,
  );
}

/** Uses one entitlement for one sent contract: this month's allowance first, then the oldest
 *  usable ticket lot. Expired and empty lots are dropped from the result. */
export function consumeOne(
  state: EntitlementState,
  now: Date,
  rules: EntitlementRules = DEFAULT_ENTITLEMENT_RULES,
): Consumption {
  const lots = state.lots.filter((l) => alive(l, now));
  const left = remaining(state, now, rules);
  if (left.subscription > 0) {
    const month = usageMonthOf(now);
    const used = state.usageMonth === month ? (state.usageCount ?? 0) : 0;
    return {
      ok: true,
      from: 'subscription',
      next: { ...state, lots, usageMonth: month, usageCount: used + 1 },
    };
  }
  const first = lots[0];
  if (first) {
    const rest = lots.slice(1);
    const next = first.count > 1 ? [{ ...first, count: first.count - 1 }, ...rest] : rest;
    return { ok: true, from: first.source, next: { ...state, lots: next } };
  }
  return { ok: false, reason: refusalReason(state, now) };
}

function refusalReason(state: EntitlementState, now: Date): RefusalReason {
  if (state.plan === 'trial') return Date.parse(state.validDate) > now.getTime() ? 'noneLeft' : 'trialEnded';
  return subscriptionActive(state, now) ? 'monthlyLimit' : 'planEnded';
}

/** Adds bought (or granted) tickets after the existing lots. */
export function addTickets(
  lots: readonly TicketLot[],
  count: number,
  now: Date,
  source: TicketSource = 'onetime',
  expiresAt?: IsoDateTime,
): TicketLot[] {
  if (!Number.isInteger(count) || count <= 0) return lots.filter((l) => alive(l, now));
  return [
    ...lots.filter((l) => alive(l, now)),
    { source, count, addedAt: now.toISOString(), ...(expiresAt ? { expiresAt } : {}) },
  ];
}

/** The lots of a stored user. Records from before lots existed have only a ticket count: the
 *  trial's tickets end with the trial, any other plan's are bought tickets. */
export function lotsOfRecord(
  record: {
    plan: PlanKey;
    validDate: IsoDateTime;
    availableTickets: number;
    createdAt: IsoDateTime;
    ticketLots?: readonly TicketLot[] | null;
  },
  now: Date,
): TicketLot[] {
  if (record.ticketLots) return record.ticketLots.filter((l) => alive(l, now));
  if (record.availableTickets <= 0) return [];
  const lot: TicketLot =
    record.plan === 'trial'
      ? {
          source: 'trial',
          count: record.availableTickets,
          addedAt: record.createdAt,
          expiresAt: record.validDate,
        }
      : { source: 'onetime', count: record.availableTickets, addedAt: record.createdAt };
  return [lot].filter((l) => alive(l, now));
}

/** Where an account's paid features come from (issue #29): an active Standard subscription, unused
 *  one-time tickets ("All Standard features, up to 5 seats"), or the trial ("every feature of the
 *  Standard plan is included during the trial", one seat). A Personal plan or nothing live: none. */
export type FeatureSource = 'standard' | 'onetime' | 'trial' | 'none';

export interface PlanFeatures {
  source: FeatureSource;
  /** My Info → Brand: a logo and an accent colour on everything contractors see (architecture §21). */
  branding: boolean;
  /** A comment thread per contract (architecture §21). */
  commenting: boolean;
  /** My Info → API: API keys and the public REST API (architecture §23, issue #31). */
  api: boolean;
  /** Seats the account may fill (the buyer's own included); members exist when it is over 1. */
  seats: number;
}

/**
 * The features of a plan (one function, so the Brand control, the comment thread, the members editor
 * and the server's checks always agree). `lots` are the account's own ticket lots.
 */
export function planFeatures(
  state: Pick<EntitlementState, 'plan' | 'validDate' | 'seats' | 'lots'>,
  now: Date,
): PlanFeatures {
  const all = (source: FeatureSource, seats: number): PlanFeatures => ({
    source,
    branding: true,
    commenting: true,
    api: true,
    seats,
  });
  if (state.plan.endsWith('_standard') && subscriptionActive(state, now)) {
    return all('standard', Math.max(PERSONAL_PLAN_SEATS, state.seats ?? PERSONAL_PLAN_SEATS));
  }
  if (state.lots.some((l) => l.source === 'onetime' && alive(l, now))) {
    // The card's 5 seats are the people the buyer shares the tickets with, besides the buyer.
    return all('onetime', PERSONAL_PLAN_SEATS + ONETIME_PLAN_SEATS);
  }
  if (state.plan === 'trial' && Date.parse(state.validDate) > now.getTime()) {
    return all('trial', PERSONAL_PLAN_SEATS);
  }
  return { source: 'none', branding: false, commenting: false, api: false, seats: PERSONAL_PLAN_SEATS };
}
