// Scheduled work in AWS (issue #28, decision 146): the schedule group, the role EventBridge Scheduler
// assumes (this account's schedules of this group only; one permission: send to the schedule queue),
// the 'schedules' grant (schedules of the group only, PassRole of that role only, and the queue for a
// job due too soon), the functions that hold it, and the variables that choose the EventBridge
// adapter. The test clock is local only: no route of the deployed API is under /local/.
import { Template } from 'aws-cdk-lib/assertions';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { ROUTES, WORKER_GRANTS, WORKERS } from '../../shared/api/routes.js';
import { QUEUES } from '../../shared/infra/definitions.js';
import { SCHEDULE_ACTIONS } from '../../lib/constructs/scheduling.js';
import { cleanup, composeTestApp, logicalIdOf, TEST_ACCOUNT } from './support.js';

afterAll(cleanup);

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- synthesised template JSON is untyped
type Resources = Record<string, { Type: string; Properties: any }>;

const composed = composeTestApp();
const app = composed.app;
const resources = Template.fromStack(app).toJSON().Resources as Resources;
const scheduling = app.scheduling;
const groupId = logicalIdOf(scheduling.group);
const roleId = logicalIdOf(scheduling.role);
const queueId = logicalIdOf(app.jobs.jobs.schedule.queue);

/** The inline statements of a role (its DefaultPolicy and any other AWS::IAM::Policy naming it). */
function statementsOfRole(
  id: string,
): { Action: string | string[]; Resource: unknown; Condition?: unknown }[] {
  return Object.values(resources)
    .filter((r) => r.Type === 'AWS::IAM::Policy' && JSON.stringify(r.Properties.Roles).includes(`"${id}"`))
    .flatMap((r) => r.Properties.PolicyDocument.Statement);
}
const statementsOf = (fn: IFunction) => statementsOfRole(logicalIdOf(fn.role!));
const actionsOf = (s: { Action: string | string[] }) => [s.Action].flat();

/** Every product function, by the name access.test.ts uses. */
const functions: [string, IFunction][] = [
  ...[...app.api.functions.entries()],
  ...WORKERS.map((name): [string, IFunction] => [`${name} worker`, app.jobs.jobs[name].worker]),
  ['sweep', app.sealing.sweep],
];

describe('the schedule queue', () => {
  test('has its dead-letter queue after five receives, a 60 s visibility and batches of ten', () => {
    expect(QUEUES.schedule).toMatchObject({
      visibilityTimeoutSeconds: 60,
      maxReceiveCount: 5,
      batchSize: 10,
    });
    expect(resources[queueId]!.Properties.RedrivePolicy).toEqual({
      deadLetterTargetArn: { 'Fn::GetAtt': [logicalIdOf(app.jobs.jobs.schedule.deadLetterQueue), 'Arn'] },
      maxReceiveCount: 5,
    });
    expect(resources[queueId]!.Properties.VisibilityTimeout).toBe(60);
  });
});

describe('the schedule group', () => {
  test('is one group of the app stack, deleted with it', () => {
    const groups = Object.entries(resources).filter(([, r]) => r.Type === 'AWS::Scheduler::ScheduleGroup');
    expect(groups.map(([id]) => id)).toEqual([groupId]);
    expect(groups[0]![1].Properties.Name).toMatch(/^[0-9A-Za-z_.-]{1,64}$/);
    expect((resources[groupId] as unknown as { DeletionPolicy?: string }).DeletionPolicy).toBe('Delete');
  });

  test('makes no schedule of its own: the functions make them at run time', () => {
    expect(Object.values(resources).filter((r) => r.Type === 'AWS::Scheduler::Schedule')).toEqual([]);
  });
});

describe("EventBridge Scheduler's role", () => {
  test('is assumed by EventBridge Scheduler alone, for schedules of this account and this group', () => {
    const trust = resources[roleId]!.Properties.AssumeRolePolicyDocument.Statement;
    expect(trust).toEqual([
      {
        Action: 'sts:AssumeRole',
        Effect: 'Allow',
        Principal: { Service: 'scheduler.amazonaws.com' },
        Condition: {
          StringEquals: {
            'aws:SourceAccount': TEST_ACCOUNT,
            'aws:SourceArn': { 'Fn::GetAtt': [groupId, 'Arn'] },
          },
        },
      },
    ]);
    expect(resources[roleId]!.Properties.ManagedPolicyArns).toBeUndefined();
  });

  test('may do one thing: send to the schedule queue', () => {
    expect(statementsOfRole(roleId)).toEqual([
      { Action: 'sqs:SendMessage', Effect: 'Allow', Resource: { 'Fn::GetAtt': [queueId, 'Arn'] } },
    ]);
  });
});

