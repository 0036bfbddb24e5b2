// Least privilege per function (issue #13): each function's role grants exactly the data access its
// route or worker declares (shared/api/routes.ts), and a few facts hold whatever the declarations say.
import { Template } from 'aws-cdk-lib/assertions';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import {
  DEFAULT_ROUTE,
  OBJECT_AREAS,
  ROUTES,
  WORKER_ACCESS,
  WORKER_GRANTS,
  WORKERS,
  type DataAccess,
  type RouteGrant,
  type ObjectAction,
  type ObjectArea,
  type WorkerName,
} from '../../shared/api/routes.js';
import { mergeAccess } from '../../lib/access.js';
import { cleanup, composeTestApp, logicalIdOf } from './support.js';

afterAll(cleanup);

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- synthesised template JSON is untyped
type Resources = Record<string, { Type: string; Properties: any }>;
interface Statement {
  readonly actions: readonly string[];
  /** The statement's resources as JSON text (logical ids and key prefixes are visible in it). */
  readonly resources: string;
  readonly effect: string;
}

const composed = composeTestApp();
const appResources = Template.fromStack(composed.app).toJSON().Resources as Resources;
const statefulResources = Template.fromStack(composed.stateful).toJSON().Resources as Resources;
const tableId = logicalIdOf(composed.stateful.storage.table);
const bucketId = logicalIdOf(composed.stateful.storage.documentsBucket);
const queueIds = Object.fromEntries(
  WORKERS.map((name) => [name, logicalIdOf(composed.app.jobs.jobs[name].queue)]),
) as Record<WorkerName, string>;

const toStatements = (document: { Statement: Record<string, unknown>[] }): Statement[] =>
  document.Statement.map((s) => ({
    actions: [s.Action as string | string[]].flat(),
    resources: JSON.stringify(s.Resource ?? s.NotResource),
    effect: s.Effect as string,
  }));

/** The managed policies (in the stateful stack) attached to a role of the app stack. */
function managedPoliciesOf(roleId: string): string[] {
  const arns = (appResources[roleId]!.Properties.ManagedPolicyArns ?? []) as unknown[];
  return arns.map((arn) => {
    const text = JSON.stringify(arn);
    const found = Object.entries(statefulResources).find(
      ([id, r]) => r.Type === 'AWS::IAM::ManagedPolicy' && text.includes(id),
    );
    if (!found) throw new Error(`role ${roleId} has a managed policy not of the stateful stack: ${text}`);
    return found[0];
  });
}

/** Every statement a function's role holds: inline policies and attached managed policies. */
function statementsOf(fn: IFunction): Statement[] {
  const roleId = logicalIdOf(fn.role!);
  const inline = Object.values(appResources)
    .filter(
      (r) => r.Type === 'AWS::IAM::Policy' && JSON.stringify(r.Properties.Roles).includes(`"${roleId}"`),
    )
    .flatMap((r) => toStatements(r.Properties.PolicyDocument));
  const managed = managedPoliciesOf(roleId).flatMap((id) =>
    toStatements(statefulResources[id]!.Properties.PolicyDocument),
  );
  return [...inline, ...managed];
}

const OBJECT_ACTION_IAM: Record<ObjectAction, string> = {
  read: 's3:GetObject',
  write: 's3:PutObject',
  delete: 's3:DeleteObject',
};

/** What a role actually allows, in the terms of DataAccess. */
function effectiveAccess(fn: IFunction): DataAccess {
  const statements = statementsOf(fn).filter((s) => s.effect === 'Allow');
  const can = (action: string, resource: string) =>
    statements.some((s) => s.actions.includes(action) && s.resources.includes(resource));
  const table = can('dynamodb:PutItem', tableId)
    ? 'write'
    : can('dynamodb:GetItem', tableId)
      ? 'read'
      : undefined;
  const objects: Partial<Record<ObjectArea, ObjectAction[]>> = {};
  for (const area of Object.keys(OBJECT_AREAS) as ObjectArea[]) {
    const actions = (['read', 'write', 'delete'] as const).filter((action) =>
      can(OBJECT_ACTION_IAM[action], `/${OBJECT_AREAS[area]}*`),
    );
    if (actions.length) objects[area] = actions;
  }
  const enqueue = WORKERS.filter((name) => can('sqs:SendMessage', queueIds[name]));
  return {
    ...(table ? { table } : {}),
    ...(Object.keys(objects).length ? { objects } : {}),
    ...(enqueue.length ? { enqueue } : {}),
  };
}

