// The job queues (seal → anchor → notify) and their workers, shaped by shared/infra/definitions.ts QUEUES.
import { Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { join } from 'node:path';
import { WORKERS } from '../../shared/api/routes.js';
import { DLQ_RETENTION_SECONDS, type QueueDefinition } from '../../shared/infra/definitions.js';
import { AppFunction, PROJECT_ROOT, type QueueName } from './app-function.js';

export interface JobsProps {
  /** Queue settings by name (shared/infra/definitions.ts QUEUES); one worker per queue. */
  readonly queues: Readonly<Record<QueueName, QueueDefinition>>;
  /**
   * Folder of the worker modules, `<queue>.ts` each exporting `handler`.
   * @default lambdas/workers of this repository
   */
  readonly workersDir?: string;
}

/** One queue, its dead-letter queue and the worker that consumes it. */
export interface Job {
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;
  readonly worker: AppFunction;
}

/**
 * Every queue has its own DLQ, SQS-managed encryption and a TLS-only policy; workers report partial
 * batch failures so one bad record never makes a whole batch retry. An alarm fires when a DLQ
 * holds anything, since that is a job the product failed to finish.
 */
export class Jobs extends Construct {
  readonly jobs: Readonly<Record<QueueName, Job>>;

  constructor(scope: Construct, id: string, props: JobsProps) {
    super(scope, id);
    const workersDir = props.workersDir ?? join(PROJECT_ROOT, 'lambdas', 'workers');

    const build = (name: QueueName): Job => {
      const def = props.queues[name];
      const title = name[0]!.toUpperCase() + name.slice(1);
      if (def.visibilityTimeoutSeconds <= def.workerTimeoutSeconds) {
        throw new Error(`Jobs: the ${name} queue's visibility timeout must exceed its worker's timeout.`);
      }
      const deadLetterQueue = new Queue(this, `${title}DeadLetterQueue`, {
        encryption: QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        retentionPeriod: Duration.seconds(DLQ_RETENTION_SECONDS),
      });
      const queue = new Queue(this, `${title}Queue`, {
        encryption: QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        visibilityTimeout: Duration.seconds(def.visibilityTimeoutSeconds),
        deadLetterQueue: { queue: deadLetterQueue, maxReceiveCount: def.maxReceiveCount },
      });
      const worker = new AppFunction(this, `${title}Worker`, {
        entry: join(workersDir, `${name}.ts`),
        description: `Worker lambdas/workers/${name}.ts for the ${name} queue`,
        timeout: Duration.seconds(def.workerTimeoutSeconds),
        memorySize: def.workerMemoryMb,
      });
      worker.addEventSource(
        new SqsEventSource(queue, {
          batchSize: def.batchSize,
          reportBatchItemFailures: true,
          ...(def.maxConcurrency ? { maxConcurrency: def.maxConcurrency } : {}),
        }),
      );
      new Alarm(this, `${title}DeadLetterAlarm`, {
        alarmDescription: `A ${name} job failed ${def.maxReceiveCount} times and waits in its dead-letter queue.`,
        metric: deadLetterQueue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5) }),
        threshold: 0,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
      return { queue, deadLetterQueue, worker };
    };

    // WORKERS (shared/api/routes.ts) is the list the local cloud polls too.
    this.jobs = Object.fromEntries(WORKERS.map((name) => [name, build(name)])) as Record<QueueName, Job>;
  }

  /** The workers, in the order of WORKERS. */
  get workers(): AppFunction[] {
    return WORKERS.map((name) => this.jobs[name].worker);
  }
}
