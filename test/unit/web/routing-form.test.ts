// Configuring Contractors' routing (issue #28), the pure part: where the form starts (My Info's
// defaults for a new draft, what was saved otherwise), the checks with the server's message keys, what
// is sent, and the order the requests will go out in (groups made contiguous as the server does).
import {
  checkExpiry,
  checkReminders,
  checkRouting,
  daysFromNow,
  draftFromDefaults,
  draftFromSettings,
  expiryDefault,
  fromLocalInput,
  initialDraft,
  isNewDraft,
  orderPreview,
  parseExpiryDays,
  parseGroup,
  sectionOfCode,
  toLocalInput,
  type RoutingDraft,
  type RowRouting,
} from '../../../web/src/features/funnel/routing-form';

const NOW = new Date('2026-12-01T09:30:00Z');
const DAY = 24 * 3600 * 1000;

const draft = (patch: Partial<RoutingDraft> = {}): RoutingDraft => ({
  order: 'parallel',
  reminders: { on: false, firstAfterDays: '3', everyDays: '3', max: '3' },
  expiresAt: '',
  allowDelegation: false,
  ...patch,
});

const row = (name: string, patch: Partial<RowRouting> = {}): RowRouting => ({
  name,
  contact: `${name.toLowerCase()}@example.com`,
  role: 'signer',
  group: '1',
  ...patch,
});

describe('datetime-local values', () => {
  it('round-trips a moment to the minute in the browser time zone', () => {
    const local = toLocalInput(NOW);
    expect(local).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(fromLocalInput(local)).toBe(NOW.toISOString());
  });

  it('reads nothing from an empty or partial value', () => {
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('2026-12-01')).toBeNull();
    expect(toLocalInput('not a date')).toBe('');
  });
});

describe('where the form starts', () => {
  it('a new draft takes My Info defaults; expiryDays becomes a date that many days from now', () => {
    const start = draftFromDefaults(
      { reminders: { firstAfterDays: 2, everyDays: 5, max: 4 }, expiryDays: 14, allowDelegation: true },
      NOW,
    );
    expect(start).toEqual({
      order: 'parallel',
      reminders: { on: true, firstAfterDays: '2', everyDays: '5', max: '4' },
      expiresAt: toLocalInput(new Date(NOW.getTime() + 14 * DAY)),
      allowDelegation: true,
    });
    expect(start.expiresAt).toBe(daysFromNow(14, NOW));
  });

  it('defaults without reminders or expiry: off (with a plan ready to switch on) and no date', () => {
    expect(draftFromDefaults({ reminders: null, expiryDays: null, allowDelegation: false }, NOW)).toEqual(
      draft({ reminders: { on: false, firstAfterDays: '3', everyDays: '3', max: '3' } }),
    );
    expect(draftFromDefaults(undefined, NOW)).toEqual(draft());
  });

  it('an existing draft shows what was saved', () => {
    const expiresAt = '2026-12-20T10:00:00.000Z';
    expect(
      draftFromSettings({
        order: 'sequential',
        reminders: { firstAfterDays: 1, everyDays: 2, max: 0 },
        expiresAt,
        allowDelegation: false,
      }),
    ).toEqual({
      order: 'sequential',
      reminders: { on: true, firstAfterDays: '1', everyDays: '2', max: '0' },
      expiresAt: toLocalInput(expiresAt),
      allowDelegation: false,
    });
  });

  it('a draft is new until its contractors are saved (a video contract has only the owner)', () => {
    const saved = { order: 'sequential', reminders: null, expiresAt: null, allowDelegation: true } as const;
    const defaults = { reminders: null, expiryDays: 3, allowDelegation: false };
    const contractor = { isOwner: false } as never;
    const owner = { isOwner: true } as never;
    expect(isNewDraft({ status: 'Upload', recipients: [] })).toBe(true);
    expect(isNewDraft({ status: 'Upload', recipients: [owner] })).toBe(true);
    expect(isNewDraft({ status: 'Upload', recipients: [contractor] })).toBe(false);
    expect(isNewDraft({ status: 'AddRcpt', recipients: [] })).toBe(false);
    expect(initialDraft({ status: 'Upload', recipients: [], routing: saved }, defaults, NOW).expiresAt).toBe(
      daysFromNow(3, NOW),
    );
    expect(
      initialDraft({ status: 'SetPos', recipients: [contractor], routing: saved }, defaults, NOW),
    ).toEqual(draftFromSettings(saved));
  });
});

