import { ROUTES } from '../../shared/api/routes.js';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { Stack, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { configSchema } from '../../lambdas/config.js';
import { DocumentsCors } from '../../lib/constructs/documents-cors.js';
import { Storage } from '../../lib/constructs/storage.js';
import { readSettings } from '../../bin/settings.js';
import {
  cleanup,
  composeTestApp,
  FULL_CONTEXT,
  logicalIdOf,
  MAIL_FROM,
  testApp,
  resourcesOf,
} from './support.js';

afterAll(cleanup);

/** Functions of the product (the CDK's own BucketDeployment handler is not one). */
const productFunctions = (stack: Stack) =>
  Object.entries(resourcesOf(stack)).filter(
    ([id, r]) =>
      r.Type === 'AWS::Lambda::Function' &&
      !id.startsWith('CustomCDKBucketDeployment') &&
      !id.startsWith('AWS679f53fac002430cb0da5b7982bd2287'),
  );

/** Variables lambdas/config.ts refuses to start without. */
const REQUIRED_VARIABLES = Object.entries(configSchema.shape)
  .filter(
    ([, schema]) => !(schema as { safeParse(v: unknown): { success: boolean } }).safeParse(undefined).success,
  )
  .map(([name]) => name);

describe('the composed app (no siteUrl)', () => {
  const composed = composeTestApp();
  const appResources = resourcesOf(composed.app);

  test("keeps the app stack well under CloudFormation's 500 resources (room for a few more features)", () => {
    // About 3 resources a new API handler (its routes go to the nested Routes stack), 10 a new queue
    // and worker. The routes and integrations moved to a nested stack at 504 (decision 161, issue #31).
    expect(Object.keys(appResources).length).toBeLessThanOrEqual(420);
  });

  test('puts every route, its integration and the authorizer in the nested Routes stack, under its limits', () => {
    const routes = resourcesOf(composed.app.api.routesStack!);
    const keys = Object.values(routes)
      .filter((r) => r.Type === 'AWS::ApiGatewayV2::Route')
      .map((r) => String(r.Properties.RouteKey));
    expect(keys.sort()).toEqual([...ROUTES.map((r) => `${r.method} ${r.path}`), '$default'].sort());
    expect(Object.values(appResources).filter((r) => r.Type.startsWith('AWS::ApiGatewayV2::Route'))).toEqual(
      [],
    );
    expect(Object.keys(routes).length).toBeLessThanOrEqual(460);
    const parameters = Template.fromStack(composed.app.api.routesStack!).toJSON().Parameters ?? {};
    // CloudFormation takes 200 parameters a template: about one per handler function.
    expect(Object.keys(parameters).length).toBeLessThanOrEqual(150);
    const nested = Object.values(appResources).filter((r) => r.Type === 'AWS::CloudFormation::Stack');
    expect(nested).toHaveLength(1);
  });

  test('gives the API handlers one log group with a retention, each function writing only there', () => {
    const shared = logicalIdOf(composed.app.api.handlerLogs);
    expect(appResources[shared]).toMatchObject({
      Type: 'AWS::Logs::LogGroup',
      Properties: { RetentionInDays: 30 },
    });
    const handlers = [...composed.app.api.functions.values()];
    expect(handlers.length).toBeGreaterThan(40);
    for (const fn of handlers) {
      expect(appResources[logicalIdOf(fn)]!.Properties.LoggingConfig.LogGroup).toEqual({ Ref: shared });
    }
    // The workers keep a group each (their alarms and retention differ by job).
    const workerGroups = new Set(
      composed.app.jobs.workers.map((w) =>
        JSON.stringify(appResources[logicalIdOf(w)]!.Properties.LoggingConfig.LogGroup),
      ),
    );
    expect(workerGroups.size).toBe(composed.app.jobs.workers.length);
  });

  test('has two stacks, the app one deployed after the stateful one', () => {
    expect(composed.stateful.stackName).toBe('SignSealStateful');
    expect(composed.app.stackName).toBe('SignSealApp');
    expect(composed.app.dependencies).toContain(composed.stateful);
  });

  test('runs every function on nodejs22.x and arm64', () => {
    const functions = productFunctions(composed.app);
    expect(functions.length).toBeGreaterThanOrEqual(4);
    for (const [, fn] of functions) {
      expect(fn.Properties.Runtime).toBe('nodejs22.x');
      expect(fn.Properties.Architectures).toEqual(['arm64']);
    }
  });

  test('gives every function every variable lambdas/config.ts requires, plus the deployed modes', () => {
    expect(REQUIRED_VARIABLES).toEqual(
      expect.arrayContaining([
        'TABLE_NAME',
        'DOCUMENTS_BUCKET',
        'SEAL_QUEUE_URL',
        'USER_POOL_ID',
        'MAIL_FROM',
        'APP_URL',
      ]),
    );
    for (const [id, fn] of productFunctions(composed.app)) {
      const variables = fn.Properties.Environment.Variables as Record<string, unknown>;
      for (const name of REQUIRED_VARIABLES)
        expect({ id, name, set: name in variables }).toEqual({ id, name, set: true });
      expect(variables).toMatchObject({ SMS_MODE: 'sns', S3_FORCE_PATH_STYLE: 'false', MAIL_FROM });
      expect(variables.AWS_REGION).toBeUndefined(); // reserved: Lambda sets it
    }
  });

  test('points the queue variables at the matching queues and APP_URL at the distribution', () => {
    const jobs = composed.app.jobs.jobs;
    const distributionId = logicalIdOf(composed.app.web.distribution);
    for (const [, fn] of productFunctions(composed.app)) {
      const variables = fn.Properties.Environment.Variables;
      expect(variables.SEAL_QUEUE_URL).toEqual({ Ref: logicalIdOf(jobs.seal.queue) });
      expect(variables.ANCHOR_QUEUE_URL).toEqual({ Ref: logicalIdOf(jobs.anchor.queue) });
      expect(variables.NOTIFY_QUEUE_URL).toEqual({ Ref: logicalIdOf(jobs.notify.queue) });
      expect(variables.BULK_QUEUE_URL).toEqual({ Ref: logicalIdOf(jobs.bulk.queue) });
      expect(variables.SCHEDULE_QUEUE_URL).toEqual({ Ref: logicalIdOf(jobs.schedule.queue) });
      expect(variables.APP_URL).toEqual({
        'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [distributionId, 'DomainName'] }]],
      });
      expect(JSON.stringify(variables.TABLE_NAME)).toContain('PublishOutputRefStorageTable');
    }
  });

  test('has no circular dependency although the functions use the distribution URL', () => {
    const ids = new Set(Object.keys(appResources));
    const edges = new Map<string, Set<string>>();
    const collect = (node: unknown, into: Set<string>): void => {
      if (Array.isArray(node)) node.forEach((child) => collect(child, into));
      else if (node && typeof node === 'object') {
        for (const [key, value] of Object.entries(node)) {
          if (key === 'Ref' && typeof value === 'string' && ids.has(value)) into.add(value);
          else if (key === 'Fn::GetAtt' && Array.isArray(value) && ids.has(value[0])) into.add(value[0]);
          else if (key === 'Fn::Sub') {
            const text = Array.isArray(value) ? value[0] : value;
            for (const match of String(text).matchAll(/\$\{([^}.!]+)/g))
              if (ids.has(match[1]!)) into.add(match[1]!);
            collect(value, into);
          } else collect(value, into);
        }
      }
    };
    for (const [id, resource] of Object.entries(appResources)) {
      const into = new Set<string>([resource.DependsOn ?? []].flat());
      collect(resource.Properties, into);
      edges.set(id, into);
    }
    const state = new Map<string, 'open' | 'done'>();
    const visit = (id: string, path: string[]): void => {
      state.set(id, 'open');
      for (const next of edges.get(id) ?? []) {
        if (state.get(next) === 'open') throw new Error(`cycle: ${[...path, id, next].join(' -> ')}`);
        if (!state.has(next)) visit(next, [...path, id]);
      }
      state.set(id, 'done');
    };
    expect(() => ids.forEach((id) => state.has(id) || visit(id, []))).not.toThrow();
  });

  test('lets only the notify worker send e-mail (from the sender identity) and SMS (to phone numbers only)', () => {
    const notifyRole = logicalIdOf(composed.app.jobs.jobs.notify.worker.role!);
    const policies = Object.values(appResources).filter((r) => r.Type === 'AWS::IAM::Policy');
    const sending = policies.filter((policy) =>
      /ses:Send|sns:Publish/.test(JSON.stringify(policy.Properties.PolicyDocument)),
    );
    expect(sending).toHaveLength(1);
    expect(sending[0]!.Properties.Roles).toEqual([{ Ref: notifyRole }]);
    const statements = sending[0]!.Properties.PolicyDocument.Statement as Record<string, unknown>[];
    expect(statements).toContainEqual(
      expect.objectContaining({ Action: 'sns:Publish', NotResource: 'arn:*:sns:*:*:*', Effect: 'Allow' }),
    );
    const ses = statements.find((s) => JSON.stringify(s.Action).includes('ses:SendEmail'))!;
    expect(JSON.stringify(ses.Resource)).toContain('NotificationsSenderDomain');
  });

  test('gives function roles no AWS managed policy and no wildcard resource outside X-Ray and the health checks', () => {
    for (const [, role] of Object.entries(appResources).filter(([, r]) => r.Type === 'AWS::IAM::Role')) {
      for (const arn of role.Properties.ManagedPolicyArns ?? [])
        expect(JSON.stringify(arn)).not.toContain(':iam::aws:policy');
    }
    const deployRole = logicalIdOf(composed.app.web.node.findChild('DeployRole'));
    for (const policy of Object.values(appResources).filter((r) => r.Type === 'AWS::IAM::Policy')) {
      if (JSON.stringify(policy.Properties.Roles).includes(deployRole)) continue; // checked by cdk-nag acknowledgements
      for (const statement of policy.Properties.PolicyDocument.Statement) {
        if (statement.Resource === '*') {
          const allowed = [
            'xray:PutTelemetryRecords',
            'xray:PutTraceSegments',
            'ses:GetAccount',
            'sns:GetSMSAttributes',
          ];
          for (const action of [statement.Action].flat()) expect(allowed).toContain(action);
        }
      }
    }
  });

  test('grants the extra permissions of the route table to those routes alone', () => {
    const policies = Object.values(appResources).filter((r) => r.Type === 'AWS::IAM::Policy');
    const policyOf = (handler: string) => {
      const fnId = `Api${handler
        .split('-')
        .map((p) => p[0]!.toUpperCase() + p.slice(1))
        .join('')}Handler`;
      return JSON.stringify(policies.find((p) => JSON.stringify(p.Properties.Roles).includes(`${fnId}Role`)));
    };
    for (const route of ROUTES) {
      const policy = policyOf(route.handler);
      const grants = route.grants ?? [];
      expect(policy.includes('cognito-idp:AdminCreateUser')).toBe(grants.includes('userDirectoryWrite'));
      expect(policy.includes('cognito-idp:AdminGetUser')).toBe(
        grants.includes('userDirectoryRead') || grants.includes('userDirectoryWrite'),
      );
      expect(policy.includes('ses:GetAccount')).toBe(grants.includes('notificationsCheck'));
      expect(policy.includes('scheduler:CreateSchedule')).toBe(grants.includes('schedules'));
    }
  });

  test('sends every method and path outside the route table to the not-found handler', () => {
    const routes = Object.values(resourcesOf(composed.app.api.routesStack!)).filter(
      (r) => r.Type === 'AWS::ApiGatewayV2::Route',
    );
    const fallback = routes.find((r) => r.Properties.RouteKey === '$default');
    expect(fallback).toBeDefined();
    expect(fallback!.Properties.AuthorizationType).toBe('NONE');
    expect(JSON.stringify(fallback!.Properties.Target)).toContain('NotFound');
  });

  test("allows presigned browser requests to the documents bucket from the distribution's own origin until siteUrl is known", () => {
    const documentsBucket = logicalIdOf(composed.stateful.storage.documentsBucket);
    expect(resourcesOf(composed.stateful)[documentsBucket]!.Properties.CorsConfiguration).toBeUndefined();
    const cors = Object.values(appResources).filter((r) => r.Type === 'Custom::DocumentsBucketCors');
    expect(cors).toHaveLength(1);
    const call = JSON.stringify(cors[0]!.Properties.Create);
    const distributionId = logicalIdOf(composed.app.web.distribution);
    expect(call).toContain('PutBucketCors');
    expect(call).toContain(`https://",{"Fn::GetAtt":["${distributionId}","DomainName"]}`);
    expect(call).not.toContain('*.cloudfront.net');
    expect(cors[0]!.Properties.BucketTemplate).toMatch(/^[0-9a-f]{16}$/);
  });

  test('puts the CORS rule again whenever the stateful stack changes the bucket', () => {
    const fingerprint = (retentionDays: number) => {
      const root = testApp();
      const data = new Stack(root, 'Data');
      const storage = new Storage(data, 'Storage', {
        corsAllowedOrigins: [],
        noncurrentVersionRetentionDays: retentionDays,
      });
      const consumer = new Stack(root, 'Consumer');
      new DocumentsCors(consumer, 'Cors', {
        bucket: storage.documentsBucket,
        origin: 'https://d1.cloudfront.net',
      });
      return Object.values(resourcesOf(consumer)).find((r) => r.Type === 'Custom::DocumentsBucketCors')!
        .Properties.BucketTemplate;
    };
    expect(fingerprint(30)).toBe(fingerprint(30));
    expect(fingerprint(60)).not.toBe(fingerprint(30));
  });
});

describe('with siteUrl', () => {
  const composed = composeTestApp({ context: { siteUrl: 'https://d111111abcdef8.cloudfront.net/' } });

  test('uses it as APP_URL and as the only CORS origin, without a custom domain', () => {
    for (const [, fn] of productFunctions(composed.app)) {
      expect(fn.Properties.Environment.Variables.APP_URL).toBe('https://d111111abcdef8.cloudfront.net');
    }
    Template.fromStack(composed.stateful).hasResourceProperties('AWS::S3::Bucket', {
      CorsConfiguration: {
        CorsRules: [Match.objectLike({ AllowedOrigins: ['https://d111111abcdef8.cloudfront.net'] })],
      },
    });
    const distribution = Object.values(resourcesOf(composed.app)).find(
      (r) => r.Type === 'AWS::CloudFront::Distribution',
    )!;
    expect(distribution.Properties.DistributionConfig.Aliases).toBeUndefined();
    expect(
      Object.values(resourcesOf(composed.app)).some((r) => r.Type === 'Custom::DocumentsBucketCors'),
    ).toBe(false);
  });
});

describe('stateful resources keep their logical ids (a change would replace them and lose data)', () => {
  const composed = composeTestApp();
  const stateful = resourcesOf(composed.stateful);
  const app = resourcesOf(composed.app);

  test.each([
    ['StorageTableB43FDCE7', 'AWS::DynamoDB::Table'],
    ['StorageDocumentsBucket59145458', 'AWS::S3::Bucket'],
    ['StorageAccessLogsBucketFEE4D6FB', 'AWS::S3::Bucket'],
    ['AuthUserPool8115E87F', 'AWS::Cognito::UserPool'],
    ['AuthUserPoolWebClient147E4E38', 'AWS::Cognito::UserPoolClient'],
  ])('stateful stack: %s is the %s', (id, type) => {
    expect(stateful[id]?.Type).toBe(type);
  });

  test.each([
    ['WebSiteBucket1E6F6F45', 'AWS::S3::Bucket'],
    ['WebLogsBucketA8118AA9', 'AWS::S3::Bucket'],
  ])('app stack: %s is the %s', (id, type) => {
    expect(app[id]?.Type).toBe(type);
  });
});

describe('cdk-nag AwsSolutions', () => {
  const check = (context: Record<string, unknown>, cfnValidation = false) => {
    const composed = composeTestApp({ context, cfnValidation });
    const pack = new AwsSolutionsChecks(composed.root, { verbose: true });
    Validations.of(composed.root).addPlugins(pack);
    composed.root.synth(); // throws on an unacknowledged error
    const findings = pack
      .validateScope(composed.root)
      .violations.flatMap((v) =>
        v.violatingResources.map((r) => `${v.severity} ${v.ruleName} at ${r.constructPath}`),
      );
    const annotations = [composed.stateful, composed.app, ...(composed.edge ? [composed.edge] : [])].flatMap(
      (stack) => [
        ...Annotations.fromStack(stack).findWarning('*', Match.anyValue()),
        ...Annotations.fromStack(stack).findError('*', Match.anyValue()),
      ],
    );
    return { composed, findings, annotations };
  };

  test('finds nothing unacknowledged in the default app, which also passes CloudFormation validation', () => {
    const { findings, annotations } = check({}, true);
    expect(findings).toEqual([]);
    expect(annotations).toEqual([]);
  }, 120_000);

  test('finds nothing unacknowledged with federation, a custom domain, WAF and the Essentials plan', () => {
    const { findings, annotations } = check({
      ...FULL_CONTEXT,
      cognitoThreatProtection: 'false',
      mailIdentity: 'existing',
      sesSandboxRecipients: 'tester@signseal.example',
    });
    expect(findings).toEqual([]);
    expect(annotations).toEqual([]);
  });

  test('every acknowledgement gives a specific reason, and docs/deploy.md lists its rule', () => {
    const { composed } = check(FULL_CONTEXT);
    const docs = readFileSync(new URL('../../docs/deploy.md', import.meta.url), 'utf8');
    const acknowledged: [string, string][] = [];
    for (const construct of composed.root.node.findAll()) {
      for (const entry of construct.node.metadata) {
        if (entry.type !== Validations.ACKNOWLEDGED_RULES_METADATA_KEY) continue;
        for (const [id, reason] of Object.entries(entry.data as Record<string, string>)) {
          acknowledged.push([id.replace(/^annotation::/i, ''), reason]);
        }
      }
    }
    expect(acknowledged.length).toBeGreaterThan(0);
    for (const [id, reason] of acknowledged) {
      expect({ id, reasonLongEnough: reason.length >= 60 }).toEqual({ id, reasonLongEnough: true });
      const rule = id.replace(/\[.*$/, '');
      expect({ rule, documented: docs.includes(rule) }).toEqual({ rule, documented: true });
    }
  });
});

describe('deploy settings', () => {
  const settings = (context: Record<string, unknown>) =>
    readSettings(testApp({ context: { mailFrom: MAIL_FROM, ...context } }).node, {});

  test.each<[string, Record<string, unknown>, RegExp]>([
    ['mailFrom is missing', { mailFrom: undefined }, /mailFrom is missing/],
    ['mailFrom is not an address', { mailFrom: 'SignSeal' }, /mailFrom "SignSeal"/],
    [
      'a Google client id comes without its secret name',
      { googleClientId: 'x' },
      /googleClientSecretName go together/,
    ],
    [
      'federation comes without siteUrl',
      { lineChannelId: '1', lineChannelSecretName: 's', authDomainPrefix: 'signseal' },
      /needs context siteUrl/,
    ],
    [
      'federation comes without authDomainPrefix',
      { siteUrl: 'https://d1.cloudfront.net', lineChannelId: '1', lineChannelSecretName: 's' },
      /needs context authDomainPrefix/,
    ],
    [
      'a custom siteUrl comes without certificateArn',
      { siteUrl: 'https://sign.example.com' },
      /needs|certificateArn/,
    ],
    [
      'the certificate is outside us-east-1',
      {
        siteUrl: 'https://sign.example.com',
        certificateArn: 'arn:aws:acm:ap-northeast-1:123456789012:certificate/x',
      },
      /us-east-1/,
    ],
    ['siteUrl is http', { siteUrl: 'http://sign.example.com' }, /https origin/],
    ['siteUrl has a path', { siteUrl: 'https://sign.example.com/app' }, /https origin/],
  ])('are refused in one line naming the key when %s', (_, context, message) => {
    const run = () => settings(context);
    expect(run).toThrow(message);
    try {
      run();
    } catch (error) {
      expect((error as Error).message).not.toContain('\n');
    }
  });

  test('default to the web/dist build, the domain identity and threat protection on', () => {
    expect(settings({})).toMatchObject({
      stackPrefix: 'SignSeal',
      siteAssetPath: 'web/dist',
      mailIdentity: 'domain',
      threatProtection: true,
      federation: undefined,
      customDomain: undefined,
    });
  });
});

test('bin/app.ts stops with one line asking for `npm run build` when the SPA is not built', () => {
  let stderr = '';
  let status = 0;
  try {
    execFileSync(process.execPath, ['--import', 'tsx', 'bin/app.ts'], {
      cwd: new URL('../..', import.meta.url).pathname,
      env: {
        PATH: process.env.PATH ?? '',
        CDK_CONTEXT_JSON: JSON.stringify({
          mailFrom: MAIL_FROM,
          siteAssetPath: '/nonexistent/signseal-dist',
        }),
      },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    const failure = error as { status: number; stderr: string };
    status = failure.status;
    stderr = failure.stderr;
  }
  expect(status).toBe(1);
  expect(stderr.trim()).toBe(
    'signseal: /nonexistent/signseal-dist/index.html not found: run `npm run build` first.',
  );
}, 60_000);
