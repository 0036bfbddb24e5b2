// The Scheduler port's AWS adapter (issue #28): one-time EventBridge Scheduler schedules targeting the
// schedule queue, replaced on a second call with the same name, and a job due too soon sent straight
// to the queue with an SQS delay.
import {
  ConflictException,
  CreateScheduleCommand,
  DeleteScheduleCommand,
  GetScheduleGroupCommand,
  ResourceNotFoundException,
  SchedulerClient,
  UpdateScheduleCommand,
} from '@aws-sdk/client-scheduler';
import { mockClient } from 'aws-sdk-client-mock';
import { atExpression, EventBridgeScheduler } from '../../../../lambdas/adapters/eventbridge-scheduler';
import type { JobQueue } from '../../../../lambdas/ports';

const schedulerMock = mockClient(SchedulerClient);
const NOW = new Date('2026-11-28T09:00:00.000Z');
const OPTIONS = {
  group: 'SignSealApp-Schedules',
  queueArn: 'arn:aws:sqs:ap-northeast-1:123456789012:schedule',
  roleArn: 'arn:aws:iam::123456789012:role/scheduler',
};
const JOB = { kind: 'reminder', docuId: 'doc1', index: 1, n: 1, turnOpenedAt: '2026-11-25T09:00:00.000Z' };

function adapter() {
  const enqueued: { queue: string; job: unknown; delaySeconds?: number }[] = [];
  const queue: JobQueue = {
    check: async () => undefined,
    enqueue: async (name, job, options) => {
      enqueued.push({ queue: name, job, delaySeconds: options?.delaySeconds });
      return { messageId: 'm1' };
    },
  };
  const scheduler = new EventBridgeScheduler(new SchedulerClient({ region: 'ap-northeast-1' }), {
    ...OPTIONS,
    queue,
    clock: { now: () => NOW },
  });
  return { scheduler, enqueued };
}

beforeEach(() => schedulerMock.reset());

