// Long-term evidence in the deployed app (issue #30, architecture §22): the functions that sign a PDF
// (the seal worker: sealed PDFs; the anchor worker: certificate PDFs) get the sealing key in KMS
// (Sign and GetPublicKey only), the sealing secret naming it with its certificate chain, and the
// timestamp authorities; an alarm fires when seals wait — a timestamp authority outage makes the seal
// job fail and retry through its queue, and sealing never falls back to the server's clock.
import { Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, MathExpression, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { AppFunction } from './app-function.js';
import type { SealKey } from './seal-key.js';

export interface EvidenceProps {
  /** The seal worker and the anchor worker (which signs the certificate PDF). */
  readonly signers: readonly AppFunction[];
  readonly sealKey: SealKey;
  /** The sealing secret's name (`{ kmsKeyId, certificateChainPem }`; docs/deploy.md). */
  readonly signerSecretName: string;
  /** RFC 3161 authorities, primary first (TSA_URLS). */
  readonly tsaUrls: readonly string[];
  /** Per-authority timeout (TSA_TIMEOUT_MS). @default - the functions' default */
  readonly tsaTimeoutMs?: number;
  /** The seal queue and its dead-letter queue, whose oldest message's age the alarm watches. */
  readonly sealQueue: IQueue;
  readonly sealDeadLetterQueue: IQueue;
  /** @default 15 */
  readonly waitAlarmMinutes?: number;
}

export class Evidence extends Construct {
  /** Seals have waited this long: docs/deploy.md says what an operator does. */
  readonly sealWaitAlarm: Alarm;

  constructor(scope: Construct, id: string, props: EvidenceProps) {
    super(scope, id);
    if (props.tsaUrls.length === 0) throw new Error('Evidence: at least one timestamp authority is needed.');
    const secret = Secret.fromSecretNameV2(this, 'SignerSecret', props.signerSecretName);
    for (const fn of props.signers) {
      props.sealKey.grantSign(fn);
      secret.grantRead(fn);
      fn.addEnvironment('SEAL_SIGNER_SECRET_ID', props.signerSecretName);
      fn.addEnvironment('TSA_URLS', props.tsaUrls.join(','));
      if (props.tsaTimeoutMs !== undefined) fn.addEnvironment('TSA_TIMEOUT_MS', String(props.tsaTimeoutMs));
    }

    // ApproximateAgeOfOldestMessage leaves out a message received three times or more (SQS moves it to
    // the back of the queue), and a failing seal job is received up to maxReceiveCount (5) times, 3
    // minutes apart, before it is dead-lettered: on its own, the seal queue's age stays under ~9
    // minutes through an authority outage. The dead-letter queue's age counts from the message's first
    // enqueue (standard queues), so the larger of the two is how long the oldest seal has waited.
    const minutes = props.waitAlarmMinutes ?? 15;
    const period = Duration.minutes(5);
    this.sealWaitAlarm = new Alarm(this, 'SealWaitAlarm', {
      alarmDescription: `A seal job has waited ${minutes} minutes or more (in the seal queue or its dead-letter queue): most often no timestamp authority answers. Sealing waits and never uses the server's clock; check the authorities in TSA_URLS and the seal worker's log (docs/deploy.md, Long-term evidence).`,
      metric: new MathExpression({
        label: 'Oldest seal job (seconds)',
        expression: 'MAX([queued, deadLettered])',
        usingMetrics: {
          queued: props.sealQueue.metricApproximateAgeOfOldestMessage({ period, statistic: 'Maximum' }),
          deadLettered: props.sealDeadLetterQueue.metricApproximateAgeOfOldestMessage({
            period,
            statistic: 'Maximum',
          }),
        },
        period,
      }),
      threshold: minutes * 60,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
  }
}