describe('checks, with the server messages', () => {
  it('reminders: off sends null; days 1 to 30 and at most 0 to 10 reminders', () => {
    expect(checkReminders({ on: false, firstAfterDays: 'x', everyDays: '', max: '' })).toEqual({
      ok: true,
      value: null,
    });
    expect(checkReminders({ on: true, firstAfterDays: '2', everyDays: '30', max: '10' })).toEqual({
      ok: true,
      value: { firstAfterDays: 2, everyDays: 30, max: 10 },
    });
    expect(checkReminders({ on: true, firstAfterDays: '0', everyDays: '3', max: '3' })).toEqual({
      ok: false,
      problem: {
        section: 'reminders',
        key: 'routing.errors.reminderDays',
        values: { min: 1, max: 30 },
        field: 'firstAfterDays',
      },
    });
    expect(checkReminders({ on: true, firstAfterDays: '1', everyDays: '1.5', max: '3' })).toMatchObject({
      ok: false,
      problem: { field: 'everyDays', key: 'routing.errors.reminderDays' },
    });
    expect(checkReminders({ on: true, firstAfterDays: '1', everyDays: '1', max: '11' })).toMatchObject({
      ok: false,
      problem: { field: 'max', key: 'routing.errors.maxReminders', values: { max: 10 } },
    });
  });

  it('expiry: empty is none; at least an hour and at most 365 days away', () => {
    expect(checkExpiry('', NOW)).toEqual({ ok: true, value: null });
    const tomorrow = daysFromNow(1, NOW);
    expect(checkExpiry(tomorrow, NOW)).toEqual({ ok: true, value: fromLocalInput(tomorrow) });
    expect(checkExpiry(toLocalInput(new Date(NOW.getTime() + 10 * 60_000)), NOW)).toMatchObject({
      ok: false,
      problem: { section: 'expiry', key: 'routing.errors.expiryInPast' },
    });
    expect(checkExpiry(daysFromNow(400, NOW), NOW)).toMatchObject({
      ok: false,
      problem: { section: 'expiry', key: 'routing.errors.expiryTooFar', values: { days: 365 } },
    });
  });

  it("My Info's default expiry: empty or whole days from 1 to 365", () => {
    expect(parseExpiryDays('')).toEqual({ ok: true, value: null });
    expect(parseExpiryDays(' 30 ')).toEqual({ ok: true, value: 30 });
    for (const bad of ['0', '366', '2.5', '-1', 'abc']) expect(parseExpiryDays(bad)).toEqual({ ok: false });
  });

  it('groups: whole numbers from 1 to 20, in order only, at the row typed', () => {
    expect(parseGroup('20')).toBe(20);
    expect(parseGroup('21')).toBeNull();
    expect(parseGroup('')).toBeNull();
    const rows = [row('Ann', { group: '1' }), row('Ben', { group: '0' })];
    expect(checkRouting(draft(), rows, NOW)).toMatchObject({ ok: true });
    expect(checkRouting(draft({ order: 'sequential' }), rows, NOW)).toEqual({
      ok: false,
      problem: { section: 'order', key: 'routing.errors.groupRange', values: { max: 20 }, row: 1 },
    });
  });

  it('roles: someone must sign or approve; the owner row is a signer whatever was chosen', () => {
    const viewers = [row('Ann', { role: 'viewer' }), row('Ben', { role: 'viewer' })];
    expect(checkRouting(draft(), viewers, NOW)).toMatchObject({
      ok: false,
      problem: { section: 'roles', key: 'routing.errors.noBlocker' },
    });
    // A video contract's list is optional (its owner is the first party).
    expect(checkRouting(draft(), viewers, NOW, { optional: true })).toMatchObject({ ok: true });
    const withOwner = [row('Me', { role: 'viewer', isOwner: true }), row('Ann', { role: 'viewer' })];
    const checked = checkRouting(draft(), withOwner, NOW);
    expect(checked.ok && checked.value.rows.map((r) => r.role)).toEqual(['signer', 'viewer']);
  });

  it('sends each row with its role and group (1 for all in parallel) and the settings', () => {
    const rows = [
      row('Ann', { group: '2' }),
      row('Ben', { role: 'approver', group: '5' }),
      { name: '', contact: '', role: 'signer', group: '' } satisfies RowRouting,
    ];
    const expiresAt = daysFromNow(10, NOW);
    const on = { on: true, firstAfterDays: '2', everyDays: '4', max: '3' };
    expect(checkRouting(draft({ reminders: on, expiresAt, allowDelegation: true }), rows, NOW)).toEqual({
      ok: true,
      value: {
        routing: {
          order: 'parallel',
          reminders: { firstAfterDays: 2, everyDays: 4, max: 3 },
          expiresAt: fromLocalInput(expiresAt),
          allowDelegation: true,
        },
        rows: [
          { role: 'signer', group: 1 },
          { role: 'approver', group: 1 },
          { role: 'signer', group: 1 },
        ],
      },
    });
    const inOrder = checkRouting(draft({ order: 'sequential' }), rows, NOW);
    // The empty row is dropped by the server; it is sent as group 1.
    expect(inOrder.ok && inOrder.value.rows.map((r) => r.group)).toEqual([2, 5, 1]);
  });

  it('puts each server refusal beside its section', () => {
    expect(sectionOfCode('routing.errors.groupRange')).toBe('order');
    expect(sectionOfCode('routing.errors.ownerRole')).toBe('roles');
    expect(sectionOfCode('routing.errors.noBlocker')).toBe('roles');
    expect(sectionOfCode('routing.errors.maxReminders')).toBe('reminders');
    expect(sectionOfCode('routing.errors.expiryTooFar')).toBe('expiry');
    expect(sectionOfCode('contractors.errors.invalidEmail')).toBeNull();
  });
});

