// The local cloud's scheduler (issue #28, architecture §20, decision 146): where AWS has EventBridge
// Scheduler, a loop in the local cloud's process reads the table's due schedules every tick
// (LOCAL_SCHEDULER_TICK_MS, 1 s), takes each (a conditional delete: a schedule replaced meanwhile
// keeps its new time, and no schedule fires twice) and sends its job to the local `schedule` queue,
// whose poller feeds the schedule worker as Lambda would. Its clock is the handlers' local clock
// (lambdas/core/clock.ts): the test clock, which the local-only endpoint /local/test-clock moves
// (local/server.ts), so a test can make three days pass and see the reminders of those days fire.
import { localClock, localClockOffsetMs, setLocalClockOffset } from '../lambdas/core/clock';
import type { DynamoScheduleStore, StoredSchedule } from '../lambdas/adapters/dynamo/schedules';
import type { Clock } from '../lambdas/ports';

/** How often the loop looks for due schedules, when LOCAL_SCHEDULER_TICK_MS is unset. */
export const DEFAULT_SCHEDULER_TICK_MS = 1000;

/** The furthest one advance of the test clock may go: 400 days. */
export const MAX_ADVANCE_SECONDS = 400 * 24 * 3600;

/** Due schedules read at once (the loop reads again until none is left). */
const DUE_BATCH = 100;

/** LOCAL_SCHEDULER_TICK_MS: a whole number of milliseconds, 10 to 60,000. */
export function schedulerTickMs(env: Record<string, string | undefined> = process.env): number {
  const raw = env.LOCAL_SCHEDULER_TICK_MS;
  if (raw === undefined || raw === '') return DEFAULT_SCHEDULER_TICK_MS;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 10 || value > 60_000) {
    throw new Error(`LOCAL_SCHEDULER_TICK_MS must be a whole number from 10 to 60000 (got "${raw}").`);
  }
  return value;
}

/** What GET /local/test-clock answers. */
export interface TestClockState {
  /** The local clock's time, ISO 8601. */
  readonly now: string;
  readonly offsetMs: number;
}

export interface LocalScheduler {
  /** Fires every schedule due now; resolves with their names once their jobs are queued. */
  fireDue(): Promise<string[]>;
  /** The test clock. */
  clockState(): TestClockState;
  /** Moves the test clock `seconds` ahead and fires what is then due, answering once it is queued. */
  advance(seconds: number): Promise<TestClockState & { fired: string[] }>;
  /** Puts the test clock back on the system clock (what fired stays fired). */
  reset(): Promise<TestClockState>;
  stop(): Promise<void>;
}

export interface LocalSchedulerOptions {
  readonly store: DynamoScheduleStore;
  /** Sends one job (its JSON text) to the `schedule` queue. */
  readonly send: (body: string) => Promise<void>;
  /** @default LOCAL_SCHEDULER_TICK_MS, else 1 s */
  readonly tickMs?: number;
  /** @default the local clock */
  readonly clock?: Clock;
  readonly log?: (line: string) => void;
}

export function startLocalScheduler(options: LocalSchedulerOptions): LocalScheduler {
  const { store, send } = options;
  const clock = options.clock ?? localClock;
  const log = options.log ?? ((line: string) => console.error(line));
  const tickMs = options.tickMs ?? schedulerTickMs();
  let stopped = false;
  // One firing at a time (ticks and test-clock moves alike), so a move and the fire it asks for are
  // one step: what a tick would have fired right after the move is in the move's answer.
  let chain: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = chain.then(work);
    chain = next.catch(() => undefined);
    return next;
  };

  async function fireOne(schedule: StoredSchedule): Promise<boolean> {
    if (!(await store.take(schedule.name, schedule.dueAt, schedule.job))) return false;
    try {
      await send(schedule.job);
      return true;
    } catch (err) {
      // Not sent: put it back (unless scheduled again meanwhile) for the next tick.
      await store.restore(schedule).catch(() => undefined);
      throw err;
    }
  }

  async function fireAll(): Promise<string[]> {
    const fired: string[] = [];
    const now = clock.now();
    for (;;) {
      const due = await store.due(now, DUE_BATCH);
      let taken = 0;
      for (const schedule of due) {
        if (await fireOne(schedule)) {
          fired.push(schedule.name);
          taken++;
        }
      }
      // Fewer than a batch, or none of it taken (the index lags a take): nothing more for now.
      if (due.length < DUE_BATCH || taken === 0) return fired;
    }
  }

  const fireDue = () => serial(fireAll);
  const clockState = (): TestClockState => ({
    now: clock.now().toISOString(),
    offsetMs: localClockOffsetMs(),
  });

  const timer = setInterval(() => {
    if (stopped) return;
    fireDue().catch((err: unknown) => log(`The local scheduler could not fire: ${String(err)}`));
  }, tickMs);
  timer.unref();

  return {
    fireDue,
    clockState,
    advance: (seconds) =>
      serial(async () => {
        if (!Number.isInteger(seconds) || seconds < 1 || seconds > MAX_ADVANCE_SECONDS) {
          throw new RangeError(`seconds must be a whole number from 1 to ${MAX_ADVANCE_SECONDS}`);
        }
        setLocalClockOffset(localClockOffsetMs() + seconds * 1000);
        const fired = await fireAll();
        return { ...clockState(), fired };
      }),
    reset: () =>
      serial(async () => {
        setLocalClockOffset(0);
        return clockState();
      }),
    async stop() {
      stopped = true;
      clearInterval(timer);
      await chain;
    },
  };
}
