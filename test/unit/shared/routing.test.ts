// The routing rules (issue #28): whose turn it is, who is waited for, whose requests a group opens,
// groups made contiguous, when reminders fall due, and which expiry dates are refused.
import {
  currentGroup,
  expiryRefusal,
  groupOf,
  hasTurn,
  isPastExpiry,
  normaliseGroups,
  reminderDueAt,
  requestsOfGroup,
  roleOf,
  waitingFor,
  type RoutingRow,
} from '../../../shared/domain/routing';

const row = (index: number, group: number, agreement = 0, role?: string, isOwner = false): RoutingRow => ({
  index,
  group,
  agreement,
  role: role ?? null,
  isOwner,
});

describe('the turn', () => {
  const rows = [
    row(0, 1, 1, 'signer', true),
    row(1, 1),
    row(2, 2, 0, 'approver'),
    row(3, 2),
    row(4, 3),
    row(5, 1, 0, 'viewer'),
  ];

  it('is the lowest group with a signer or approver who has not answered', () => {
    expect(currentGroup(rows)).toBe(1);
    const afterFirst = rows.map((r) => (r.index === 1 ? { ...r, agreement: 1 } : r));
    expect(currentGroup(afterFirst)).toBe(2);
    const afterSecond = afterFirst.map((r) => (r.index === 2 || r.index === 3 ? { ...r, agreement: 1 } : r));
    expect(currentGroup(afterSecond)).toBe(3);
    expect(currentGroup(afterSecond.map((r) => ({ ...r, agreement: 1 })))).toBeNull();
  });

  it('never waits for a viewer, and a viewer never has a turn', () => {
    expect(currentGroup([row(0, 1, 1), row(1, 1, 0, 'viewer')])).toBeNull();
    expect(hasTurn(rows[5]!, rows)).toBe(false);
    expect(waitingFor(rows).map((r) => r.index)).toEqual([1]);
  });

  it('gives the turn to the current group and to earlier ones, never to a later one', () => {
    expect(hasTurn(rows[1]!, rows)).toBe(true);
    expect(hasTurn(rows[3]!, rows)).toBe(false);
    expect(hasTurn(rows[4]!, rows)).toBe(false);
  });

  it("opens a group's requests for its pending signers and approvers, never the owner's or a viewer's", () => {
    const afterFirst = rows.map((r) => (r.index === 1 ? { ...r, agreement: 1 } : r));
    expect(requestsOfGroup(afterFirst, 2).map((r) => r.index)).toEqual([2, 3]);
    expect(requestsOfGroup(rows, 1).map((r) => r.index)).toEqual([1]);
  });

  it('counts a denial as an answer (the contract itself ends as Reject, so no group opens)', () => {
    const denied = rows.map((r) => (r.index === 1 ? { ...r, agreement: 2 } : r));
    expect(currentGroup(denied)).toBe(2);
  });

  it('reads rows saved before routing as signers of group 1', () => {
    expect(roleOf({})).toBe('signer');
    expect(roleOf({ role: 'nonsense' })).toBe('signer');
    expect(groupOf({})).toBe(1);
    expect(groupOf({ group: 0 })).toBe(1);
    expect(groupOf({ group: 2.5 })).toBe(1);
  });
});

describe('groups as the owner typed them', () => {
  it('are made contiguous in order, and all 1 in parallel', () => {
    expect(normaliseGroups([1, 3, 3, 7], 'sequential')).toEqual([1, 2, 2, 3]);
    expect(normaliseGroups([5, 2, 9], 'sequential')).toEqual([2, 1, 3]);
    expect(normaliseGroups([1, 3, 3, 7], 'parallel')).toEqual([1, 1, 1, 1]);
  });
});

describe('reminders', () => {
  const opened = new Date('2026-11-01T09:00:00.000Z');
  const plan = { firstAfterDays: 2, everyDays: 3, max: 3 };

  it('fall due from the turn: first after N days, then every M days, at most K', () => {
    expect(reminderDueAt(plan, opened, 1)?.toISOString()).toBe('2026-11-03T09:00:00.000Z');
    expect(reminderDueAt(plan, opened, 2)?.toISOString()).toBe('2026-11-06T09:00:00.000Z');
    expect(reminderDueAt(plan, opened, 3)?.toISOString()).toBe('2026-11-09T09:00:00.000Z');
    expect(reminderDueAt(plan, opened, 4)).toBeNull();
    expect(reminderDueAt(plan, opened, 0)).toBeNull();
  });
});

describe('expiry dates', () => {
  const now = new Date('2026-11-28T00:00:00.000Z');

  it('must be at least an hour and at most a year away', () => {
    expect(expiryRefusal('2026-11-28T00:30:00.000Z', now)).toBe('routing.errors.expiryInPast');
    expect(expiryRefusal('2026-11-27T00:00:00.000Z', now)).toBe('routing.errors.expiryInPast');
    expect(expiryRefusal('not a date', now)).toBe('routing.errors.expiryInPast');
    expect(expiryRefusal('2027-12-01T00:00:00.000Z', now)).toBe('routing.errors.expiryTooFar');
    expect(expiryRefusal('2026-12-28T00:00:00.000Z', now)).toBeNull();
  });

  it('have passed at their time, never without one', () => {
    expect(isPastExpiry('2026-11-28T00:00:00.000Z', now)).toBe(true);
    expect(isPastExpiry('2026-11-28T00:00:01.000Z', now)).toBe(false);
    expect(isPastExpiry(undefined, now)).toBe(false);
  });
});