/** Sorted, so that a declaration and a role compare equal whatever their order. */
function normalise(access: DataAccess): DataAccess {
  const objects = Object.fromEntries(
    Object.entries(access.objects ?? {})
      .filter(([, actions]) => actions.length > 0)
      .map(([area, actions]) => [area, [...actions].sort()])
      .sort(([a], [b]) => String(a).localeCompare(String(b))),
  );
  const enqueue = [...(access.enqueue ?? [])].sort();
  return {
    ...(access.table ? { table: access.table } : {}),
    ...(Object.keys(objects).length ? { objects } : {}),
    ...(enqueue.length ? { enqueue } : {}),
  };
}

/** The data access a grant brings: 'schedules' sends a job due too soon to the schedule queue
 *  (issue #28, lib/constructs/scheduling.ts). */
const withGrants = (access: DataAccess, grants: readonly RouteGrant[] | undefined): DataAccess =>
  grants?.includes('schedules') ? mergeAccess([access, { enqueue: ['schedule'] }]) : access;

/** Every product function: one per handler of the route table, each worker, and the sweep. */
const handlers = [...new Set([...ROUTES.map((r) => r.handler), DEFAULT_ROUTE.handler])];
const functions: [string, IFunction, DataAccess][] = [
  ...handlers.map((handler): [string, IFunction, DataAccess] => [
    handler,
    composed.app.api.functions.get(handler)!,
    mergeAccess(
      [...ROUTES, DEFAULT_ROUTE]
        .filter((r) => r.handler === handler)
        .map((r) => withGrants(r.access ?? {}, 'grants' in r ? r.grants : undefined)),
    ),
  ]),
  ...WORKERS.map((name): [string, IFunction, DataAccess] => [
    `${name} worker`,
    composed.app.jobs.jobs[name].worker,
    withGrants(WORKER_ACCESS[name], WORKER_GRANTS[name]),
  ]),
  ['sweep', composed.app.sealing.sweep, WORKER_ACCESS.sweep],
];
const access = new Map(functions.map(([name, fn]) => [name, normalise(effectiveAccess(fn))]));

describe('each function', () => {
  test('every route of the table declares its access', () => {
    expect(ROUTES.filter((r) => !r.access).map((r) => r.id)).toEqual([]);
  });

  test.each(functions.map(([name, fn, declared]) => [name, fn, declared] as const))(
    '%s is granted exactly the access it declares',
    (name, _fn, declared) => {
      expect({ name, access: access.get(name) }).toEqual({ name, access: normalise(declared) });
    },
  );

  test.each(functions.map(([name, fn]) => [name, fn] as const))(
    '%s has at most 10 managed policies (the IAM default quota per role)',
    (_name, fn) => {
      expect(managedPoliciesOf(logicalIdOf(fn.role!)).length).toBeLessThanOrEqual(10);
    },
  );
});

