import { jest } from '@jest/globals';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { z } from 'zod';
import { setJobFailureRecorder, sqsWorker, type JobContext } from '../../../../lambdas/core/worker';
import { AppError } from '../../../../lambdas/core/errors';
import { captureLogs, lambdaContext } from '../support';

function record(messageId: string, body: string, receiveCount = '1'): SQSRecord {
  return {
    messageId,
    receiptHandle: `rh-${messageId}`,
    body,
    attributes: {
      ApproximateReceiveCount: receiveCount,
      SentTimestamp: '0',
      SenderId: 'sender',
      ApproximateFirstReceiveTimestamp: '0',
    },
    messageAttributes: {},
    md5OfBody: '',
    eventSource: 'aws:sqs',
    eventSourceARN: 'arn:aws:sqs:us-east-1:123456789012:notify',
    awsRegion: 'us-east-1',
  };
}

const jobSchema = z.object({ docuId: z.string().min(1) });

let logs: ReturnType<typeof captureLogs>;
beforeEach(() => {
  logs = captureLogs();
});
afterEach(() => logs.restore());

describe('an SQS worker', () => {
  it('reports exactly the failed records of a batch, so only they are retried', async () => {
    const handled: string[] = [];
    const worker = sqsWorker('seal', jobSchema, async (job) => {
      if (job.docuId === 'explodes') throw new Error('handler failed');
      handled.push(job.docuId);
    });
    const event: SQSEvent = {
      Records: [
        record('m-not-json', 'not json'),
        record('m-bad-schema', JSON.stringify({ docuId: '' })),
        record('m-throws', JSON.stringify({ docuId: 'explodes' })),
        record('m-ok', JSON.stringify({ docuId: 'doc-1' })),
      ],
    };

    const res = await worker(event, lambdaContext());

    expect(res.batchItemFailures).toEqual([
      { itemIdentifier: 'm-not-json' },
      { itemIdentifier: 'm-bad-schema' },
      { itemIdentifier: 'm-throws' },
    ]);
    expect(handled).toEqual(['doc-1']);
  });

  it('reports no failures when every record is handled', async () => {
    const worker = sqsWorker('seal', jobSchema, async () => undefined);

    const res = await worker(
      { Records: [record('m-1', '{"docuId":"a"}'), record('m-2', '{"docuId":"b"}')] },
      lambdaContext(),
    );

    expect(res.batchItemFailures).toEqual([]);
  });

  it('tells the handler which delivery attempt this is', async () => {
    const handle = jest.fn(async (_job: z.infer<typeof jobSchema>, _ctx: JobContext) => undefined);
    const worker = sqsWorker('seal', jobSchema, handle);

    await worker({ Records: [record('m-1', '{"docuId":"a"}', '3')] }, lambdaContext());

    expect(handle).toHaveBeenCalledTimes(1);
    expect(handle.mock.calls[0]![1].attempt).toBe(3);
  });

  it('logs a failed job at error with its queue, message id and attempt', async () => {
    const worker = sqsWorker('seal', jobSchema, async () => {
      throw new Error('handler failed');
    });

    await worker({ Records: [record('m-1', '{"docuId":"a"}', '2')] }, lambdaContext('aws-req-9'));

    expect(logs.entries()).toContainEqual(
      expect.objectContaining({
        level: 'error',
        queue: 'seal',
        messageId: 'm-1',
        attempt: 2,
        requestId: 'aws-req-9',
      }),
    );
  });

  it('records the error code of each failure for the admin Jobs page, never the body, and survives a recorder that fails', async () => {
    const recorded: unknown[] = [];
    setJobFailureRecorder(async (failure) => {
      recorded.push(failure);
      if (failure.messageId === 'm-throws') throw new Error('table down');
    });
    try {
      const worker = sqsWorker('notify', jobSchema, async (job) => {
        if (job.docuId === 'app') throw new AppError('errors.unavailable', 'down');
        const err = new Error('slow');
        err.name = 'TimeoutError';
        throw err;
      });
      const res = await worker(
        {
          Records: [
            record('m-not-json', 'secret@example.com'),
            record('m-bad-schema', JSON.stringify({ docuId: '', to: 'secret@example.com' })),
            record('m-app', JSON.stringify({ docuId: 'app' }), '3'),
            record('m-throws', JSON.stringify({ docuId: 'x' })),
          ],
        },
        lambdaContext(),
      );
      expect(res.batchItemFailures).toHaveLength(4);
      expect(recorded).toEqual([
        { queue: 'notify', messageId: 'm-not-json', code: 'jobNotJson', attempt: 1 },
        { queue: 'notify', messageId: 'm-bad-schema', code: 'jobInvalid', attempt: 1 },
        { queue: 'notify', messageId: 'm-app', code: 'errors.unavailable', attempt: 3 },
        { queue: 'notify', messageId: 'm-throws', code: 'TimeoutError', attempt: 1 },
      ]);
      expect(JSON.stringify(recorded)).not.toContain('secret@example.com');
      expect(logs.entries()).toContainEqual(
        expect.objectContaining({ level: 'warn', msg: 'could not record the job failure' }),
      );
    } finally {
      setJobFailureRecorder(undefined);
    }
  });
});
