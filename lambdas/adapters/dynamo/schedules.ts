// The Scheduler port of the local cloud (issue #28, architecture §20): each pending one-time schedule
// is an item of the table (entity `schedule`), found by name, and by time through the due index (no
// Scan). The local cloud's loop (local/scheduler.ts) reads what is due on its clock, takes each with a
// conditional delete and sends its job to the `schedule` queue; AWS uses EventBridge Scheduler
// (../eventbridge-scheduler.ts) and never this table.
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Clock, Scheduler } from '../../ports';
import { assertScheduleName } from '../schedule-name';
import { isConditionalFailure } from './conditions';
import { createEntities, type Entities } from './entities';

/** The due index's partition of the product's schedules. */
export const SCHEDULES_PARTITION = 'schedules';

/** A schedule as stored: its job as JSON text, its times as ISO 8601 UTC. */
export interface StoredSchedule {
  readonly name: string;
  readonly dueAt: string;
  readonly job: string;
  readonly createdAt: string;
}

export class DynamoScheduleStore {
  private readonly e: Entities;

  /** `partition`: the due index's partition (a test's own keeps its schedules from the local loop). */
  constructor(
    documentClient: DynamoDBDocumentClient,
    table: string,
    readonly partition: string = SCHEDULES_PARTITION,
  ) {
    this.e = createEntities(documentClient, table);
  }

  /** Creates or replaces the schedule `name`. */
  async put(schedule: StoredSchedule): Promise<void> {
    assertScheduleName(schedule.name);
    await this.e.schedule.put({ ...schedule, partition: this.partition }).go();
  }

  /** Removes the schedule `name`; a missing one is no error. */
  async remove(name: string): Promise<void> {
    assertScheduleName(name);
    await this.e.schedule.delete({ name }).go();
  }

  async get(name: string): Promise<StoredSchedule | null> {
    const item = (await this.e.schedule.get({ name }).go({ consistent: true })).data;
    return item && item.partition === this.partition ? strip(item) : null;
  }

  /** The schedules due at `now` (dueAt ≤ now), earliest first, at most `limit`. The index is read
   *  eventually consistently: `take` decides, on the item itself. */
  async due(now: Date, limit: number): Promise<StoredSchedule[]> {
    // dueAt < now + 1 ms: every item due at `now` or before, whatever its name (the sort key is
    // dueAt then name, so a bound on dueAt alone must be the next instant's).
    const before = new Date(now.getTime() + 1).toISOString();
    const res = await this.e.schedule.query
      .byDue({ partition: this.partition })
      .lt({ dueAt: before })
      .go({ limit, count: limit });
    return res.data.map(strip);
  }

  /**
   * Removes the schedule if it is still the one read (same time and job): true for exactly one
   * caller. False when it was replaced meanwhile (its new time stands), cancelled, or taken by
   * another firer.
   */
  async take(name: string, dueAt: string, job: string): Promise<boolean> {
    try {
      await this.e.schedule
        .delete({ name })
        .where((a, op) => `${op.eq(a.dueAt, dueAt)} AND ${op.eq(a.job, job)}`)
        .go();
      return true;
    } catch (err) {
      if (isConditionalFailure(err)) return false;
      throw err;
    }
  }

  /** Puts a taken schedule back when its job could not be sent, unless it was scheduled again
   *  meanwhile (the newer one stands). */
  async restore(schedule: StoredSchedule): Promise<void> {
    try {
      await this.e.schedule.create({ ...schedule, partition: this.partition }).go();
    } catch (err) {
      if (!isConditionalFailure(err)) throw err;
    }
  }

  /** A read of the table, for the health check. */
  async check(): Promise<void> {
    await this.e.schedule.get({ name: '-' }).go();
  }
}

function strip(item: StoredSchedule & { partition?: string }): StoredSchedule {
  return { name: item.name, dueAt: item.dueAt, job: item.job, createdAt: item.createdAt };
}

/**
 * The local Scheduler: a schedule is a row of the table, fired by the local cloud's loop when its
 * clock (the test clock included) reaches it. A past time is due at once, on the loop's next tick.
 */
export class TableScheduler implements Scheduler {
  constructor(
    private readonly store: DynamoScheduleStore,
    private readonly clock: Clock,
  ) {}

  check(): Promise<void> {
    return this.store.check();
  }

  async schedule(name: string, at: Date, job: unknown): Promise<void> {
    if (!Number.isFinite(at.getTime())) throw new Error(`Schedule ${name}: not a time`);
    await this.store.put({
      name,
      dueAt: at.toISOString(),
      job: JSON.stringify(job),
      createdAt: this.clock.now().toISOString(),
    });
  }

  cancel(name: string): Promise<void> {
    return this.store.remove(name);
  }
}
