import {
  addTickets,
  consumeOne,
  lotsOfRecord,
  planFeatures,
  remaining,
  ticketCount,
  type EntitlementRules,
  type EntitlementState,
  type TicketLot,
} from '../../../shared/domain/entitlements';

const NOW = new Date('2026-03-15T12:00:00.000Z');
const RULES: EntitlementRules = { personalSendsPerMonth: 5, standardSendsPerSeatPerMonth: 5 };
const FUTURE = '2026-04-01T00:00:00.000Z';
const PAST = '2026-03-01T00:00:00.000Z';

const trialLot = (count: number, expiresAt = FUTURE): TicketLot => ({
  source: 'trial',
  count,
  addedAt: '2026-03-01T00:00:00.000Z',
  expiresAt,
});
const oneTime = (count: number, addedAt = '2026-03-10T00:00:00.000Z'): TicketLot => ({
  source: 'onetime',
  count,
  addedAt,
});

const base = (over: Partial<EntitlementState>): EntitlementState => ({
  plan: 'trial',
  validDate: FUTURE,
  lots: [],
  ...over,
});

describe('consumeOne: one sent contract uses one entitlement', () => {
  const table: [string, EntitlementState, 'subscription' | TicketLot['source'] | string, number][] = [
    // name, state, from (or refusal reason), total left afterwards
    ['trial with contracts left', base({ lots: [trialLot(5)] }), 'trial', 4],
    ['trial, last contract', base({ lots: [trialLot(1)] }), 'trial', 0],
    ['trial, none left', base({ lots: [trialLot(0)] }), 'noneLeft', 0],
    [
      'trial ended (tickets expired with it)',
      base({ validDate: PAST, lots: [trialLot(3, PAST)] }),
      'trialEnded',
      0,
    ],
    [
      'trial ended, bought tickets still usable',
      base({ validDate: PAST, lots: [trialLot(3, PAST), oneTime(2)] }),
      'onetime',
      1,
    ],
    [
      'personal: monthly allowance first',
      base({ plan: 'month_personal', lots: [oneTime(2)] }),
      'subscription',
      6,
    ],
    [
      'personal: 5 used this month → tickets',
      base({ plan: 'month_personal', usageMonth: '2026-03', usageCount: 5, lots: [oneTime(2)] }),
      'onetime',
      1,
    ],
    [
      'personal: 5 used this month, no tickets',
      base({ plan: 'year_personal', usageMonth: '2026-03', usageCount: 5 }),
      'monthlyLimit',
      0,
    ],
    [
      'personal: last month’s usage does not count',
      base({ plan: 'month_personal', usageMonth: '2026-02', usageCount: 5 }),
      'subscription',
      4,
    ],
    [
      'standard: 3 seats allow 15 a month',
      base({ plan: 'month_standard', seats: 3, usageMonth: '2026-03', usageCount: 14 }),
      'subscription',
      0,
    ],
    [
      'standard: 3 seats, 15 used',
      base({ plan: 'year_standard', seats: 3, usageMonth: '2026-03', usageCount: 15 }),
      'monthlyLimit',
      0,
    ],
    ['subscription ended (period over)', base({ plan: 'month_personal', validDate: PAST }), 'planEnded', 0],
    [
      'subscription ended, tickets left',
      base({ plan: 'month_standard', seats: 2, validDate: PAST, lots: [oneTime(1)] }),
      'onetime',
      0,
    ],
  ];

  it.each(table)('%s', (_name, state, expected, leftAfter) => {
    const result = consumeOne(state, NOW, RULES);
    if (result.ok) {
      expect(result.from).toBe(expected);
      expect(remaining(result.next, NOW, RULES).total).toBe(leftAfter);
      expect(remaining(result.next, NOW, RULES).total).toBe(remaining(state, NOW, RULES).total - 1);
    } else {
      expect(result.reason).toBe(expected);
      expect(remaining(state, NOW, RULES).total).toBe(0);
    }
  });

  it('uses tickets first-in-first-out, dropping empty and expired lots', () => {
    let state = base({
      plan: 'month_personal',
      validDate: PAST,
      lots: [
        trialLot(2, PAST),
        oneTime(1, '2026-03-02T00:00:00.000Z'),
        oneTime(2, '2026-03-09T00:00:00.000Z'),
      ],
    });
    const used: string[] = [];
    for (;;) {
      const r = consumeOne(state, NOW, RULES);
      if (!r.ok) break;
      used.push(r.next.lots.map((l) => `${l.addedAt.slice(8, 10)}:${l.count}`).join(','));
      state = r.next;
    }
    expect(used).toEqual(['09:2', '09:1', '']);
  });
});

