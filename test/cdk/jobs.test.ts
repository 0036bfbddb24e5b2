import { Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { Jobs } from '../../lib/constructs/jobs.js';
import { DLQ_RETENTION_SECONDS, QUEUES } from '../../shared/infra/definitions.js';
import { notifyRequeueDelaySeconds } from '../../lambdas/usecases/sweep.js';
import { WORKERS } from '../../shared/api/routes.js';
import { cleanup, logicalIdOf, testApp } from './support.js';

afterAll(cleanup);

const stack = new Stack(testApp(), 'JobsTest');
const jobs = new Jobs(stack, 'Jobs', { queues: QUEUES });
const template = Template.fromStack(stack);

describe.each(WORKERS.map((name) => [name]))('the %s job', (name) => {
  const def = QUEUES[name];
  const job = jobs.jobs[name];
  const queueId = () => logicalIdOf(job.queue);
  const dlqId = () => logicalIdOf(job.deadLetterQueue);

  test('moves a message to its own dead-letter queue after the configured number of receives', () => {
    const queue = template.toJSON().Resources[queueId()];
    expect(queue.Properties.RedrivePolicy).toEqual({
      deadLetterTargetArn: { 'Fn::GetAtt': [dlqId(), 'Arn'] },
      maxReceiveCount: def.maxReceiveCount,
    });
    expect(queue.Properties.VisibilityTimeout).toBe(def.visibilityTimeoutSeconds);
  });

  test('keeps dead letters for the configured retention', () => {
    const dlq = template.toJSON().Resources[dlqId()];
    expect(dlq.Properties.MessageRetentionPeriod).toBe(DLQ_RETENTION_SECONDS);
    expect(dlq.Properties.RedrivePolicy).toBeUndefined();
  });

  test('encrypts both queues with SQS-managed keys and refuses requests without TLS', () => {
    for (const id of [queueId(), dlqId()]) {
      expect(template.toJSON().Resources[id].Properties.SqsManagedSseEnabled).toBe(true);
      template.hasResourceProperties('AWS::SQS::QueuePolicy', {
        Queues: [{ Ref: id }],
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({
              Effect: 'Deny',
              Action: 'sqs:*',
              Condition: { Bool: { 'aws:SecureTransport': 'false' } },
            }),
          ]),
        },
      });
    }
  });

  test('feeds its worker batches of the configured size and lets it report partial failures', () => {
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: { 'Fn::GetAtt': [queueId(), 'Arn'] },
      FunctionName: { Ref: logicalIdOf(job.worker) },
      BatchSize: def.batchSize,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
  });

  test('runs lambdas/workers/<name>.ts with the configured timeout and memory', () => {
    const fn = template.toJSON().Resources[logicalIdOf(job.worker)];
    expect(fn.Properties.Timeout).toBe(def.workerTimeoutSeconds);
    expect(fn.Properties.MemorySize).toBe(def.workerMemoryMb);
    expect(fn.Properties.Description).toContain(`lambdas/workers/${name}.ts`);
  });

  test('raises an alarm as soon as its dead-letter queue holds a message', () => {
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [dlqId(), 'QueueName'] } }],
      Threshold: 0,
      ComparisonOperator: 'GreaterThanThreshold',
    });
  });
});

test('a dead-lettered notification waits in its DLQ at least one alarm period before the sweep re-queues it (issue #36)', () => {
  const dlqId = logicalIdOf(jobs.jobs.notify.deadLetterQueue);
  const alarm = Object.values(template.findResources('AWS::CloudWatch::Alarm')).find((a) =>
    JSON.stringify(a.Properties.Dimensions).includes(dlqId),
  )!;
  expect(alarm.Properties.Statistic).toBe('Maximum');
  // Deployed, the sweep's minimum age is 300 s (lambdas/config.ts): the first re-queue comes this long
  // after the job was sent; the queue's own tries take maxReceiveCount visibility timeouts of that.
  const tries = QUEUES.notify.maxReceiveCount * QUEUES.notify.visibilityTimeoutSeconds;
  expect(notifyRequeueDelaySeconds(300, 0) - tries).toBeGreaterThanOrEqual(alarm.Properties.Period);
});

test('there is one queue and one dead-letter queue per worker, and nothing else', () => {
  template.resourceCountIs('AWS::SQS::Queue', WORKERS.length * 2);
  template.resourceCountIs('AWS::Lambda::EventSourceMapping', WORKERS.length);
});

test('a queue whose visibility timeout does not exceed its worker timeout is refused', () => {
  const broken = {
    ...QUEUES,
    seal: { ...QUEUES.seal, visibilityTimeoutSeconds: QUEUES.seal.workerTimeoutSeconds },
  };
  expect(() => new Jobs(new Stack(testApp(), 'Broken'), 'Jobs', { queues: broken })).toThrow(
    /visibility timeout/,
  );
});
