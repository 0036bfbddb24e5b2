import type { IdempotencyStore } from '../../../../lambdas/adapters/dynamo/repository';
import type { NotifyJob } from '../../../../lambdas/jobs';
import type { Mailer, ObjectStorage, OutgoingMail, SmsSender } from '../../../../lambdas/ports';
import { deliverNotification, type NotifyDeps } from '../../../../lambdas/usecases/notify';
import { QUEUES } from '../../../../shared/infra/definitions';
import { silentLog } from '../support';

class InMemoryIdempotency implements IdempotencyStore {
  readonly claimed = new Set<string>();
  readonly leases: (number | undefined)[] = [];

  async claim(key: string, _ttlSeconds: number, leaseSeconds?: number) {
    this.leases.push(leaseSeconds);
    if (this.claimed.has(key)) return false;
    this.claimed.add(key);
    return true;
  }

  readonly completed = new Set<string>();

  async complete(key: string) {
    this.completed.add(key);
  }

  async release(key: string) {
    this.claimed.delete(key);
  }
}

class RecordingMailer implements Mailer {
  readonly sent: OutgoingMail[] = [];
  failNext = false;

  async check() {}

  async send(mail: OutgoingMail) {
    if (this.failNext) {
      this.failNext = false;
      throw new Error('SES throttled');
    }
    this.sent.push(mail);
    return { messageId: `m-${this.sent.length}` };
  }
}

class RecordingSms implements SmsSender {
  readonly sent: { to: string; text: string }[] = [];
  async check() {}
  async send(to: string, text: string) {
    this.sent.push({ to, text });
    return { messageId: 'sms-1' };
  }
}

function storageWith(objects: Record<string, Uint8Array>): ObjectStorage {
  const unused = async (): Promise<never> => {
    throw new Error('not used by notifications');
  };
  return {
    check: async () => undefined,
    getBytes: async (key) => {
      const bytes = objects[key];
      if (!bytes) throw new Error(`NoSuchKey ${key}`);
      return bytes;
    },
    presignUpload: unused,
    presignDownload: unused,
    head: unused,
    put: unused,
    deleteMany: unused,
  };
}

function deps(storage = storageWith({})) {
  const d = {
    mailer: new RecordingMailer(),
    sms: new RecordingSms(),
    storage,
    idempotency: new InMemoryIdempotency(),
  };
  return d satisfies NotifyDeps;
}

const EMAIL: NotifyJob = {
  kind: 'email',
  idempotencyKey: 'invite#doc-1#hanako',
  to: ['hanako@example.com'],
  subject: 'Please sign',
  text: 'Your contract is ready.',
};

describe('delivering a notification', () => {
  it('sends an e-mail once and reports it sent', async () => {
    const d = deps();

    await expect(deliverNotification(d, EMAIL, silentLog)).resolves.toBe('sent');

    expect(d.mailer.sent).toEqual([
      expect.objectContaining({ to: ['hanako@example.com'], subject: 'Please sign' }),
    ]);
  });

  it('does not send twice for the same idempotency key', async () => {
    const d = deps();
    await deliverNotification(d, EMAIL, silentLog);

    const second = await deliverNotification(d, { ...EMAIL, subject: 'retried' }, silentLog);

    expect(second).toBe('duplicate');
    expect(d.mailer.sent).toHaveLength(1);
  });

  it('holds its claim for longer than the worker runs but shorter than SQS hides the message', async () => {
    // A worker killed mid-send: SQS delivers the message again after the visibility timeout, and the
    // retry must find the claim's lease over (else it skips the mail as a duplicate and it is lost).
    const d = deps();
    await deliverNotification(d, EMAIL, silentLog);
    const [lease] = d.idempotency.leases;
    expect(lease).toBeGreaterThan(QUEUES.notify.workerTimeoutSeconds);
    expect(lease).toBeLessThan(QUEUES.notify.visibilityTimeoutSeconds);
  });

  it('gives the key back when sending fails, so the retry sends', async () => {
    const d = deps();
    d.mailer.failNext = true;

    await expect(deliverNotification(d, EMAIL, silentLog)).rejects.toThrow('SES throttled');
    expect(d.idempotency.claimed.size).toBe(0);

    await expect(deliverNotification(d, EMAIL, silentLog)).resolves.toBe('sent');
    expect(d.mailer.sent).toHaveLength(1);
  });

  it('attaches files read from storage by their key', async () => {
    const pdf = new Uint8Array([37, 80, 68, 70]);
    const d = deps(storageWith({ 'sealed/doc-1.pdf': pdf }));

    await deliverNotification(
      d,
      {
        ...EMAIL,
        attachments: [{ filename: '契約書.pdf', contentType: 'application/pdf', key: 'sealed/doc-1.pdf' }],
      },
      silentLog,
    );

    expect(d.mailer.sent[0]!.attachments).toEqual([
      { filename: '契約書.pdf', contentType: 'application/pdf', content: pdf },
    ]);
  });

  it('sends an SMS job as a text message', async () => {
    const d = deps();

    await deliverNotification(
      d,
      { kind: 'sms', idempotencyKey: 'otp#doc-1#1', to: '+819012345678', text: 'Code 123456' },
      silentLog,
    );

    expect(d.sms.sent).toEqual([{ to: '+819012345678', text: 'Code 123456' }]);
    expect(d.mailer.sent).toEqual([]);
  });
});