describe("the 'schedules' grant", () => {
  const granted = functions.filter(([, fn]) =>
    statementsOf(fn).some((s) => actionsOf(s).includes('scheduler:CreateSchedule')),
  );

  test('is held by the routes that plan, move or cancel reminders and expiry, and by the bulk and schedule workers', () => {
    const declared = new Set([
      ...ROUTES.filter((r) => r.grants?.includes('schedules')).map((r) => r.handler),
      ...WORKERS.filter((w) => WORKER_GRANTS[w]?.includes('schedules')).map((w) => `${w} worker`),
    ]);
    expect(granted.map(([name]) => name).sort()).toEqual([...declared].sort());
    expect([...declared].sort()).toEqual(
      expect.arrayContaining([
        'bulk worker',
        'schedule worker',
        'send-document',
        'signer-agree',
        'signer-deny',
        'signer-reject-terms',
        'video-confirm',
        'video-confirm-deny',
      ]),
    );
  });

  test.each(
    [
      'send-document',
      'signer-agree',
      'signer-deny',
      'signer-reject-terms',
      'video-confirm',
      'video-confirm-deny',
      'bulk worker',
      'schedule worker',
    ].map((n) => [n]),
  )('%s: schedules of the group, the group, the role to EventBridge Scheduler only, the queue', (name) => {
    const fn = functions.find(([n]) => n === name)![1];
    const statements = statementsOf(fn);
    const scheduleStatements = statements.filter((s) => actionsOf(s).some((a) => a.startsWith('scheduler:')));
    const scheduleArn = JSON.stringify(
      scheduleStatements.find((s) => actionsOf(s).includes('scheduler:CreateSchedule'))!.Resource,
    );
    expect(scheduleArn).toContain(':schedule/');
    expect(scheduleArn).toContain(`${scheduling.group.scheduleGroupName}/*`);
    expect(scheduleStatements.flatMap(actionsOf).sort()).toEqual(
      [...SCHEDULE_ACTIONS, 'scheduler:GetScheduleGroup'].sort(),
    );
    const groupRead = scheduleStatements.find((s) => actionsOf(s).includes('scheduler:GetScheduleGroup'))!;
    expect(groupRead.Resource).toEqual({ 'Fn::GetAtt': [groupId, 'Arn'] });
    // No action on every schedule, nor on another group's.
    for (const s of scheduleStatements) expect(JSON.stringify(s.Resource)).not.toMatch(/"\*"|schedule\/\*/);

    const passRole = statements.filter((s) => actionsOf(s).includes('iam:PassRole'));
    expect(passRole).toEqual([
      {
        Action: 'iam:PassRole',
        Effect: 'Allow',
        Resource: { 'Fn::GetAtt': [roleId, 'Arn'] },
        Condition: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
      },
    ]);
    expect(
      statements.some(
        (s) => actionsOf(s).includes('sqs:SendMessage') && JSON.stringify(s.Resource).includes(queueId),
      ),
    ).toBe(true);
  });

  test('no function may pass any other role, nor touch schedules without the grant', () => {
    for (const [name, fn] of functions) {
      for (const s of statementsOf(fn)) {
        if (actionsOf(s).includes('iam:PassRole')) {
          expect({ name, resource: s.Resource }).toEqual({
            name,
            resource: { 'Fn::GetAtt': [roleId, 'Arn'] },
          });
        }
      }
      const schedules = statementsOf(fn)
        .flatMap(actionsOf)
        .filter((a) => a.startsWith('scheduler:'));
      const expected = granted.some(([n]) => n === name)
        ? [...SCHEDULE_ACTIONS, 'scheduler:GetScheduleGroup']
        : name === 'health'
          ? ['scheduler:GetScheduleGroup'] // the health check reads the group, nothing more
          : [];
      expect({ name, schedules: schedules.sort() }).toEqual({ name, schedules: [...expected].sort() });
    }
  });
});

describe('the variables', () => {
  test('every function names the group, the queue and the role (deps.ts then picks EventBridge Scheduler and the system clock)', () => {
    for (const [name, fn] of functions) {
      const variables = resources[logicalIdOf(fn)]!.Properties.Environment.Variables;
      expect({ name, group: variables.SCHEDULE_GROUP }).toEqual({
        name,
        group: scheduling.group.scheduleGroupName,
      });
      expect(variables.SCHEDULE_QUEUE_URL).toEqual({ Ref: queueId });
      expect(variables.SCHEDULE_QUEUE_ARN).toEqual({ 'Fn::GetAtt': [queueId, 'Arn'] });
      expect(variables.SCHEDULE_ROLE_ARN).toEqual({ 'Fn::GetAtt': [roleId, 'Arn'] });
    }
  });
});

test('the test clock is local only: no route of the deployed API is under /local/', () => {
  expect(ROUTES.filter((r) => r.path.startsWith('/local/') || r.path === '/local')).toEqual([]);
  const keys = Object.values(Template.fromStack(app.api.routesStack!).toJSON().Resources as typeof resources)
    .filter((r) => r.Type === 'AWS::ApiGatewayV2::Route')
    .map((r) => String(r.Properties.RouteKey));
  expect(keys.filter((k) => /\s\/local(\/|$)/.test(k))).toEqual([]);
});
