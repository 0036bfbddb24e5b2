import {
  DEFAULT_MAX_UPLOAD_BYTES,
  DEFAULT_MIN_AGE,
  RECIPIENT_COLOURS,
  recipientColour,
} from '../../../shared/domain/constants';
import { PLAN_KEYS, PURCHASE_KEYS } from '../../../shared/domain/entities';
import {
  daysLeft,
  formatDollars,
  monthlyEquivalentCents,
  orderTotalCents,
  planLengthDays,
  trialValidUntil,
} from '../../../shared/domain/plans';

describe('recipient colours', () => {
  it('are 8 distinct colours', () => {
    expect(RECIPIENT_COLOURS).toHaveLength(8);
    expect(new Set(RECIPIENT_COLOURS.map((c) => c.toLowerCase())).size).toBe(8);
    for (const c of RECIPIENT_COLOURS) expect(c).toMatch(/^#[0-9A-F]{6}$/);
  });

  it('cycle: the ninth contractor has the first colour again', () => {
    expect(recipientColour(0)).toBe(RECIPIENT_COLOURS[0]);
    expect(recipientColour(7)).toBe(RECIPIENT_COLOURS[7]);
    expect(recipientColour(8)).toBe(RECIPIENT_COLOURS[0]);
    expect(recipientColour(17)).toBe(RECIPIENT_COLOURS[1]);
  });
});

describe('configured limits', () => {
  it('enforce one upload limit of 50,000,000 bytes and a minimum age of 18 by default', () => {
    expect(DEFAULT_MAX_UPLOAD_BYTES).toBe(50_000_000);
    expect(DEFAULT_MIN_AGE).toBe(18);
  });
});

describe('plans', () => {
  it('are trial, monthly and yearly, personal or standard; the one-time purchase is not a plan', () => {
    expect(PLAN_KEYS).toEqual([
      'trial',
      'month_personal',
      'month_standard',
      'year_personal',
      'year_standard',
    ]);
    expect(PURCHASE_KEYS).toContain('price_onetime');
    expect(PLAN_KEYS).not.toContain('price_onetime');
  });

  it.each([
    ['trial', 31],
    ['month_personal', 31],
    ['month_standard', 31],
    ['year_personal', 365],
    ['year_standard', 365],
    ['unknown', 30],
  ])('measure the progress bar of %s over %d days', (plan, days) => {
    expect(planLengthDays(plan)).toBe(days);
  });
});

describe('plan periods and prices', () => {
  const now = new Date('2025-01-01T00:00:00.000Z');

  it('give a 30-day free trial', () => {
    expect(trialValidUntil(now)).toBe('2025-01-31T00:00:00.000Z');
    expect(daysLeft(trialValidUntil(now), now)).toBe(30);
  });

  it('count a started day as a day left, and never fewer than zero', () => {
    expect(daysLeft('2025-01-02T01:00:00.000Z', now)).toBe(2);
    expect(daysLeft('2024-12-01T00:00:00.000Z', now)).toBe(0);
    expect(daysLeft('not a date', now)).toBe(0);
  });

  it('show dollars with two decimals and thousands commas', () => {
    expect(formatDollars(123456)).toBe('$1,234.56');
    expect(formatDollars(orderTotalCents(3, 1500))).toBe('$45.00');
    expect(formatDollars(monthlyEquivalentCents(12000))).toBe('$10.00');
  });
});
