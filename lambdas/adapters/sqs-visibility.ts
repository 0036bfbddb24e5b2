import { ChangeMessageVisibilityCommand, type SQSClient } from '@aws-sdk/client-sqs';

/** Hides a received message for `seconds` (≤ 12 h, SQS's cap): its next delivery is then. The worker's
 *  own backoff (webhook deliveries, issue #31); Lambda's event source leaves a failed message's
 *  visibility as it is, so the message comes back when this runs out. */
export function messageHider(client: SQSClient, queueUrl: string, receiptHandle: string) {
  return async (seconds: number): Promise<void> => {
    await client.send(
      new ChangeMessageVisibilityCommand({
        QueueUrl: queueUrl,
        ReceiptHandle: receiptHandle,
        VisibilityTimeout: Math.max(0, Math.min(12 * 3600, Math.round(seconds))),
      }),
    );
  };
}
