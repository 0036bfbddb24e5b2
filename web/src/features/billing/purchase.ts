// The purchase path (issue #29 item 1), pure so that it is tested on its own: Buy Now's target, the
// pending-payment marker that carries a visitor's choice through sign-in or sign-up (spec doc 1 §2:
// "sent to /login, with a pending-payment marker set"), the quantity rules the pay page shows, and the
// texts of the payment's result (spec doc 2 §8.6).
import { DEFAULT_QUANTITY } from '../../../../shared/domain/constants';
import { STANDARD_PLAN_MAX_SEATS } from '../../../../shared/domain/constants';
import { PURCHASE_KEYS, type PurchaseKey } from '../../../../shared/domain/entities';
import type { MessageKey } from '../../../../shared/i18n';

/** sessionStorage key of the marker: it lives as long as the tab, so it survives the sign-up code step
 *  and a federated sign-in's round trip, and no other tab or later visit picks it up. */
export const PENDING_PAYMENT_KEY = 'signseal.pendingPayment';

/** A marker older than this is ignored (the visitor went elsewhere meanwhile). */
export const PENDING_PAYMENT_TTL_MS = 3_600_000;

export interface PendingPayment {
  plan: PurchaseKey;
  /** Seats (Standard) or contracts (one-time); 1 for a personal plan. */
  quantity: number;
  /** ISO time the visitor pressed Buy Now. */
  createdAt: string;
}

export const isPurchaseKey = (v: unknown): v is PurchaseKey => PURCHASE_KEYS.includes(v as PurchaseKey);

/** Whether the buyer chooses a number on this plan: seats (Standard) or contracts (one-time). */
export const choosesQuantity = (plan: PurchaseKey) => !plan.endsWith('_personal');

export type QuantityProblem =
  | { key: 'billing.errors.notPositive' | 'billing.errors.notWholeNumber' }
  | { key: 'billing.errors.tooManySeats'; values: { max: number } };

/** What is wrong with a typed quantity, or null ('cannot be zero or negative!!!' first, spec §5). */
export function quantityProblem(plan: PurchaseKey, text: string): QuantityProblem | null {
  const n = Number(text);
  if (text.trim() === '' || !Number.isFinite(n) || n <= 0) return { key: 'billing.errors.notPositive' };
  if (!Number.isInteger(n)) return { key: 'billing.errors.notWholeNumber' };
  if (plan.endsWith('_standard') && n > STANDARD_PLAN_MAX_SEATS) {
    return { key: 'billing.errors.tooManySeats', values: { max: STANDARD_PLAN_MAX_SEATS } };
  }
  return null;
}

/** A usable quantity for the plan, else 1 (personal plans: always 1). */
export function cleanQuantity(plan: PurchaseKey, value: unknown): number {
  if (!choosesQuantity(plan)) return DEFAULT_QUANTITY;
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
  return quantityProblem(plan, text) ? DEFAULT_QUANTITY : Number(text);
}

/** /{lang}/home/pay_plan/{plan}, with ?quantity= when more than one seat or contract was chosen. */
export function payPlanHref(lang: string, plan: PurchaseKey, quantity = DEFAULT_QUANTITY): string {
  const base = `/${lang}/home/pay_plan/${encodeURIComponent(plan)}`;
  const n = cleanQuantity(plan, quantity);
  return n > DEFAULT_QUANTITY ? `${base}?quantity=${n}` : base;
}

/** The pay page's starting quantity: the one in the address (Buy Now's), else 1. */
export function initialQuantity(plan: PurchaseKey, search: URLSearchParams): string {
  return String(cleanQuantity(plan, search.get('quantity') ?? ''));
}

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Leaves the marker (storage may be unavailable, e.g. some private modes: then it is simply lost). */
export function rememberPendingPayment(
  storage: KeyValueStore,
  plan: PurchaseKey,
  quantity: number,
  now = new Date(),
): void {
  const marker: PendingPayment = {
    plan,
    quantity: cleanQuantity(plan, quantity),
    createdAt: now.toISOString(),
  };
  try {
    storage.setItem(PENDING_PAYMENT_KEY, JSON.stringify(marker));
  } catch {
    // Nothing to keep it in: after sign-in the visitor chooses again.
  }
}

/** Reads and removes the marker: the pay page to go to after sign-in, once, while fresh; else undefined. */
export function takePendingPayment(
  storage: KeyValueStore,
  lang: string,
  now = new Date(),
): string | undefined {
  try {
    const raw = storage.getItem(PENDING_PAYMENT_KEY);
    if (!raw) return undefined;
    storage.removeItem(PENDING_PAYMENT_KEY);
    const marker = JSON.parse(raw) as Partial<PendingPayment> | null;
    if (!marker || !isPurchaseKey(marker.plan)) return undefined;
    const age = now.getTime() - Date.parse(marker.createdAt ?? '');
    if (!(age >= 0 && age < PENDING_PAYMENT_TTL_MS)) return undefined;
    return payPlanHref(lang, marker.plan, cleanQuantity(marker.plan, marker.quantity));
  } catch {
    return undefined;
  }
}

/** The Checkout Session's state as the server reads it from the provider (GET /api/billing/plan). */
export interface CheckoutState {
  status: string | null;
  paymentStatus: string;
}

/**
 * The payment result's message (spec doc 1 §4 "succeeded, processing, requires_payment_method, other"):
 * paid → 'Payment succeeded!'; still open (the card was refused, nothing paid) → 'Your payment was not
 * successful, please try again.'; complete but not yet paid → 'Your payment is processing.'; no session
 * to read → 'Something went wrong.'; any other state → 'Unkown error occured!'.
 */
export function paymentResultKey(checkout: CheckoutState | null): { ok: boolean; key: MessageKey } {
  if (!checkout) return { ok: false, key: 'payment.somethingWentWrong' };
  const { status, paymentStatus } = checkout;
  if (paymentStatus === 'paid' || paymentStatus === 'no_payment_required') {
    return { ok: true, key: 'payment.succeeded' };
  }
  if (status === 'open') return { ok: false, key: 'payment.failed' };
  if (status === 'complete' && paymentStatus === 'unpaid') return { ok: false, key: 'payment.processing' };
  return { ok: false, key: 'payment.unknownStatus' };
}
