// Queues → pollers → worker handlers → SES/SNS emulators, as the deployed event source mappings do.
import { randomUUID } from 'node:crypto';
import { ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { getDeps } from '../../lambdas/deps';
import { env, eventually, mailbox } from '../support/cloud-client';

const queue = () => getDeps().queue;

describe('the notify queue', () => {
  it('delivers an e-mail job to the mailbox, with its attachment read from the documents bucket', async () => {
    const subject = `Signature request ${randomUUID()}`;
    const key = `test/${randomUUID()}/note.txt`;
    await getDeps().storage.put(key, 'attached evidence', 'text/plain');
    await queue().enqueue('notify', {
      kind: 'email',
      idempotencyKey: randomUUID(),
      to: ['signer@example.com'],
      subject,
      text: 'Please sign the contract.',
      html: '<p>Please sign the contract.</p>',
      attachments: [{ filename: 'note.txt', contentType: 'text/plain', key }],
    });
    const mail = await eventually(
      async () => (await mailbox()).find((m) => m.subject === subject),
      20000,
      'the e-mail',
    );
    expect(mail.destination.to).toEqual(['signer@example.com']);
    expect(mail.from).toContain('no-reply@signseal.local');
    expect(mail.body.text).toContain('Please sign the contract.');
    expect(mail.attachments.map((a) => a.filename)).toEqual(['note.txt']);
  });

  it('sends a retried job (same idempotency key) only once', async () => {
    const subject = `Once only ${randomUUID()}`;
    const job = {
      kind: 'email',
      idempotencyKey: randomUUID(),
      to: ['once@example.com'],
      subject,
      text: 'hello',
    };
    await queue().enqueue('notify', job);
    await queue().enqueue('notify', job);
    await eventually(async () => (await mailbox()).find((m) => m.subject === subject), 20000, 'the e-mail');
    await new Promise((r) => setTimeout(r, 2500));
    expect((await mailbox()).filter((m) => m.subject === subject)).toHaveLength(1);
  });

  it('writes an SMS to the local mailbox, since the SNS emulator cannot deliver SMS', async () => {
    const text = `Your signing link ${randomUUID()}`;
    await queue().enqueue('notify', { kind: 'sms', idempotencyKey: randomUUID(), to: '+819012345678', text });
    const sms = await eventually(
      async () => (await mailbox()).find((m) => m.body.text?.includes(text)),
      20000,
      'the SMS',
    );
    expect(sms.destination.to).toEqual(['+819012345678@sms.local']);
    expect(sms.subject).toBe('SMS to +819012345678');
  });

  it('moves a job that can never succeed to the dead-letter queue after its retries', async () => {
    const marker = randomUUID();
    await queue().enqueue('notify', { kind: 'fax', idempotencyKey: marker });
    const dlqUrl = (JSON.parse(env('TEST_DLQ_URLS')) as Record<string, string>).notify!;
    const sqs = new SQSClient({
      region: 'us-east-1',
      endpoint: env('AWS_ENDPOINT_URL_SQS'),
      useQueueUrlAsEndpoint: false,
    });
    const found = await eventually(
      async () => {
        const res = await sqs.send(
          // Peek without hiding: the admin tests read and redrive the same dead-letter queue.
          new ReceiveMessageCommand({
            QueueUrl: dlqUrl,
            MaxNumberOfMessages: 10,
            WaitTimeSeconds: 1,
            VisibilityTimeout: 0,
          }),
        );
        return res.Messages?.find((m) => m.Body?.includes(marker));
      },
      // A redrive by the admin tests sends it round its retries once more: allow for that.
      120000,
      'the dead-lettered job',
    );
    expect(JSON.parse(found.Body!).kind).toBe('fax');
  }, 150000);
});
