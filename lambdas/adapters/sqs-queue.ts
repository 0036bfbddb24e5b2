import { GetQueueAttributesCommand, SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import type { WorkerName } from '../../shared/api/routes';
import type { JobQueue } from '../ports';

export class SqsJobQueue implements JobQueue {
  constructor(
    private readonly client: SQSClient,
    private readonly urls: Record<WorkerName, string>,
  ) {}

  async check(): Promise<void> {
    for (const url of Object.values(this.urls)) {
      await this.client.send(new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: ['QueueArn'] }));
    }
  }

  async enqueue(
    queue: WorkerName,
    job: unknown,
    options: { delaySeconds?: number } = {},
  ): Promise<{ messageId: string }> {
    const res = await this.client.send(
      new SendMessageCommand({
        QueueUrl: this.urls[queue],
        MessageBody: JSON.stringify(job),
        DelaySeconds: options.delaySeconds,
      }),
    );
    return { messageId: res.MessageId ?? '' };
  }
}
