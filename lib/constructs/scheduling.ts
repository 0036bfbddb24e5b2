// Scheduled work (issue #28, architecture §20, decision 146): the EventBridge Scheduler schedule group
// the product's one-time schedules live in, and the role EventBridge Scheduler assumes to deliver a
// due schedule's job to the `schedule` queue. The functions that plan reminders and expiries get the
// 'schedules' route grant (lib/access.ts): manage schedules in this group only, pass this role only.
import { RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { type IGrantable, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { ScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct, type IConstruct } from 'constructs';
import { nagResource } from '../nag.js';

export interface SchedulingProps {
  /** The `schedule` job queue: every schedule's target. */
  readonly queue: IQueue;
}

/** What a function needs to schedule: create, replace, delete and read schedules of the group. */
export const SCHEDULE_ACTIONS = [
  'scheduler:CreateSchedule',
  'scheduler:UpdateSchedule',
  'scheduler:DeleteSchedule',
  'scheduler:GetSchedule',
] as const;

export class Scheduling extends Construct {
  readonly group: ScheduleGroup;
  /** Assumed by EventBridge Scheduler (for this account's schedules only) to send to the queue. */
  readonly role: Role;
  readonly queue: IQueue;

  constructor(scope: Construct, id: string, props: SchedulingProps) {
    super(scope, id);
    this.queue = props.queue;
    // The stack's own group (a generated name): deleting the stack deletes it with its pending
    // schedules, whose target queue goes with the stack anyway.
    this.group = new ScheduleGroup(this, 'Group', { removalPolicy: RemovalPolicy.DESTROY });
    const account = Stack.of(this).account;
    this.role = new Role(this, 'Role', {
      description:
        "Assumed by EventBridge Scheduler to deliver the product's due schedules to the schedule queue",
      // The confused-deputy guard: only schedules of this account, in this group (EventBridge
      // Scheduler gives the schedule group's ARN as the source), may use it.
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com', {
        conditions: {
          StringEquals: { 'aws:SourceAccount': account, 'aws:SourceArn': this.group.scheduleGroupArn },
        },
      }),
    });
    // Its one permission: sending to the schedule queue (SQS-managed encryption needs no KMS grant).
    this.role.addToPrincipalPolicy(
      new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [props.queue.queueArn] }),
    );
  }

  /** The ARNs of every schedule of the group: `arn:…:schedule/{group}/*`. */
  scheduleArns(): string {
    return Stack.of(this).formatArn({
      service: 'scheduler',
      resource: 'schedule',
      resourceName: `${this.group.scheduleGroupName}/*`,
    });
  }

  /** The variables lambdas/config.ts reads to choose and configure the EventBridge adapter. */
  get environment(): Record<'SCHEDULE_GROUP' | 'SCHEDULE_QUEUE_ARN' | 'SCHEDULE_ROLE_ARN', string> {
    return {
      SCHEDULE_GROUP: this.group.scheduleGroupName,
      SCHEDULE_QUEUE_ARN: this.queue.queueArn,
      SCHEDULE_ROLE_ARN: this.role.roleArn,
    };
  }

  /**
   * The 'schedules' grant: manage the group's schedules, read the group (health), hand the role to
   * EventBridge Scheduler (and to nothing else), and send a job due too soon to the queue itself.
   */
  grantSchedules(grantee: IGrantable & Construct): void {
    const principal = grantee.grantPrincipal;
    const schedules = this.scheduleArns();
    principal.addToPrincipalPolicy(
      new PolicyStatement({ actions: [...SCHEDULE_ACTIONS], resources: [schedules] }),
    );
    this.grantCheck(grantee);
    principal.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['iam:PassRole'],
        resources: [this.role.roleArn],
        conditions: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
      }),
    );
    this.queue.grant(grantee, 'sqs:SendMessage');
    // The finding is on the role's policy: acknowledged there (the role is the function's principal).
    Validations.of(principal as unknown as IConstruct).acknowledge({
      id: `AwsSolutions-IAM5[Resource::${nagResource(this, schedules)}]`,
      reason:
        'Schedules are named at run time (one per reminder and expiry of a document); the grant is limited to the schedules of the product’s own schedule group.',
    });
  }

  /** Reading the group (GET /api/health's scheduler check). */
  grantCheck(grantee: IGrantable): void {
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['scheduler:GetScheduleGroup'],
        resources: [this.group.scheduleGroupArn],
      }),
    );
  }
}