describe('tickets', () => {
  it('adds bought tickets after the existing lots; a non-positive count adds nothing', () => {
    const lots = addTickets([trialLot(2)], 10, NOW);
    expect(lots.map((l) => [l.source, l.count])).toEqual([
      ['trial', 2],
      ['onetime', 10],
    ]);
    expect(ticketCount(lots, NOW)).toBe(12);
    expect(addTickets(lots, 0, NOW)).toHaveLength(2);
    expect(addTickets(lots, -3, NOW)).toHaveLength(2);
  });

  it('reads a record from before lots existed: trial tickets end with the trial', () => {
    const record = {
      plan: 'trial' as const,
      validDate: FUTURE,
      availableTickets: 5,
      createdAt: '2026-03-01T00:00:00.000Z',
    };
    expect(lotsOfRecord(record, NOW)).toEqual([trialLot(5)]);
    expect(lotsOfRecord({ ...record, validDate: PAST }, NOW)).toEqual([]);
    expect(lotsOfRecord({ ...record, plan: 'month_personal', validDate: PAST }, NOW)).toEqual([
      { source: 'onetime', count: 5, addedAt: record.createdAt },
    ]);
    expect(lotsOfRecord({ ...record, ticketLots: [oneTime(1)] }, NOW)).toEqual([oneTime(1)]);
  });
});

describe('planFeatures (issue #29: what each plan includes)', () => {
  const now = new Date('2026-06-15T00:00:00Z');
  const future = '2026-07-01T00:00:00.000Z';
  const past = '2026-06-01T00:00:00.000Z';
  const onetime = { source: 'onetime' as const, count: 3, addedAt: past };

  it('an active Standard plan has branding, commenting and its seats', () => {
    const f = planFeatures({ plan: 'year_standard', validDate: future, seats: 7, lots: [] }, now);
    expect(f).toEqual({ source: 'standard', branding: true, commenting: true, api: true, seats: 7 });
  });

  it('one-time tickets include all Standard features and 5 seats besides the buyer, on any plan', () => {
    expect(planFeatures({ plan: 'trial', validDate: past, lots: [onetime] }, now)).toEqual({
      source: 'onetime',
      branding: true,
      commenting: true,
      api: true,
      seats: 6,
    });
    expect(planFeatures({ plan: 'month_personal', validDate: future, lots: [onetime] }, now).seats).toBe(6);
  });

  it('used-up one-time tickets and trial tickets give nothing of their own', () => {
    const used = { ...onetime, count: 0 };
    expect(planFeatures({ plan: 'trial', validDate: past, lots: [used] }, now).source).toBe('none');
    const trialLot = { source: 'trial' as const, count: 3, addedAt: past, expiresAt: future };
    expect(planFeatures({ plan: 'month_personal', validDate: future, lots: [trialLot] }, now).branding).toBe(
      false,
    );
  });

  it('the live trial includes the Standard features with one seat; an ended trial none', () => {
    expect(planFeatures({ plan: 'trial', validDate: future, lots: [] }, now)).toEqual({
      source: 'trial',
      branding: true,
      commenting: true,
      api: true,
      seats: 1,
    });
    expect(planFeatures({ plan: 'trial', validDate: past, lots: [] }, now).commenting).toBe(false);
    expect(planFeatures({ plan: 'trial', validDate: past, lots: [] }, now).api).toBe(false);
  });

  it('Personal and an ended Standard plan have neither branding, commenting nor the API', () => {
    expect(planFeatures({ plan: 'year_personal', validDate: future, lots: [] }, now).branding).toBe(false);
    expect(planFeatures({ plan: 'month_personal', validDate: future, lots: [] }, now).api).toBe(false);
    expect(planFeatures({ plan: 'year_standard', validDate: past, seats: 9, lots: [] }, now)).toEqual({
      source: 'none',
      branding: false,
      commenting: false,
      api: false,
      seats: 1,
    });
  });
});
