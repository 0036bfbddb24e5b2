// The purchase path (issue #29 item 1): Buy Now's target, the pending-payment marker kept through
// sign-in or sign-up, the quantity rules and the payment result's message.
import {
  cleanQuantity,
  initialQuantity,
  payPlanHref,
  paymentResultKey,
  PENDING_PAYMENT_KEY,
  PENDING_PAYMENT_TTL_MS,
  quantityProblem,
  rememberPendingPayment,
  takePendingPayment,
} from '../../../web/src/features/billing/purchase';

class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const now = new Date('2026-11-28T10:00:00Z');

describe('Buy Now and Pay Plan', () => {
  it('goes to Pay Plan with the plan, and the seats or contracts when more than one', () => {
    expect(payPlanHref('en', 'year_standard', 3)).toBe('/en/home/pay_plan/year_standard?quantity=3');
    expect(payPlanHref('jp', 'price_onetime', 12)).toBe('/jp/home/pay_plan/price_onetime?quantity=12');
    expect(payPlanHref('en', 'year_standard', 1)).toBe('/en/home/pay_plan/year_standard');
    // A personal plan has one seat whatever was passed.
    expect(payPlanHref('en', 'month_personal', 4)).toBe('/en/home/pay_plan/month_personal');
  });

  it('checks the quantity as the spec does: positive, whole, at most 50 seats', () => {
    expect(quantityProblem('year_standard', '0')).toEqual({ key: 'billing.errors.notPositive' });
    expect(quantityProblem('year_standard', '-2')).toEqual({ key: 'billing.errors.notPositive' });
    expect(quantityProblem('price_onetime', '')).toEqual({ key: 'billing.errors.notPositive' });
    expect(quantityProblem('price_onetime', '1.5')).toEqual({ key: 'billing.errors.notWholeNumber' });
    expect(quantityProblem('year_standard', '51')).toEqual({
      key: 'billing.errors.tooManySeats',
      values: { max: 50 },
    });
    expect(quantityProblem('price_onetime', '51')).toBeNull();
    expect(cleanQuantity('year_standard', 'abc')).toBe(1);
    expect(cleanQuantity('year_standard', 7)).toBe(7);
  });

  it('the pay page starts from the address’s quantity, or 1 when it is missing or bad', () => {
    expect(initialQuantity('month_standard', new URLSearchParams('quantity=4'))).toBe('4');
    expect(initialQuantity('month_standard', new URLSearchParams('quantity=0'))).toBe('1');
    expect(initialQuantity('month_standard', new URLSearchParams('quantity=999'))).toBe('1');
    expect(initialQuantity('month_personal', new URLSearchParams('quantity=4'))).toBe('1');
    expect(initialQuantity('price_onetime', new URLSearchParams(''))).toBe('1');
  });
});

describe('the pending-payment marker', () => {
  it('brings the visitor back to Pay Plan with the plan and seats, once', () => {
    const storage = new MemoryStorage();
    rememberPendingPayment(storage, 'year_standard', 3, now);
    expect(JSON.parse(storage.getItem(PENDING_PAYMENT_KEY)!)).toMatchObject({
      plan: 'year_standard',
      quantity: 3,
    });
    const later = new Date(now.getTime() + 5 * 60_000); // the sign-up code step in between
    expect(takePendingPayment(storage, 'en', later)).toBe('/en/home/pay_plan/year_standard?quantity=3');
    expect(takePendingPayment(storage, 'en', later)).toBeUndefined();
  });

  it('is ignored when stale, unknown, tampered with or absent (and removed)', () => {
    const storage = new MemoryStorage();
    rememberPendingPayment(storage, 'price_onetime', 2, now);
    expect(
      takePendingPayment(storage, 'en', new Date(now.getTime() + PENDING_PAYMENT_TTL_MS)),
    ).toBeUndefined();
    expect(storage.items.size).toBe(0);
    for (const raw of ['{"plan":"gold","createdAt":"2026-11-28T10:00:00Z"}', 'not json', 'null']) {
      storage.setItem(PENDING_PAYMENT_KEY, raw);
      expect(takePendingPayment(storage, 'en', now)).toBeUndefined();
      expect(storage.items.size).toBe(0);
    }
    // A quantity changed by hand falls back to 1; a marker from before quantities existed works.
    storage.setItem(
      PENDING_PAYMENT_KEY,
      JSON.stringify({ plan: 'year_standard', quantity: -4, createdAt: now }),
    );
    expect(takePendingPayment(storage, 'jp', now)).toBe('/jp/home/pay_plan/year_standard');
    storage.setItem(PENDING_PAYMENT_KEY, JSON.stringify({ plan: 'month_personal', createdAt: now }));
    expect(takePendingPayment(storage, 'ko', now)).toBe('/ko/home/pay_plan/month_personal');
    expect(takePendingPayment(storage, 'en', now)).toBeUndefined();
  });

  it('storage that refuses does not break Buy Now or the sign-in', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => undefined,
    };
    expect(() => rememberPendingPayment(broken, 'year_standard', 2, now)).not.toThrow();
    expect(takePendingPayment(broken, 'en', now)).toBeUndefined();
  });
});

describe('the payment result', () => {
  it('maps the Checkout Session to the spec’s messages', () => {
    expect(paymentResultKey({ status: 'complete', paymentStatus: 'paid' })).toEqual({
      ok: true,
      key: 'payment.succeeded',
    });
    expect(paymentResultKey({ status: 'complete', paymentStatus: 'no_payment_required' }).key).toBe(
      'payment.succeeded',
    );
    expect(paymentResultKey({ status: 'open', paymentStatus: 'unpaid' }).key).toBe('payment.failed');
    expect(paymentResultKey({ status: 'complete', paymentStatus: 'unpaid' }).key).toBe('payment.processing');
    expect(paymentResultKey(null).key).toBe('payment.somethingWentWrong');
    expect(paymentResultKey({ status: 'expired', paymentStatus: 'unpaid' })).toEqual({
      ok: false,
      key: 'payment.unknownStatus',
    });
    expect(paymentResultKey({ status: null, paymentStatus: 'weird' }).key).toBe('payment.unknownStatus');
  });
});
