// Long-term evidence in the deployed app (issue #30 items 1 and 5): the sealing key in KMS (created in
// the stateful stack and retained, or imported by ARN), Sign and GetPublicKey granted on that key only
// to the two functions that sign PDFs, the timestamp authorities in their environment, and an alarm
// when seals wait. Read from the synthesised templates of the app bin/app.ts composes.
import { Template } from 'aws-cdk-lib/assertions';
import { readSettings } from '../../bin/settings.js';
import {
  cleanup,
  composeTestApp,
  logicalIdOf,
  MAIL_FROM,
  TEST_ACCOUNT,
  TEST_REGION,
  testApp,
  resourcesOf,
  type TemplateResource as Resource,
} from './support.js';

afterAll(cleanup);

/** Every IAM statement in the app stack's inline policies, with the role(s) it belongs to. */
function statements(resources: Record<string, Resource>) {
  return Object.values(resources)
    .filter((r) => r.Type === 'AWS::IAM::Policy')
    .flatMap((r) =>
      (r.Properties.PolicyDocument.Statement as Record<string, unknown>[]).map((s) => ({
        roles: JSON.stringify(r.Properties.Roles),
        actions: [s.Action as string | string[]].flat(),
        resource: JSON.stringify(s.Resource),
      })),
    );
}

const IMPORTED_KEY = `arn:aws:kms:${TEST_REGION}:${TEST_ACCOUNT}:key/0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b`;

describe('the default app: a new sealing key, the default authorities', () => {
  const composed = composeTestApp();
  const stateful = resourcesOf(composed.stateful);
  const app = resourcesOf(composed.app);
  const keys = Object.entries(stateful).filter(([, r]) => r.Type === 'AWS::KMS::Key');
  const seal = composed.app.jobs.jobs.seal;
  const anchor = composed.app.jobs.jobs.anchor;
  const variablesOf = (id: string) => app[id]!.Properties.Environment.Variables as Record<string, unknown>;

  test('the stateful stack holds one RSA 2048 signing key, retained when the stack goes', () => {
    expect(keys).toHaveLength(1);
    const [, key] = keys[0]!;
    expect(key.Properties).toMatchObject({ KeySpec: 'RSA_2048', KeyUsage: 'SIGN_VERIFY' });
    expect(key.Properties.EnableKeyRotation).toBeUndefined(); // KMS rotates no asymmetric key
    expect(key.DeletionPolicy).toBe('Retain');
    expect(key.UpdateReplacePolicy).toBe('Retain');
    expect(Object.values(resourcesOf(composed.app)).some((r) => r.Type === 'AWS::KMS::Key')).toBe(false);
    // Its ARN is an output: the operator's kms-csr and sealing secret need it.
    const outputs = Template.fromStack(composed.stateful).toJSON().Outputs as Record<
      string,
      { Value: unknown }
    >;
    expect(Object.values(outputs).map((o) => JSON.stringify(o.Value))).toContain(
      JSON.stringify({ 'Fn::GetAtt': [keys[0]![0], 'Arn'] }),
    );
  });

  test('only the seal and anchor workers may use it, for kms:Sign and kms:GetPublicKey on that key only', () => {
    const kmsStatements = statements(app).filter((s) => s.actions.some((a) => a.startsWith('kms:')));
    const roleIds = [seal.worker, anchor.worker].map((fn) => logicalIdOf(fn.role!));
    expect(kmsStatements).toHaveLength(2);
    for (const roleId of roleIds) {
      const mine = kmsStatements.filter((s) => s.roles.includes(`"${roleId}"`));
      expect(mine).toHaveLength(1);
      expect(mine[0]!.actions.sort()).toEqual(['kms:GetPublicKey', 'kms:Sign']);
      // The key's ARN, an output of the stateful stack: one key, no wildcard.
      expect(mine[0]!.resource).toMatch(
        /^\{"Fn::GetStackOutput":\{"StackName":"SignSealStateful",.*SealKey.*Arn.*\}\}$/,
      );
      expect(mine[0]!.resource).not.toContain('*');
    }
  });

  test('both signing workers read the sealing secret and know its name', () => {
    for (const fn of [seal.worker, anchor.worker]) {
      expect(variablesOf(logicalIdOf(fn)).SEAL_SIGNER_SECRET_ID).toBe('signseal/sealing-key');
      const roleId = logicalIdOf(fn.role!);
      const reads = statements(app).filter(
        (s) => s.roles.includes(`"${roleId}"`) && s.actions.includes('secretsmanager:GetSecretValue'),
      );
      expect(reads.map((s) => s.resource).join()).toContain('signseal/sealing-key');
    }
  });

  test('both signing workers get the two default authorities, primary first, and no timeout override', () => {
    for (const fn of [seal.worker, anchor.worker]) {
      const variables = variablesOf(logicalIdOf(fn));
      expect(variables.TSA_URLS).toBe('http://timestamp.digicert.com,http://timestamp.sectigo.com');
      expect(variables.TSA_TIMEOUT_MS).toBeUndefined();
    }
    // No other function has them, nor the key.
    const others = Object.entries(app).filter(
      ([id, r]) =>
        r.Type === 'AWS::Lambda::Function' &&
        ![logicalIdOf(seal.worker), logicalIdOf(anchor.worker)].includes(id),
    );
    expect(others.length).toBeGreaterThan(10);
    for (const [, r] of others) expect(r.Properties.Environment?.Variables?.TSA_URLS).toBeUndefined();
  });

  test('an alarm fires when the oldest seal job, queued or dead-lettered, has waited 15 minutes', () => {
    const alarm = app[logicalIdOf(composed.app.evidence!.sealWaitAlarm)]!.Properties;
    expect(alarm).toMatchObject({
      Threshold: 900,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      EvaluationPeriods: 1,
      TreatMissingData: 'notBreaching',
    });
    const metrics = alarm.Metrics as {
      Id: string;
      Expression?: string;
      ReturnData?: boolean;
      MetricStat?: { Metric: { MetricName: string; Namespace: string; Dimensions: unknown[] }; Stat: string };
    }[];
    const expression = metrics.find((m) => m.Expression);
    expect(expression!.Expression).toBe('MAX([queued, deadLettered])');
    const stats = metrics.filter((m) => m.MetricStat);
    expect(stats.map((m) => m.Id).sort()).toEqual(['deadLettered', 'queued']);
    for (const m of stats) {
      expect(m.MetricStat!.Metric).toMatchObject({
        Namespace: 'AWS/SQS',
        MetricName: 'ApproximateAgeOfOldestMessage',
      });
      expect(m.MetricStat!.Stat).toBe('Maximum');
      expect(m.ReturnData).toBe(false);
    }
    const queueOf = (id: string) =>
      JSON.stringify(stats.find((m) => m.Id === id)!.MetricStat!.Metric.Dimensions);
    expect(queueOf('queued')).toContain(logicalIdOf(seal.queue));
    expect(queueOf('deadLettered')).toContain(logicalIdOf(seal.deadLetterQueue));
    expect(alarm.AlarmDescription).toContain('timestamp authority');
  });
});

