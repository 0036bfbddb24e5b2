// One-time tickets include up to 5 seats (issue #29): who has seats to share, what a member's
// remaining contracts count, and which of the buyer's tickets a member's send uses.
import { ONETIME_PLAN_SEATS } from '../../../../shared/domain/constants';
import type { UserRecord } from '../../../../lambdas/adapters/dynamo/repository';
import { featuresOf, planShownFor, sharedLots } from '../../../../lambdas/usecases/seats';
import { oneTimeTicketForSend } from '../../../../lambdas/usecases/sending';
import { isAppError } from '../../../../lambdas/core/errors';

const now = new Date('2026-11-28T00:00:00Z');
const day = 86_400_000;
const at = (days: number) => new Date(now.getTime() + days * day).toISOString();

function user(changes: Partial<UserRecord>): UserRecord {
  return {
    userId: 'u1',
    email: 'buyer@example.com',
    name: 'Buyer',
    emailVerified: true,
    plan: 'trial',
    validDate: at(-1),
    availableTickets: 0,
    ticketLots: [],
    isAdmin: false,
    closed: false,
    createdAt: at(-40),
    entitlementVersion: 3,
    ...changes,
  } as UserRecord;
}

const onetime = (count: number, days = -5) => ({ source: 'onetime' as const, count, addedAt: at(days) });
const trialLot = { source: 'trial' as const, count: 2, addedAt: at(-10), expiresAt: at(20) };

describe('one-time seats', () => {
  it('a buyer of one-time tickets has 5 seats besides their own; with the tickets used up, none', () => {
    expect(featuresOf(user({ ticketLots: [onetime(3)] }), now)).toMatchObject({
      source: 'onetime',
      seats: ONETIME_PLAN_SEATS + 1,
    });
    expect(ONETIME_PLAN_SEATS).toBe(5);
    expect(featuresOf(user({ ticketLots: [] }), now).source).toBe('none');
  });

  it('a Standard buyer keeps the seats bought', () => {
    expect(featuresOf(user({ plan: 'month_standard', validDate: at(10), seats: 7 }), now)).toMatchObject({
      source: 'standard',
      seats: 7,
    });
  });

  it("a member counts the one-time company's bought tickets (not its trial) with their own", () => {
    const buyer = user({ ticketLots: [trialLot, onetime(4)], plan: 'trial', validDate: at(20) });
    const member = user({ userId: 'u2', ticketLots: [{ ...trialLot, count: 1 }] });
    expect(sharedLots(member, buyer, now).map((l) => [l.source, l.count])).toEqual([
      ['onetime', 4],
      ['trial', 1],
    ]);
    expect(sharedLots(member, null, now)).toHaveLength(1);
    // The plan named is the member's own for a one-time company, the buyer's for a Standard one.
    expect(planShownFor(member, buyer, now)).toBe(member);
    const standard = user({ plan: 'year_standard', validDate: at(100), seats: 3 });
    expect(planShownFor(member, standard, now)).toBe(standard);
    expect(sharedLots(member, standard, now)).toHaveLength(1);
  });

  it("a member's send takes one of the buyer's bought tickets, on the version read", () => {
    const buyer = user({ ticketLots: [trialLot, onetime(2), onetime(1, -1)], availableTickets: 5 });
    const write = oneTimeTicketForSend(buyer, now);
    expect(write).toMatchObject({ userId: 'u1', expectedVersion: 3 });
    expect(write.changes.ticketLots?.map((l) => [l.source, l.count])).toEqual([
      ['trial', 2],
      ['onetime', 1],
      ['onetime', 1],
    ]);
    expect(write.changes.availableTickets).toBe(4);
    // The last ticket of a lot removes the lot.
    const last = oneTimeTicketForSend(user({ ticketLots: [onetime(1)] }), now);
    expect(last.changes.ticketLots).toEqual([]);
    expect(last.changes.availableTickets).toBe(0);
  });

  it('with no bought ticket left the send is refused (402, noneLeft)', () => {
    try {
      oneTimeTicketForSend(user({ ticketLots: [trialLot] }), now);
      throw new Error('not refused');
    } catch (err) {
      expect(isAppError(err) && [err.code, err.status]).toEqual(['billing.errors.noneLeft', 402]);
    }
  });
});