describe('whatever the declarations say', () => {
  const who = (predicate: (a: DataAccess) => boolean) =>
    [...access.entries()]
      .filter(([, a]) => predicate(a))
      .map(([name]) => name)
      .sort();

  test('the public reads, the lists and the read-only views cannot write the table', () => {
    const readOnly = [
      'verify',
      'health',
      'not-found',
      'get-document',
      'address-book',
      'list-contracts',
      'contract-details',
      'contract-video',
      'contract-status',
      'download-document',
      'activity',
      'owner-signs',
    ];
    for (const name of readOnly) {
      expect({ name, table: access.get(name)!.table ?? 'none' }).toEqual({
        name,
        table: expect.not.stringMatching(/^write$/),
      });
    }
    // GET /api/locale shares the default route's function: both public, neither touches data.
    expect(access.get('not-found')).toEqual({});
    expect(access.get('health')).toEqual({});
  });

  test('only the sending routes, the code mails, the failed-renewal notice and the workers that finish a document queue messages', () => {
    expect(who((a) => a.enqueue?.includes('notify') ?? false)).toEqual(
      [
        // the operators' Redrive sends dead-lettered messages back to their queue (issue #20)
        'admin-redrive',
        'anchor worker',
        // REST v1 (issue #31, decision 158): send and void, as the SPA's routes
        'api-v1',
        // a failed plan renewal tells its owner (the Stripe webhook, issue #18)
        'billing',
        // each row of a bulk send is sent as Send does (issue #27 item 6)
        'bulk worker',
        // a comment's mentions are e-mailed (issue #29 item 3), within the send limits
        'comments',
        // sign-up and My Info → Verify mail a code (or an "account exists" notice) through the notify job
        'email-verification',
        'signup',
        'mail-document',
        'resend-request',
        // Issue #28: the owner's remind now, contact change and void notices; a delegated request.
        'routing',
        // a due reminder sends the request again; an expiry tells the owner (issue #28)
        'schedule worker',
        'seal worker',
        'send-document',
        'signer-agree',
        'signer-delegate',
        'signer-deny',
        'signer-reject-terms',
        // the sweep sends dead-lettered notifications back (issue #36)
        'sweep',
        // a denial of the videos tells every party (issue #15)
        'video-confirm-deny',
      ].sort(),
    );
  });

  test('only sending, the last agreement or video confirmation, the sweep and the admin actions queue a seal; only sealing, the sweep, the admin actions and a token claim an anchor', () => {
    expect(who((a) => a.enqueue?.includes('seal') ?? false)).toEqual([
      'admin-redrive',
      'admin-reseal',
      // REST v1's send (issue #31), as Send
      'api-v1',
      // a bulk row sent with nobody else to sign (issue #27 item 6), as Send
      'bulk worker',
      'send-document',
      'signer-agree',
      'sweep',
      // the last video confirmation (issue #15)
      'video-confirm',
    ]);
    expect(who((a) => a.enqueue?.includes('anchor') ?? false)).toEqual([
      'admin-redrive',
      'admin-reseal',
      'seal worker',
      'sweep',
      // the owner's claim of a held token (issue #32): the anchor worker sends the transfer
      'wallet',
    ]);
  });

  test('the sweep may read the seal and anchor queues’ backlog (issue #33; sending to a queue grants it)', () => {
    const queueIds = (names: readonly string[]) =>
      names.map((n) => logicalIdOf(composed.app.jobs.jobs[n as (typeof WORKERS)[number]].queue));
    const reading = statementsOf(composed.app.sealing.sweep).filter(
      (s) => s.effect === 'Allow' && s.actions.includes('sqs:GetQueueAttributes'),
    );
    const read = WORKERS.filter((n) =>
      reading.some((s) => queueIds([n]).some((id) => s.resources.includes(id))),
    );
    expect(read).toEqual(expect.arrayContaining(['seal', 'anchor']));
  });

  test('only the admin Jobs routes and the sweep reach the dead-letter queues: the page reads, Redrive also deletes, the sweep re-queues notifications', () => {
    const dlqIds = WORKERS.map((name) => logicalIdOf(composed.app.jobs.jobs[name].deadLetterQueue));
    const dlqActions = (fn: IFunction) =>
      [
        ...new Set(
          statementsOf(fn)
            .filter((s) => s.effect === 'Allow' && dlqIds.some((id) => s.resources.includes(id)))
            .flatMap((s) => s.actions),
        ),
      ].sort();
    const reaching = functions.filter(([, fn]) => dlqActions(fn).length > 0).map(([name]) => name);
    expect(reaching.sort()).toEqual(['admin-jobs', 'admin-redrive', 'sweep']);
    // The sweep: the notify DLQ only (issue #36).
    const notifyDlq = logicalIdOf(composed.app.jobs.jobs.notify.deadLetterQueue);
    const sweepDlqStatements = statementsOf(composed.app.sealing.sweep).filter(
      (s) => s.effect === 'Allow' && dlqIds.some((id) => s.resources.includes(id)),
    );
    expect(sweepDlqStatements.every((s) => s.resources.includes(notifyDlq))).toBe(true);
    expect(dlqActions(composed.app.sealing.sweep)).toEqual([
      'sqs:ChangeMessageVisibility',
      'sqs:DeleteMessage',
      'sqs:ReceiveMessage',
    ]);
    expect(dlqActions(composed.app.api.functions.get('admin-jobs')!)).toEqual([
      'sqs:GetQueueAttributes',
      'sqs:ReceiveMessage',
    ]);
    expect(dlqActions(composed.app.api.functions.get('admin-redrive')!)).toEqual([
      'sqs:DeleteMessage',
      'sqs:GetQueueAttributes',
      'sqs:ReceiveMessage',
    ]);
  });

  test('only deleting a document, the upload routes (PDF, video and attachments), the seal worker and templates delete objects', () => {
    const deletes = (a: DataAccess) =>
      Object.values(a.objects ?? {}).some((actions) => actions.includes('delete'));
    expect(who(deletes)).toEqual([
      // REST v1 (issue #31): its upload and completion, as the two upload routes
      'api-v1',
      'complete-upload',
      'create-upload',
      'delete-document',
      'mobile-video-complete',
      'mobile-video-session',
      'owner-video-complete',
      'owner-video-session',
      'seal worker',
      'signer-attachment-upload',
      // Issue #27: applying signs, filling values and completing or removing an attachment (one function).
      'signer-fields',
      'signer-video-complete',
      'signer-video-session',
      'templates',
    ]);
    expect(
      who((a) => [a.objects?.ownerSigns, a.objects?.signerSigns].some((x) => x?.includes('delete'))),
    ).toEqual([]);
    // Issue #27: the template routes delete only a template's own PDF, never a document's object.
    expect(access.get('templates')!.objects).toEqual({
      documents: ['read', 'write'],
      templates: ['delete', 'read', 'write'],
    });
  });

  test('an upload form can only ever write a staging key: originals are written by completion alone', () => {
    // Issue #13 defect 1: the route that signs upload forms has no access to documents/ at all.
    expect(access.get('create-upload')!.objects).toEqual({ uploads: ['delete', 'write'] });
    // REST v1 (issue #31, decision 158) signs upload forms and completes them in one function (the app
    // stack's resource budget): its forms still name one staging key each (the same createUpload), but
    // the function's own rights also reach documents/, so this defence in depth does not cover it.
    expect(who((a) => a.objects?.uploads?.includes('write') ?? false)).toEqual([
      'api-v1',
      'create-upload',
      'mobile-video-session',
      'owner-video-session',
      'signer-attachment-upload',
      'signer-video-session',
    ]);
    // Issue #27: an attachment form's route has no access to documents/ either.
    expect(access.get('signer-attachment-upload')!.objects).toEqual({ uploads: ['delete', 'write'] });
    // Issue #15: the same for agreement videos (the session's form writes only its staging key).
    expect(access.get('signer-video-session')!.objects).toEqual({ uploads: ['delete', 'write'] });
    expect(who((a) => a.objects?.documents?.includes('write') ?? false)).toEqual([
      'anchor worker',
      // REST v1 (issue #31): completion of an upload and a contract from a template
      'api-v1',
      // Issue #27 item 6: each bulk row's contract gets a copy of the template's PDF, as Use template.
      'bulk worker',
      'complete-upload',
      'mobile-video-complete',
      'owner-video-complete',
      'seal worker',
      'signer-fields',
      'signer-video-complete',
      // Issue #27: a contract made from a template gets a copy of the template's PDF as its original.
      'templates',
    ]);
  });

  test("signer routes never reach the owners' signs, owner routes never write the signers' signs", () => {
    const signerHandlers = ROUTES.filter((r) => r.auth === 'signer').map((r) => r.handler);
    for (const name of signerHandlers)
      expect({ name, owner: access.get(name)!.objects?.ownerSigns }).toEqual({ name });
    const ownerHandlers = ROUTES.filter((r) => r.auth === 'owner').map((r) => r.handler);
    for (const name of ownerHandlers) {
      expect({ name, writes: access.get(name)!.objects?.signerSigns?.includes('write') ?? false }).toEqual({
        name,
        writes: false,
      });
    }
  });

  test('no statement grants objects of the whole bucket, only of an area (key prefix)', () => {
    for (const [name, fn] of functions) {
      for (const s of statementsOf(fn)) {
        if (!s.actions.some((a) => /^s3:(Get|Put|Delete)Object/.test(a))) continue;
        const areas = Object.values(OBJECT_AREAS).filter((prefix) => s.resources.includes(`/${prefix}*`));
        expect({ name, resources: s.resources, inOneArea: areas.length === 1 }).toEqual({
          name,
          resources: s.resources,
          inOneArea: true,
        });
      }
    }
  });

  test("only the billing routes read the Stripe keys' secret (issue #18)", () => {
    const readsStripe = (fn: IFunction) =>
      statementsOf(fn).some(
        (s) => s.actions.includes('secretsmanager:GetSecretValue') && s.resources.includes('signseal/stripe'),
      );
    const reaching = functions.filter(([, fn]) => readsStripe(fn)).map(([name]) => name);
    expect(reaching).toEqual(['billing']);
  });

  test('the health check may describe the table, head the bucket and read the queues, nothing else', () => {
    const statements = statementsOf(composed.app.api.functions.get('health')!);
    const allows = (action: string, id: string) =>
      statements.some((s) => s.actions.includes(action) && s.resources.includes(id));
    expect(allows('dynamodb:DescribeTable', tableId)).toBe(true);
    expect(allows('s3:ListBucket', bucketId)).toBe(true);
    for (const id of Object.values(queueIds)) expect(allows('sqs:GetQueueAttributes', id)).toBe(true);
    expect(
      statements
        .flatMap((s) => s.actions)
        .filter((a) => /^(dynamodb|s3|sqs):/.test(a) && /Put|Delete|Update|Send|Write/.test(a)),
    ).toEqual([]);
  });
});
