// The Scheduler port in AWS (issue #28, architecture §20): one EventBridge Scheduler one-time schedule
// per pending item (`at(...)`, UTC, deleted by the service after it fires) in the product's schedule
// group, whose target is the `schedule` SQS queue: EventBridge Scheduler sends the job there with
// the role the operator's stack made for it (lib/constructs/scheduling.ts). Idempotent on name:
// scheduling a name again replaces it. A time EventBridge cannot honour (past, or within the next
// minute) goes straight to the queue with an SQS delay instead.
import {
  ConflictException,
  CreateScheduleCommand,
  DeleteScheduleCommand,
  GetScheduleGroupCommand,
  ResourceNotFoundException,
  UpdateScheduleCommand,
  type CreateScheduleCommandInput,
  type SchedulerClient,
} from '@aws-sdk/client-scheduler';
import type { Clock, JobQueue, Scheduler } from '../ports';
import { assertScheduleName } from './schedule-name';

export interface EventBridgeSchedulerOptions {
  /** The schedule group the product's schedules live in (SCHEDULE_GROUP). */
  readonly group: string;
  /** The `schedule` queue's ARN: every schedule's target (SCHEDULE_QUEUE_ARN). */
  readonly queueArn: string;
  /** The role EventBridge Scheduler assumes to send to that queue (SCHEDULE_ROLE_ARN). */
  readonly roleArn: string;
  /** The job queues: a time too close to schedule is sent to `schedule` with a delay. */
  readonly queue: JobQueue;
  /** @default the system clock */
  readonly clock?: Clock;
}

/** A schedule due sooner than this is sent to the queue instead: EventBridge Scheduler refuses an
 *  `at()` in the past, and one a few seconds ahead may be past by the time the request lands. */
export const MIN_SCHEDULE_LEAD_MS = 60_000;
/** SQS's longest message delay. */
export const MAX_SQS_DELAY_SECONDS = 900;

/** `at(yyyy-mm-ddThh:mm:ss)` in UTC, rounded up to the whole second (never early). */
export function atExpression(at: Date): string {
  const seconds = new Date(Math.ceil(at.getTime() / 1000) * 1000);
  return `at(${seconds.toISOString().slice(0, 19)})`;
}

export class EventBridgeScheduler implements Scheduler {
  private readonly clock: Clock;

  constructor(
    private readonly client: SchedulerClient,
    private readonly options: EventBridgeSchedulerOptions,
  ) {
    this.clock = options.clock ?? { now: () => new Date() };
  }

  async check(): Promise<void> {
    await this.client.send(new GetScheduleGroupCommand({ Name: this.options.group }));
  }

  async schedule(name: string, at: Date, job: unknown): Promise<void> {
    assertScheduleName(name);
    if (!Number.isFinite(at.getTime())) throw new Error(`Schedule ${name}: not a time`);
    const leadMs = at.getTime() - this.clock.now().getTime();
    if (leadMs < MIN_SCHEDULE_LEAD_MS) {
      // Replacing: a schedule of this name made for a later time must not fire as well.
      await this.cancel(name);
      const delaySeconds = Math.min(MAX_SQS_DELAY_SECONDS, Math.max(0, Math.ceil(leadMs / 1000)));
      await this.options.queue.enqueue('schedule', job, { delaySeconds });
      return;
    }
    const input: CreateScheduleCommandInput = {
      Name: name,
      GroupName: this.options.group,
      ScheduleExpression: atExpression(at),
      ScheduleExpressionTimezone: 'UTC',
      FlexibleTimeWindow: { Mode: 'OFF' },
      ActionAfterCompletion: 'DELETE',
      State: 'ENABLED',
      Target: { Arn: this.options.queueArn, RoleArn: this.options.roleArn, Input: JSON.stringify(job) },
    };
    try {
      await this.client.send(new CreateScheduleCommand(input));
    } catch (err) {
      if (!isError(err, ConflictException, 'ConflictException')) throw err;
      // The name exists: UpdateSchedule replaces every field with these.
      await this.client.send(new UpdateScheduleCommand(input));
    }
  }

  async cancel(name: string): Promise<void> {
    assertScheduleName(name);
    try {
      await this.client.send(new DeleteScheduleCommand({ Name: name, GroupName: this.options.group }));
    } catch (err) {
      // Fired (and deleted after completion), cancelled before, or never made.
      if (!isError(err, ResourceNotFoundException, 'ResourceNotFoundException')) throw err;
    }
  }
}

/** By class or by name (a minified bundle renames classes; the SDK sets each error's `name`). */
function isError(err: unknown, type: abstract new (...args: never[]) => Error, name: string): boolean {
  return err instanceof type || (err instanceof Error && err.name === name);
}