describe('with context', () => {
  const composed = composeTestApp({
    context: {
      sealKmsKeyArn: IMPORTED_KEY,
      tsaUrls: 'https://tsa.example-qtsp.eu/rfc3161, http://tsa2.example-qtsp.eu',
      tsaTimeoutMs: '8000',
      sealWaitAlarmMinutes: '30',
    },
  });
  const app = resourcesOf(composed.app);

  test('an imported key is used as it is: nothing created, the grants on its ARN', () => {
    expect(Object.values(resourcesOf(composed.stateful)).some((r) => r.Type === 'AWS::KMS::Key')).toBe(false);
    const kmsStatements = statements(app).filter((s) => s.actions.some((a) => a.startsWith('kms:')));
    expect(kmsStatements).toHaveLength(2);
    for (const s of kmsStatements) expect(s.resource).toBe(JSON.stringify(IMPORTED_KEY));
  });

  test('the authorities, their timeout and the alarm threshold follow the context', () => {
    for (const fn of [composed.app.jobs.jobs.seal.worker, composed.app.jobs.jobs.anchor.worker]) {
      expect(app[logicalIdOf(fn)]!.Properties.Environment.Variables).toMatchObject({
        TSA_URLS: 'https://tsa.example-qtsp.eu/rfc3161,http://tsa2.example-qtsp.eu',
        TSA_TIMEOUT_MS: '8000',
      });
    }
    expect(app[logicalIdOf(composed.app.evidence!.sealWaitAlarm)]!.Properties.Threshold).toBe(1800);
  });
});

describe('the long-term evidence context values', () => {
  const settings = (context: Record<string, unknown>, region: string | null = TEST_REGION) =>
    readSettings(testApp({ context: { mailFrom: MAIL_FROM, ...context } }).node, {
      CDK_DEFAULT_REGION: region ?? undefined,
    });

  test('default to a new key, two public authorities and 15 minutes', () => {
    expect(settings({}).evidence).toEqual({
      sealKmsKeyArn: undefined,
      tsaUrls: ['http://timestamp.digicert.com', 'http://timestamp.sectigo.com'],
      tsaTimeoutMs: undefined,
      sealWaitAlarmMinutes: 15,
    });
  });

  test.each([
    [{ sealKmsKeyArn: 'alias/signseal' }, 'Context sealKmsKeyArn must be a KMS key ARN'],
    [
      { sealKmsKeyArn: IMPORTED_KEY.replace(TEST_REGION, 'eu-west-1') },
      `Context sealKmsKeyArn must be a key in the app's region ${TEST_REGION}.`,
    ],
    [
      { tsaUrls: 'ftp://tsa.example' },
      'Context tsaUrls holds "ftp://tsa.example", which is not an http:// or https:// URL',
    ],
    [{ tsaUrls: 'https://user:pw@tsa.example' }, 'Context tsaUrls holds "https://user:pw@tsa.example"'],
    [{ tsaUrls: 'not a url' }, 'Context tsaUrls holds "not a url"'],
    [{ tsaUrls: 'http://a.example,http://a.example' }, 'Context tsaUrls names an authority twice'],
    [
      { tsaUrls: 'http://a.example,http://b.example,http://c.example,http://d.example,http://e.example' },
      'Context tsaUrls must list 1 to 4 timestamp authorities (it lists 5).',
    ],
    [{ tsaTimeoutMs: '500' }, 'Context tsaTimeoutMs "500" must be a whole number from 1000 to 30000.'],
    [{ tsaTimeoutMs: '5s' }, 'Context tsaTimeoutMs "5s" must be a whole number from 1000 to 30000.'],
    [
      { tsaUrls: 'http://a.example,http://b.example,http://c.example', tsaTimeoutMs: '25000' },
      'Context tsaTimeoutMs × the 3 tsaUrls must stay within 60 s',
    ],
    [
      { sealWaitAlarmMinutes: '2' },
      'Context sealWaitAlarmMinutes "2" must be a whole number from 5 to 1440.',
    ],
  ])('refuse %j', (context, message) => {
    expect(() => settings(context)).toThrow(message);
  });

  test('take a key of any region when the region is not known (an offline synth)', () => {
    const arn = IMPORTED_KEY.replace(TEST_REGION, 'eu-west-1');
    expect(settings({ sealKmsKeyArn: arn }, null).evidence.sealKmsKeyArn).toBe(arn);
  });
});