describe('the EventBridge Scheduler adapter', () => {
  it('creates a one-time UTC schedule in the group that sends the job to the schedule queue, then deletes itself', async () => {
    schedulerMock.on(CreateScheduleCommand).resolves({ ScheduleArn: 'arn:schedule' });
    const { scheduler, enqueued } = adapter();

    await scheduler.schedule('rem-doc1-1-1', new Date('2026-12-01T09:00:00.000Z'), JOB);

    const input = schedulerMock.commandCalls(CreateScheduleCommand)[0]!.args[0].input;
    expect(input).toEqual({
      Name: 'rem-doc1-1-1',
      GroupName: OPTIONS.group,
      ScheduleExpression: 'at(2026-12-01T09:00:00)',
      ScheduleExpressionTimezone: 'UTC',
      FlexibleTimeWindow: { Mode: 'OFF' },
      ActionAfterCompletion: 'DELETE',
      State: 'ENABLED',
      Target: { Arn: OPTIONS.queueArn, RoleArn: OPTIONS.roleArn, Input: JSON.stringify(JOB) },
    });
    expect(schedulerMock.commandCalls(UpdateScheduleCommand)).toHaveLength(0);
    expect(enqueued).toEqual([]);
  });

  it('replaces a schedule of the same name (UpdateSchedule with the same fields) on a conflict', async () => {
    schedulerMock
      .on(CreateScheduleCommand)
      .rejects(new ConflictException({ message: 'exists', Message: 'exists', $metadata: {} }));
    schedulerMock.on(UpdateScheduleCommand).resolves({ ScheduleArn: 'arn:schedule' });
    const { scheduler } = adapter();

    await scheduler.schedule('exp-doc1', new Date('2027-01-01T00:00:00.000Z'), { kind: 'expire' });

    const created = schedulerMock.commandCalls(CreateScheduleCommand)[0]!.args[0].input;
    const updated = schedulerMock.commandCalls(UpdateScheduleCommand)[0]!.args[0].input;
    expect(updated).toEqual(created);
    expect(updated.ScheduleExpression).toBe('at(2027-01-01T00:00:00)');
  });

  it('recognises a conflict by its name too (a bundle may rename the class)', async () => {
    const err = Object.assign(new Error('exists'), { name: 'ConflictException' });
    schedulerMock.on(CreateScheduleCommand).rejects(err);
    schedulerMock.on(UpdateScheduleCommand).resolves({});
    const { scheduler } = adapter();

    await scheduler.schedule('exp-doc1', new Date('2027-01-01T00:00:00.000Z'), {});

    expect(schedulerMock.commandCalls(UpdateScheduleCommand)).toHaveLength(1);
  });

  it('lets any other error through', async () => {
    schedulerMock
      .on(CreateScheduleCommand)
      .rejects(Object.assign(new Error('slow down'), { name: 'ThrottlingException' }));
    const { scheduler } = adapter();

    await expect(scheduler.schedule('exp-doc1', new Date('2027-01-01T00:00:00.000Z'), {})).rejects.toThrow(
      'slow down',
    );
    expect(schedulerMock.commandCalls(UpdateScheduleCommand)).toHaveLength(0);
  });

  it('sends a job due in the past straight to the schedule queue, after removing any schedule of that name', async () => {
    schedulerMock.on(DeleteScheduleCommand).resolves({});
    const { scheduler, enqueued } = adapter();

    await scheduler.schedule('rem-doc1-1-2', new Date(NOW.getTime() - 3_600_000), JOB);

    expect(schedulerMock.commandCalls(CreateScheduleCommand)).toHaveLength(0);
    expect(schedulerMock.commandCalls(DeleteScheduleCommand)[0]!.args[0].input).toEqual({
      Name: 'rem-doc1-1-2',
      GroupName: OPTIONS.group,
    });
    expect(enqueued).toEqual([{ queue: 'schedule', job: JOB, delaySeconds: 0 }]);
  });

  it('sends a job due within the next minute to the queue with the remaining seconds as its delay', async () => {
    schedulerMock
      .on(DeleteScheduleCommand)
      .rejects(new ResourceNotFoundException({ message: 'no', Message: 'no', $metadata: {} }));
    const { scheduler, enqueued } = adapter();

    await scheduler.schedule('exp-doc1', new Date(NOW.getTime() + 42_300), { kind: 'expire' });

    expect(enqueued).toEqual([{ queue: 'schedule', job: { kind: 'expire' }, delaySeconds: 43 }]);
    expect(schedulerMock.commandCalls(CreateScheduleCommand)).toHaveLength(0);
  });

  it('schedules in EventBridge from one minute ahead, rounding the time up to the second (never early)', async () => {
    schedulerMock.on(CreateScheduleCommand).resolves({});
    const { scheduler, enqueued } = adapter();

    await scheduler.schedule('exp-doc1', new Date(NOW.getTime() + 60_000), {});

    expect(enqueued).toEqual([]);
    expect(schedulerMock.commandCalls(CreateScheduleCommand)[0]!.args[0].input.ScheduleExpression).toBe(
      'at(2026-11-28T09:01:00)',
    );
    expect(atExpression(new Date('2026-11-28T09:01:00.001Z'))).toBe('at(2026-11-28T09:01:01)');
    expect(atExpression(new Date('2026-11-28T23:59:59.500Z'))).toBe('at(2026-11-29T00:00:00)');
  });

  it('cancels by deleting the schedule, and a missing one is no error', async () => {
    schedulerMock.on(DeleteScheduleCommand).rejects(
      new ResourceNotFoundException({
        message: 'Schedule not found',
        Message: 'Schedule not found',
        $metadata: {},
      }),
    );
    const { scheduler } = adapter();

    await expect(scheduler.cancel('rem-doc1-1-1')).resolves.toBeUndefined();
    expect(schedulerMock.commandCalls(DeleteScheduleCommand)[0]!.args[0].input).toEqual({
      Name: 'rem-doc1-1-1',
      GroupName: OPTIONS.group,
    });
  });

  it('lets other errors of a cancel through', async () => {
    schedulerMock
      .on(DeleteScheduleCommand)
      .rejects(Object.assign(new Error('denied'), { name: 'AccessDeniedException' }));
    const { scheduler } = adapter();

    await expect(scheduler.cancel('rem-doc1-1-1')).rejects.toThrow('denied');
  });

  it.each([
    ['empty', ''],
    ['too long', 'r'.repeat(65)],
    ['a slash', 'rem/doc1'],
    ['a space', 'rem doc1'],
    ['a colon', 'rem:doc1'],
    ['non-ASCII', 'rem-契約'],
  ])('refuses a name with %s, before any call', async (_what, name) => {
    const { scheduler, enqueued } = adapter();

    await expect(scheduler.schedule(name, new Date('2027-01-01T00:00:00.000Z'), {})).rejects.toThrow(
      /Not a schedule name/,
    );
    await expect(scheduler.cancel(name)).rejects.toThrow(/Not a schedule name/);
    expect(schedulerMock.calls()).toHaveLength(0);
    expect(enqueued).toEqual([]);
  });

  it('accepts the longest name and every allowed character', async () => {
    schedulerMock.on(CreateScheduleCommand).resolves({});
    const { scheduler } = adapter();

    await scheduler.schedule('Az09-_.'.padEnd(64, 'x'), new Date('2027-01-01T00:00:00.000Z'), {});

    expect(schedulerMock.commandCalls(CreateScheduleCommand)).toHaveLength(1);
  });

  it('refuses a time that is not one', async () => {
    const { scheduler } = adapter();
    await expect(scheduler.schedule('exp-doc1', new Date(Number.NaN), {})).rejects.toThrow(/not a time/);
  });

  it('is healthy when its schedule group can be read', async () => {
    schedulerMock.on(GetScheduleGroupCommand).resolves({ Name: OPTIONS.group, State: 'ACTIVE' });
    const { scheduler } = adapter();

    await scheduler.check();

    expect(schedulerMock.commandCalls(GetScheduleGroupCommand)[0]!.args[0].input).toEqual({
      Name: OPTIONS.group,
    });
    schedulerMock
      .on(GetScheduleGroupCommand)
      .rejects(new ResourceNotFoundException({ message: 'gone', Message: 'gone', $metadata: {} }));
    await expect(scheduler.check()).rejects.toThrow('gone');
  });
});