describe('the order the requests go out in', () => {
  it('numbers the groups contiguously as the server does; viewers get a copy at sending', () => {
    const rows = [
      row('Ann', { group: '1' }),
      row('Ben', { group: '3', role: 'approver' }),
      row('Cy', { group: '3' }),
      row('Dee', { group: '7' }),
      row('Eve', { group: '2', role: 'viewer' }),
    ];
    expect(orderPreview(rows, 'sequential')).toEqual({
      steps: [['Ann'], ['Ben', 'Cy'], ['Dee']],
      copies: ['Eve'],
    });
  });

  it('in parallel everyone is in one group; unnamed rows and unreadable groups are left out', () => {
    const rows = [row('Ann', { group: '4' }), row('Ben', { group: 'x' }), row('', { group: '1' })];
    expect(orderPreview(rows, 'parallel')).toEqual({ steps: [['Ann', 'Ben']], copies: [] });
    expect(orderPreview(rows, 'sequential')).toEqual({ steps: [['Ann']], copies: [] });
  });

  it('the owner row counts as a signer', () => {
    const rows = [row('Me', { role: 'viewer', isOwner: true, group: '2' }), row('Ann', { group: '1' })];
    expect(orderPreview(rows, 'sequential').steps).toEqual([['Ann'], ['Me']]);
  });
});

describe('the expiry dialog', () => {
  it('starts at the current expiry when still ahead, else a week from now', () => {
    const ahead = new Date(NOW.getTime() + 3 * DAY).toISOString();
    expect(expiryDefault(ahead, NOW)).toBe(toLocalInput(ahead));
    expect(expiryDefault(new Date(NOW.getTime() - DAY).toISOString(), NOW)).toBe(daysFromNow(7, NOW));
    expect(expiryDefault(null, NOW)).toBe(daysFromNow(7, NOW));
  });
});
