// Scheduling (issue #28, decision 146) on the local cloud: 10,000 reminders scheduled, then all
// cancelled, through the local Scheduler (TableScheduler: one DynamoDB Local write each) against the
// bench cloud's table, SCHEDULE_CONCURRENCY calls at once — what sending many contracts with
// reminders (bulk send) asks of it. Prints each operation's p50/p95/p99 latency and the operations a
// second of the whole run. The reminders are due in 30 days, so the cloud's loop never fires them.
// In AWS the same calls are EventBridge Scheduler's CreateSchedule/DeleteSchedule, whose quotas are
// in docs/performance.md ("Scheduling").
import { randomUUID } from 'node:crypto';
import { documentClient } from '../lambdas/adapters/aws';
import { DynamoScheduleStore, TableScheduler } from '../lambdas/adapters/dynamo/schedules';
import { reminderScheduleName } from '../shared/domain/routing';
import { benchCloud } from './cloud';
import type { BenchContext } from './context';
import { percentile, row, type Row } from './stats';

const SCHEDULES = 10_000;
/** Calls in flight at once: a bound, as the bulk worker's five rows at once and a few workers. */
export const SCHEDULE_CONCURRENCY = 16;
const DAY_MS = 24 * 3600 * 1000;

/** Runs `work(i)` for i in 0…count-1, `concurrency` at a time; each call's milliseconds. */
async function timedPool(
  count: number,
  concurrency: number,
  work: (i: number) => Promise<void>,
): Promise<{ latencies: number[]; seconds: number }> {
  const latencies: number[] = new Array(count);
  let next = 0;
  const started = performance.now();
  const lane = async () => {
    for (let i = next++; i < count; i = next++) {
      const t = performance.now();
      await work(i);
      latencies[i] = performance.now() - t;
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, lane));
  return { latencies, seconds: (performance.now() - started) / 1000 };
}

export async function runSchedule(ctx: BenchContext): Promise<Row[]> {
  await benchCloud(ctx.log);
  const store = new DynamoScheduleStore(documentClient(), process.env.TABLE_NAME!);
  const scheduler = new TableScheduler(store, { now: () => new Date() });
  const quantiles = () => ({ 50: [] as number[], 95: [] as number[], 99: [] as number[] });
  const p = { schedule: quantiles(), cancel: quantiles() };
  const rates = { schedule: [] as number[], cancel: [] as number[] };
  for (let run = 0; run < ctx.runs; run++) {
    const docu = randomUUID().replace(/-/g, '');
    // 10,000 reminders: 2,000 documents × 5 contractors, reminder 1 each, due in 30 days.
    const docuId = (i: number) => `${docu.slice(0, 24)}${String(Math.floor(i / 5)).padStart(8, '0')}`;
    const name = (i: number) => reminderScheduleName(docuId(i), i % 5, 1);
    const dueAt = new Date(Date.now() + 30 * DAY_MS);
    const turnOpenedAt = new Date().toISOString();
    const scheduled = await timedPool(SCHEDULES, SCHEDULE_CONCURRENCY, (i) =>
      scheduler.schedule(name(i), dueAt, {
        kind: 'reminder',
        docuId: docuId(i),
        index: i % 5,
        n: 1,
        turnOpenedAt,
      }),
    );
    const cancelled = await timedPool(SCHEDULES, SCHEDULE_CONCURRENCY, (i) => scheduler.cancel(name(i)));
    for (const [op, result] of [
      ['schedule', scheduled],
      ['cancel', cancelled],
    ] as const) {
      for (const q of [50, 95, 99] as const) p[op][q].push(percentile(result.latencies, q));
      rates[op].push(SCHEDULES / result.seconds);
    }
    ctx.log(
      `schedule run ${run + 1}: schedule p50 ${percentile(scheduled.latencies, 50).toFixed(1)} / p95 ${percentile(scheduled.latencies, 95).toFixed(1)} / p99 ${percentile(scheduled.latencies, 99).toFixed(1)} ms, ` +
        `${(SCHEDULES / scheduled.seconds).toFixed(0)}/s; cancel p50 ${percentile(cancelled.latencies, 50).toFixed(1)} / p95 ${percentile(cancelled.latencies, 95).toFixed(1)} / p99 ${percentile(cancelled.latencies, 99).toFixed(1)} ms, ` +
        `${(SCHEDULES / cancelled.seconds).toFixed(0)}/s`,
    );
  }
  const note = `local TableScheduler, DynamoDB Local, ${SCHEDULE_CONCURRENCY} at once`;
  const n = SCHEDULES.toLocaleString('en');
  return [
    ...(['schedule', 'cancel'] as const).flatMap((op) => [
      ...([50, 95, 99] as const).map((q) =>
        row('schedule', `${op} ${n} reminders: p${q} per call`, 'ms', p[op][q], { note }),
      ),
      row('schedule', `${op} ${n} reminders: calls a second`, 'req/s', rates[op], { note }),
    ]),
  ];
}
