// The sweep's second duty (issue #36): notifications the notify queue dead-lettered go back to their
// queue with their body unchanged (the same idempotency key), once they have waited long enough, at
// most NOTIFY_SWEEP_MAX_REQUEUES times each; unreadable ones stay for an operator.
import type { DeadLetterQueue, HeldDeadLetter } from '../../../../lambdas/adapters/sqs-dead-letters';
import {
  NOTIFY_SWEEP_MAX_REQUEUES,
  notifyRequeueDelaySeconds,
  sweep,
  type SweepDeps,
} from '../../../../lambdas/usecases/sweep';
import { silentLog } from '../support';

const NOW = Date.parse('2026-11-27T12:00:00Z');
const LIMITS = { minAgeSeconds: 300, maxPerRun: 25 };

/** A dead-letter queue in memory: receive hides, release shows, requeue moves to `sent`. */
class MemoryDeadLetters implements DeadLetterQueue {
  readonly visible: HeldDeadLetter[] = [];
  readonly hidden = new Map<string, HeldDeadLetter>();
  readonly sent: { body: string; requeues: number }[] = [];

  add(body: unknown, sentSecondsAgo: number, requeues = 0): HeldDeadLetter {
    const m = {
      messageId: `m${this.visible.length + this.hidden.size + 1}`,
      body: typeof body === 'string' ? body : JSON.stringify(body),
      receiptHandle: `r-${Math.random()}`,
      sentAt: NOW - sentSecondsAgo * 1000,
      requeues,
    };
    this.visible.push(m);
    return m;
  }

  async receive(max: number): Promise<HeldDeadLetter[]> {
    const batch = this.visible.splice(0, Math.min(10, max));
    for (const m of batch) this.hidden.set(m.messageId, m);
    return batch;
  }

  async requeue(m: HeldDeadLetter): Promise<void> {
    this.hidden.delete(m.messageId);
    this.sent.push({ body: m.body, requeues: m.requeues + 1 });
  }

  async release(m: HeldDeadLetter): Promise<void> {
    this.hidden.delete(m.messageId);
    this.visible.push(m);
  }
}

function deps(dlq: DeadLetterQueue): SweepDeps {
  return {
    docs: { getDocument: async () => null },
    seals: {
      listSweepMarkers: async () => [],
      deleteSweepMarker: async () => undefined,
      listDueRenewals: async () => [],
    },
    queue: {
      check: async () => undefined,
      enqueue: async () => {
        throw new Error('the sweep re-queues notifications through the dead-letter queue');
      },
    },
    notifyDeadLetters: dlq,
    now: () => new Date(NOW),
  };
}

const mail = (key: string, docuId?: string) => ({
  kind: 'email',
  idempotencyKey: key,
  ...(docuId ? { docuId } : {}),
  to: ['party@example.com'],
  subject: 'Signature request',
  text: 'Please sign.',
});

describe('the sweep and the notify dead-letter queue', () => {
  it('sends a due notification back unchanged, counting the re-queue, and leaves young ones visible', async () => {
    const dlq = new MemoryDeadLetters();
    const due = dlq.add(mail('completion#doc1#a@example.com', 'doc1'), 601);
    dlq.add(mail('completion#doc1#b@example.com', 'doc1'), 599);
    dlq.add({ kind: 'sms', idempotencyKey: 'sign-request#doc2#1', to: '+819012345678', text: 'Sign' }, 3600);
    const report = await sweep(deps(dlq), LIMITS, silentLog);
    expect(report.notify).toBe(2);
    expect(dlq.sent.map((s) => s.body).sort()).toEqual(
      [
        due.body,
        JSON.stringify({
          kind: 'sms',
          idempotencyKey: 'sign-request#doc2#1',
          to: '+819012345678',
          text: 'Sign',
        }),
      ].sort(),
    );
    expect(dlq.sent.every((s) => s.requeues === 1)).toBe(true);
    // The young one is still in the DLQ, visible (the Jobs page and the alarm see it).
    expect(dlq.visible.map((m) => JSON.parse(m.body).idempotencyKey)).toEqual([
      'completion#doc1#b@example.com',
    ]);
    expect(dlq.hidden.size).toBe(0);
  });

  it('waits twice as long after each re-queue, and stops after the last one', async () => {
    expect(notifyRequeueDelaySeconds(300, 0)).toBe(600);
    expect(notifyRequeueDelaySeconds(300, 1)).toBe(1200);
    expect(notifyRequeueDelaySeconds(60, 2)).toBe(480);
    const dlq = new MemoryDeadLetters();
    dlq.add(mail('k-once-requeued'), 1199, 1);
    dlq.add(mail('k-twice-requeued'), 2401, 2);
    dlq.add(mail('k-exhausted'), 10 * 24 * 3600, NOTIFY_SWEEP_MAX_REQUEUES);
    const report = await sweep(deps(dlq), LIMITS, silentLog);
    expect(report.notify).toBe(1);
    expect(dlq.sent).toEqual([{ body: JSON.stringify(mail('k-twice-requeued')), requeues: 3 }]);
    expect(dlq.visible.map((m) => JSON.parse(m.body).idempotencyKey).sort()).toEqual([
      'k-exhausted',
      'k-once-requeued',
    ]);
  });

  it('never re-queues a message that is not a notification job', async () => {
    const dlq = new MemoryDeadLetters();
    dlq.add('not json', 3600);
    dlq.add({ kind: 'fax', idempotencyKey: 'fax-000001' }, 3600);
    expect((await sweep(deps(dlq), LIMITS, silentLog)).notify).toBe(0);
    expect(dlq.sent).toEqual([]);
    expect(dlq.visible).toHaveLength(2);
  });

  it('re-queues at most maxPerRun a run, reading past the first batch', async () => {
    const dlq = new MemoryDeadLetters();
    for (let i = 0; i < 30; i++) dlq.add(mail(`key-${String(i).padStart(4, '0')}`), 3600);
    expect((await sweep(deps(dlq), { ...LIMITS, maxPerRun: 12 }, silentLog)).notify).toBe(12);
    expect(dlq.visible).toHaveLength(18);
    expect(dlq.hidden.size).toBe(0);
    expect((await sweep(deps(dlq), { ...LIMITS, maxPerRun: 0 }, silentLog)).notify).toBe(0);
  });

  it('without the dead-letter queue (not configured), re-queues nothing and reports 0', async () => {
    const { notifyDeadLetters: _unused, ...without } = deps(new MemoryDeadLetters());
    expect((await sweep(without, LIMITS, silentLog)).notify).toBe(0);
  });
});
