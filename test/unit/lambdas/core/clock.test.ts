// The clocks of scheduled work (issue #28): the system clock, and the local clock that the local
// cloud's test clock moves forward — never settable inside Lambda.
import {
  localClock,
  localClockOffsetMs,
  setLocalClockOffset,
  systemClock,
} from '../../../../lambdas/core/clock';

const DAY_MS = 24 * 3600 * 1000;

afterEach(() => {
  delete process.env.AWS_LAMBDA_FUNCTION_NAME;
  setLocalClockOffset(0);
});

describe('the clocks', () => {
  it('the system clock reads the time', () => {
    const before = Date.now();
    const now = systemClock.now().getTime();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });

  it('the local clock is the system clock until the test clock moves', () => {
    expect(localClockOffsetMs()).toBe(0);
    const before = Date.now();
    const now = localClock.now().getTime();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });

  it('the local clock runs ahead by the offset, and back with 0', () => {
    setLocalClockOffset(3 * DAY_MS);
    const before = Date.now();
    const now = localClock.now().getTime();
    expect(localClockOffsetMs()).toBe(3 * DAY_MS);
    expect(now - before).toBeGreaterThanOrEqual(3 * DAY_MS);
    expect(now - Date.now()).toBeLessThanOrEqual(3 * DAY_MS);
    setLocalClockOffset(0);
    expect(Math.abs(localClock.now().getTime() - Date.now())).toBeLessThan(1000);
  });

  it('keeps one offset for every copy of the module (a registered global, not a module variable)', () => {
    setLocalClockOffset(5000);
    expect((globalThis as Record<symbol, unknown>)[Symbol.for('signseal.localClockOffsetMs')]).toBe(5000);
  });

  it('refuses to move inside Lambda, where deps.ts gives the system clock anyway', () => {
    process.env.AWS_LAMBDA_FUNCTION_NAME = 'SignSealApp-SendDocument';
    expect(() => setLocalClockOffset(DAY_MS)).toThrow(/local only/);
    expect(localClockOffsetMs()).toBe(0);
  });

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('refuses the offset %p', (offset) => {
    expect(() => setLocalClockOffset(offset)).toThrow(/whole number of milliseconds/);
    expect(localClockOffsetMs()).toBe(0);
  });
});
