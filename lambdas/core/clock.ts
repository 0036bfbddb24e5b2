// The time scheduled work reads (lambdas/ports.ts Clock, issue #28). Deployed: the system clock, and
// nothing else — lambdas/deps.ts clock() gives the local clock only where no schedule group is
// configured. Locally: the system clock plus the test clock's offset, which only the local cloud's
// test-clock endpoint moves (local/scheduler.ts, served by local/server.ts and never by the route
// table). The API server, the pollers and the handlers of `npm start` share one Node process, so one
// offset serves them all.
import type { Clock } from '../ports';

/** The system clock. */
export const systemClock: Clock = { now: () => new Date() };

// Kept on globalThis under a registered symbol rather than in a module variable, so that a second
// copy of this module (a test runner's registry, a differently spelled import) reads the same offset.
const OFFSET = Symbol.for('signseal.localClockOffsetMs');
type WithOffset = { [OFFSET]?: number };

/** The local test clock's offset from the system clock, milliseconds (0 until a test advances it). */
export function localClockOffsetMs(): number {
  return (globalThis as WithOffset)[OFFSET] ?? 0;
}

/** The local cloud's clock: the system clock plus the test clock's offset. */
export const localClock: Clock = { now: () => new Date(Date.now() + localClockOffsetMs()) };

/**
 * Sets the local test clock's offset (the local cloud's test-clock endpoint). Refused inside Lambda
 * (where AWS_LAMBDA_FUNCTION_NAME is set), and refused when not a whole, non-negative number of
 * milliseconds: the test clock only moves forward from the real time, as Stripe's test clocks do.
 */
export function setLocalClockOffset(offsetMs: number): void {
  if (process.env.AWS_LAMBDA_FUNCTION_NAME) {
    throw new Error('The test clock is local only: it cannot be set in AWS Lambda.');
  }
  if (!Number.isSafeInteger(offsetMs) || offsetMs < 0) {
    throw new Error(`The test clock's offset must be a whole number of milliseconds ≥ 0 (got ${offsetMs}).`);
  }
  (globalThis as WithOffset)[OFFSET] = offsetMs;
}
