// Sealing's deploy-time parts (issue #6): the service's sealing key, read by the seal worker from a
// Secrets Manager secret the operator creates (docs/deploy.md), and the sweep — a function run by an
// EventBridge schedule that re-queues documents whose seal or anchor is overdue.
import { Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, Metric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { join } from 'node:path';
import { STUCK_METRIC } from '../../shared/infra/definitions.js';
import { AppFunction, PROJECT_ROOT } from './app-function.js';

export interface SealingProps {
  /** The seal worker: it reads the key. */
  readonly sealWorker: AppFunction;
  /** Name of the secret holding `{ "p12Base64": "...", "passphrase": "..." }`. */
  readonly signerSecretName: string;
  /** @default Duration.minutes(5) */
  readonly sweepEvery?: Duration;
}

export class Sealing extends Construct {
  readonly sweep: AppFunction;
  /** Documents stuck in Generating (issue #20): what an operator does is in docs/deploy.md. */
  readonly stuckAlarm: Alarm;

  constructor(scope: Construct, id: string, props: SealingProps) {
    super(scope, id);
    const secret = Secret.fromSecretNameV2(this, 'SignerSecret', props.signerSecretName);
    secret.grantRead(props.sealWorker);
    props.sealWorker.addEnvironment('SEAL_SIGNER_SECRET_ID', props.signerSecretName);

    this.sweep = new AppFunction(this, 'SweepWorker', {
      entry: join(PROJECT_ROOT, 'lambdas', 'workers', 'sweep.ts'),
      description: 'Re-queues documents whose seal or anchor is overdue (lambdas/workers/sweep.ts)',
      timeout: Duration.seconds(60),
      memorySize: 256,
    });
    new Rule(this, 'SweepSchedule', {
      description: 'Runs the sweep of overdue seal and anchor work',
      schedule: Schedule.rate(props.sweepEvery ?? Duration.minutes(5)),
      targets: [new LambdaFunction(this.sweep, { retryAttempts: 2 })],
    });

    // The sweep publishes, every run, how many documents owe their seal for longer than its minimum
    // age (an EMF log line, lambdas/workers/sweep.ts). Three runs in a row with one or more — the
    // sweep's own re-queues did not help — is a document an operator must look at.
    this.stuckAlarm = new Alarm(this, 'StuckInGeneratingAlarm', {
      alarmDescription:
        'Documents have stayed in Generating for three sweeps in a row although the sweep re-queued their seal: open /en/admin/jobs (docs/deploy.md, Operations notes).',
      metric: new Metric({
        namespace: STUCK_METRIC.namespace,
        metricName: STUCK_METRIC.name,
        dimensionsMap: { [STUCK_METRIC.dimension]: this.sweep.functionName },
        statistic: 'Maximum',
        period: props.sweepEvery ?? Duration.minutes(5),
      }),
      threshold: 0,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 3,
      datapointsToAlarm: 3,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
  }
}
