// Sealing in the deployed app (issue #6): the seal worker reads the sealing key from its secret and
// the fonts from its bundle; the anchor worker has the fonts and the contract's ABI; the sweep runs
// on an EventBridge schedule with the table and the queues.
import { assetsFor } from '../../lib/function-assets.js';
import { cleanup, composeTestApp, logicalIdOf, resourcesOf } from './support.js';

afterAll(cleanup);

describe('sealing in the composed app', () => {
  const composed = composeTestApp();
  const resources = resourcesOf(composed.app);
  const variablesOf = (id: string) =>
    resources[id]!.Properties.Environment.Variables as Record<string, unknown>;
  const sealId = logicalIdOf(composed.app.jobs.jobs.seal.worker);
  const anchorId = logicalIdOf(composed.app.jobs.jobs.anchor.worker);
  const sweepId = logicalIdOf(composed.app.sealing.sweep);

  test('the seal worker has the sealing key secret, the fonts directory and its Node.js options', () => {
    expect(variablesOf(sealId)).toMatchObject({
      SEAL_SIGNER_SECRET_ID: 'signseal/sealing-key',
      SEAL_FONT_DIR: '/var/task/assets/fonts',
      // issue #33: a 1 MB young generation and one V8 background thread (peak memory; the bench
      // runs the product's fresh seals with the same options)
      NODE_OPTIONS: '--max-semi-space-size=1 --v8-pool-size=1',
    });
    // only the seal worker's: the anchor worker keeps Node's defaults
    expect(variablesOf(anchorId)).not.toHaveProperty('NODE_OPTIONS');
  });

  test('the anchor worker has the fonts (certificate PDF) and the contract ABI', () => {
    expect(variablesOf(anchorId)).toMatchObject({
      SEAL_FONT_DIR: '/var/task/assets/fonts',
      CHAIN_ARTIFACT: '/var/task/assets/DocumentAnchor.json',
    });
  });

  test('the sweep runs every 5 minutes with the table and the queues', () => {
    const rules = Object.values(resources).filter((r) => r.Type === 'AWS::Events::Rule');
    expect(rules).toHaveLength(1);
    expect(rules[0]!.Properties.ScheduleExpression).toBe('rate(5 minutes)');
    expect(JSON.stringify(rules[0]!.Properties.Targets)).toContain(sweepId);
    expect(Object.keys(variablesOf(sweepId))).toEqual(
      expect.arrayContaining([
        'TABLE_NAME',
        'SEAL_QUEUE_URL',
        'ANCHOR_QUEUE_URL',
        // dead-lettered notifications go back to their queue (issue #36)
        'NOTIFY_QUEUE_URL',
        'NOTIFY_DLQ_URL',
      ]),
    );
  });

  test('an alarm fires when the sweep reports documents stuck in Generating three runs in a row', () => {
    const alarmId = logicalIdOf(composed.app.sealing.stuckAlarm);
    const alarm = resources[alarmId]!.Properties;
    expect(alarm).toMatchObject({
      Namespace: 'SignSeal',
      MetricName: 'DocumentsStuckInGenerating',
      Statistic: 'Maximum',
      Period: 300,
      Threshold: 0,
      ComparisonOperator: 'GreaterThanThreshold',
      EvaluationPeriods: 3,
      DatapointsToAlarm: 3,
      TreatMissingData: 'notBreaching',
    });
    // Per installation: the dimension is this app's sweep function, which writes the EMF line.
    expect(alarm.Dimensions).toEqual([{ Name: 'FunctionName', Value: { Ref: sweepId } }]);
    expect(alarm.AlarmDescription).toContain('/en/admin/jobs');
    // EMF needs no PutMetricData right: the sweep's role has none.
    const roleId = logicalIdOf(composed.app.sealing.sweep.role!);
    const policies = Object.values(resources).filter(
      (r) => r.Type === 'AWS::IAM::Policy' && JSON.stringify(r.Properties.Roles).includes(`"${roleId}"`),
    );
    expect(policies.length).toBeGreaterThan(0);
    expect(JSON.stringify(policies)).not.toContain('cloudwatch:');
  });

  test('the bundles carry the files the functions read', () => {
    const seal = assetsFor('lambdas/workers/seal.ts');
    expect(seal.files.map((f) => f.target).sort()).toEqual(
      expect.arrayContaining([expect.stringMatching(/^assets\/fonts\/NotoSans(JP|KR).*\.ttf$/)]),
    );
    expect(assetsFor('lambdas/handlers/me.ts').files).toEqual([]);
  });
});
