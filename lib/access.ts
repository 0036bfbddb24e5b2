// Least privilege per function: turns the access each route and worker declares
// (shared/api/routes.ts: `access`, `grants`, WORKER_ACCESS) into IAM grants, in one place.
import { Validations } from 'aws-cdk-lib';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { type IManagedPolicy, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { DataAccess, ObjectAction, ObjectArea, RouteGrant, WorkerName } from '../shared/api/routes.js';
import type { AppFunction } from './constructs/app-function.js';
import type { Scheduling } from './constructs/scheduling.js';

/** The data stores and the managed policy of each kind of access to them (lib/constructs/storage.ts). */
export interface DataStore {
  readonly table: ITable;
  readonly documentsBucket: IBucket;
  tablePolicy(access: 'read' | 'write'): IManagedPolicy;
  objectPolicy(area: ObjectArea, action: ObjectAction): IManagedPolicy;
  readonly healthCheckPolicy: IManagedPolicy;
}

/** User-pool actions of the route grants that name the user directory. */
export const ROUTE_GRANT_ACTIONS: Readonly<Partial<Record<RouteGrant, readonly string[]>>> = {
  userDirectoryRead: ['cognito-idp:AdminGetUser'],
  userDirectoryWrite: [
    'cognito-idp:AdminGetUser',
    'cognito-idp:AdminCreateUser',
    'cognito-idp:AdminSetUserPassword',
    'cognito-idp:AdminDeleteUser',
    'cognito-idp:AdminDisableUser',
    'cognito-idp:AdminUserGlobalSignOut',
    'cognito-idp:AdminUpdateUserAttributes',
  ],
};

/** Union of several declarations (a handler serving more than one route). */
export function mergeAccess(accesses: readonly DataAccess[]): DataAccess {
  const table = accesses.some((a) => a.table === 'write')
    ? 'write'
    : accesses.some((a) => a.table === 'read')
      ? 'read'
      : undefined;
  const objects: Partial<Record<ObjectArea, ObjectAction[]>> = {};
  for (const access of accesses) {
    for (const [area, actions] of Object.entries(access.objects ?? {}) as [ObjectArea, ObjectAction[]][]) {
      objects[area] = [...new Set([...(objects[area] ?? []), ...actions])];
    }
  }
  const enqueue = [...new Set(accesses.flatMap((a) => a.enqueue ?? []))];
  return {
    ...(table ? { table } : {}),
    ...(Object.keys(objects).length ? { objects } : {}),
    ...(enqueue.length ? { enqueue } : {}),
  };
}

/** Grants a function exactly its declared data access. */
export function grantDataAccess(
  fn: AppFunction,
  access: DataAccess,
  store: DataStore,
  queues: Readonly<Record<WorkerName, IQueue>>,
): void {
  if (access.table) fn.attachPolicy(store.tablePolicy(access.table));
  for (const [area, actions] of Object.entries(access.objects ?? {}) as [ObjectArea, ObjectAction[]][]) {
    for (const action of actions) fn.attachPolicy(store.objectPolicy(area, action));
  }
  for (const name of access.enqueue ?? []) queues[name].grantSendMessages(fn);
}

/** Grants a route's function its extra permissions (shared/api/routes.ts RouteGrant). */
export function grantRouteExtras(
  fn: AppFunction,
  grants: readonly RouteGrant[],
  deps: {
    readonly userPool: IUserPool;
    readonly store: DataStore;
    readonly queues: Readonly<Record<WorkerName, IQueue>>;
    readonly deadLetterQueues: Readonly<Record<WorkerName, IQueue>>;
    readonly scheduling: Scheduling;
  },
): void {
  for (const grant of grants) {
    const userPoolActions = ROUTE_GRANT_ACTIONS[grant];
    if (userPoolActions) deps.userPool.grant(fn, ...userPoolActions);
    if (grant === 'notificationsCheck') {
      fn.addToRolePolicy(
        new PolicyStatement({ actions: ['ses:GetAccount', 'sns:GetSMSAttributes'], resources: ['*'] }),
      );
      Validations.of(fn).acknowledge({
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason:
          'Health check: ses:GetAccount and sns:GetSMSAttributes are read-only account-level actions that support no resource-level permissions (as X-Ray tracing does not).',
      });
    }
    if (grant === 'storageCheck') {
      fn.attachPolicy(deps.store.healthCheckPolicy);
      for (const queue of Object.values(deps.queues)) queue.grant(fn, 'sqs:GetQueueAttributes');
      // The scheduler's check reads the schedule group (issue #28).
      deps.scheduling.grantCheck(fn);
    }
    if (grant === 'jobsInspect') {
      for (const queue of Object.values(deps.queues)) queue.grant(fn, 'sqs:GetQueueAttributes');
      for (const dlq of Object.values(deps.deadLetterQueues)) {
        dlq.grant(fn, 'sqs:GetQueueAttributes', 'sqs:ReceiveMessage');
      }
    }
    if (grant === 'schedules') deps.scheduling.grantSchedules(fn);
    if (grant === 'jobsRedrive') {
      for (const dlq of Object.values(deps.deadLetterQueues)) {
        dlq.grant(fn, 'sqs:GetQueueAttributes', 'sqs:ReceiveMessage', 'sqs:DeleteMessage');
      }
    }
  }
}
