import { GetQueueAttributesCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { mockClient } from 'aws-sdk-client-mock';
import { SqsJobQueue } from '../../../../lambdas/adapters/sqs-queue';

const sqsMock = mockClient(SQSClient);
const URLS = {
  seal: 'https://sqs.us-east-1.amazonaws.com/1/seal',
  anchor: 'https://sqs.us-east-1.amazonaws.com/1/anchor',
  notify: 'https://sqs.us-east-1.amazonaws.com/1/notify',
  bulk: 'https://sqs.us-east-1.amazonaws.com/1/bulk',
  schedule: 'https://sqs.us-east-1.amazonaws.com/1/schedule',
  webhook: 'https://sqs.us-east-1.amazonaws.com/1/webhook',
};
const queue = () => new SqsJobQueue(new SQSClient({ region: 'us-east-1' }), URLS);

beforeEach(() => sqsMock.reset());

describe('the SQS job queue', () => {
  it("enqueues a job as JSON on its worker's queue", async () => {
    sqsMock.on(SendMessageCommand).resolves({ MessageId: 'sqs-1' });

    const res = await queue().enqueue('notify', { kind: 'sms', to: '+819012345678' }, { delaySeconds: 5 });

    expect(res).toEqual({ messageId: 'sqs-1' });
    const input = sqsMock.commandCalls(SendMessageCommand)[0]!.args[0].input;
    expect(input.QueueUrl).toBe(URLS.notify);
    expect(JSON.parse(input.MessageBody!)).toEqual({ kind: 'sms', to: '+819012345678' });
    expect(input.DelaySeconds).toBe(5);
  });

  it('checks that every queue answers', async () => {
    sqsMock.on(GetQueueAttributesCommand).resolves({ Attributes: { QueueArn: 'arn' } });

    await queue().check();

    const checked = sqsMock.commandCalls(GetQueueAttributesCommand).map((c) => c.args[0].input.QueueUrl);
    expect(checked.sort()).toEqual([
      URLS.anchor,
      URLS.bulk,
      URLS.notify,
      URLS.schedule,
      URLS.seal,
      URLS.webhook,
    ]);
  });

  it('is unhealthy when a queue does not answer', async () => {
    sqsMock.on(GetQueueAttributesCommand).resolves({});
    sqsMock.on(GetQueueAttributesCommand, { QueueUrl: URLS.anchor }).rejects(new Error('QueueDoesNotExist'));

    await expect(queue().check()).rejects.toThrow('QueueDoesNotExist');
  });
});
