import { jest } from '@jest/globals';
import type { WebhookEndpointRecord } from '../../../../lambdas/adapters/dynamo/webhooks';
import type { WebhookJob } from '../../../../lambdas/jobs';
import {
  deliveryIdOf,
  emitWebhookEvent,
  queueWebhookEvent,
  setWebhookEmitter,
  webhookEventId,
} from '../../../../lambdas/usecases/webhook-events';

const endpoint = (id: string, events: string[], enabled = true): WebhookEndpointRecord => ({
  ownerId: 'user-1',
  endpointId: id,
  url: `https://hooks.example.com/${id}`,
  events,
  enabled,
  secret: 'whsec_x',
  createdAt: '2026-11-28T00:00:00.000Z',
  updatedAt: '2026-11-28T00:00:00.000Z',
});

function fakes(endpoints: WebhookEndpointRecord[]) {
  const batches: WebhookJob[][] = [];
  let reads = 0;
  return {
    batches,
    reads: () => reads,
    deps: {
      webhooks: {
        listEndpoints: async () => {
          reads++;
          return endpoints;
        },
      },
      queue: {
        enqueueMany: async (_q: string, jobs: readonly unknown[]) => void batches.push(jobs as WebhookJob[]),
      },
    },
  };
}

describe('webhook event ids', () => {
  it('are the same for the same fact, whenever and however often it is emitted', () => {
    const a = webhookEventId('user-1', 'recipient.signed', { docuId: 'd1', recipientIndex: 0 });
    expect(a).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(webhookEventId('user-1', 'recipient.signed', { docuId: 'd1', recipientIndex: 0 })).toBe(a);
  });

  it('differ for another account, type, document, recipient or file', () => {
    const base = { docuId: 'd1', recipientIndex: 0 };
    const a = webhookEventId('user-1', 'recipient.signed', base);
    expect(webhookEventId('user-2', 'recipient.signed', base)).not.toBe(a);
    expect(webhookEventId('user-1', 'recipient.viewed', base)).not.toBe(a);
    expect(webhookEventId('user-1', 'recipient.signed', { ...base, docuId: 'd2' })).not.toBe(a);
    expect(webhookEventId('user-1', 'recipient.signed', { ...base, recipientIndex: 1 })).not.toBe(a);
    expect(webhookEventId('user-1', 'document.sent', { docuId: 'd1' })).not.toBe(
      webhookEventId('user-1', 'document.sent', { docuId: 'd1', recipientIndex: 0 }),
    );
    const video = { docuId: 'd1', recipientIndex: 0, sha256: 'a'.repeat(64) };
    expect(webhookEventId('user-1', 'video.recorded', video)).not.toBe(
      webhookEventId('user-1', 'video.recorded', { ...video, sha256: 'b'.repeat(64) }),
    );
  });

  it('order the log by the event time', () => {
    expect(deliveryIdOf(new Date(1_700_000_000_123), 'msg_ab')).toBe('1700000000123-msg_ab');
  });
});

describe('queueWebhookEvent', () => {
  it('reads the endpoints once and queues one job per enabled, subscribed endpoint in one batch', async () => {
    const f = fakes([
      endpoint('wh_a', ['recipient.signed', 'document.sent']),
      endpoint('wh_b', ['document.sent']),
      endpoint('wh_c', ['recipient.signed'], false),
      endpoint('wh_d', ['recipient.signed']),
    ]);
    const at = new Date('2026-11-28T10:00:00.000Z');
    const n = await queueWebhookEvent(
      f.deps,
      'user-1',
      'recipient.signed',
      { docuId: 'd1', recipientIndex: 1 },
      at,
    );
    expect(n).toBe(2);
    expect(f.reads()).toBe(1);
    expect(f.batches).toHaveLength(1);
    const jobs = f.batches[0]!;
    expect(jobs.map((j) => j.endpointId)).toEqual(['wh_a', 'wh_d']);
    const msgId = webhookEventId('user-1', 'recipient.signed', { docuId: 'd1', recipientIndex: 1 });
    for (const j of jobs) {
      expect(j).toEqual({
        ownerId: 'user-1',
        endpointId: j.endpointId,
        deliveryId: `${at.getTime()}-${msgId}`,
        msgId,
        type: 'recipient.signed',
        body: JSON.stringify({
          type: 'recipient.signed',
          timestamp: '2026-11-28T10:00:00.000Z',
          data: { docuId: 'd1', recipientIndex: 1 },
        }),
      });
    }
  });

  it('queues nothing when no endpoint wants the event', async () => {
    const f = fakes([endpoint('wh_a', ['document.sent'])]);
    expect(await queueWebhookEvent(f.deps, 'user-1', 'document.expired', { docuId: 'd1' })).toBe(0);
    expect(f.batches).toHaveLength(0);
  });
});

describe('emitWebhookEvent', () => {
  afterEach(() => setWebhookEmitter(undefined));

  it('does nothing without an emitter, and never throws when the emitter fails', async () => {
    await expect(emitWebhookEvent('user-1', 'document.sent', { docuId: 'd1' })).resolves.toBeUndefined();
    const lines: string[] = [];
    const write = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    try {
      setWebhookEmitter(async () => {
        throw new Error('queue down');
      });
      await expect(emitWebhookEvent('user-1', 'document.sent', { docuId: 'd1' })).resolves.toBeUndefined();
    } finally {
      write.mockRestore();
    }
    const logged = lines.join('');
    expect(logged).toContain('could not queue a webhook event');
    expect(logged).toContain('d1');
  });

  it('hands the event to the emitter', async () => {
    const seen: unknown[] = [];
    setWebhookEmitter(async (...args) => {
      seen.push(args);
      return 1;
    });
    await emitWebhookEvent('user-1', 'document.completed', { docuId: 'd1', sha256: 'f'.repeat(64) });
    expect(seen).toEqual([['user-1', 'document.completed', { docuId: 'd1', sha256: 'f'.repeat(64) }]]);
  });
});
