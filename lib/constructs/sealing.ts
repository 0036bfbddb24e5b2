// Sealing's deploy-time parts (issue #6): the service's sealing key, read by the seal worker from a
// Secrets Manager secret the operator creates (docs/deploy.md), and the sweep — a function run by an
// EventBridge schedule that re-queues documents whose seal or anchor is overdue.
import { Duration } from 'aws-cdk-lib';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { join } from 'node:path';
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
  }
}
