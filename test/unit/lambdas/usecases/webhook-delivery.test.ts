import type {
  WebhookAttempt,
  WebhookDeliveryRecord,
  WebhookEndpointRecord,
} from '../../../../lambdas/adapters/dynamo/webhooks';
import type { WebhookPostResult } from '../../../../lambdas/adapters/webhook-sender';
import { signWebhook } from '../../../../lambdas/core/webhook-signature';
import type { WebhookJob } from '../../../../lambdas/jobs';
import { deliverWebhook } from '../../../../lambdas/usecases/webhook-delivery';

const NOW = new Date('2026-11-28T10:00:00.000Z');
const CURRENT = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const PREVIOUS = 'whsec_' + Buffer.alloc(32, 7).toString('base64');

const JOB: WebhookJob = {
  ownerId: 'user-1',
  endpointId: 'wh_1',
  deliveryId: `${NOW.getTime()}-msg_0123456789abcdef`,
  msgId: 'msg_0123456789abcdef',
  type: 'document.sent',
  body: '{"type":"document.sent","timestamp":"2026-11-28T10:00:00.000Z","data":{"docuId":"d1"}}',
};

function setup(options: {
  endpoint?: Partial<WebhookEndpointRecord> | null;
  answer?: WebhookPostResult;
  existing?: Partial<WebhookDeliveryRecord>;
}) {
  const endpoint: WebhookEndpointRecord | null =
    options.endpoint === null
      ? null
      : {
          ownerId: 'user-1',
          endpointId: 'wh_1',
          url: 'https://hooks.example.com/in',
          events: ['document.sent'],
          enabled: true,
          secret: CURRENT,
          createdAt: NOW.toISOString(),
          updatedAt: NOW.toISOString(),
          ...options.endpoint,
        };
  const posts: { url: string; headers: Record<string, string>; body: string }[] = [];
  const attempts: WebhookAttempt[] = [];
  const hidden: number[] = [];
  const deps = {
    webhooks: {
      getEndpoint: async () => endpoint,
      ensureDelivery: async (r: WebhookDeliveryRecord) => ({ ...r, ...options.existing }),
      recordAttempt: async (_e: string, _d: string, a: WebhookAttempt) => void attempts.push(a),
    },
    sender: {
      post: async (url: string, headers: Record<string, string>, body: string) => {
        posts.push({ url, headers, body });
        return options.answer ?? { status: 200, latencyMs: 12 };
      },
    },
    retryAfter: async (s: number) => void hidden.push(s),
    retryScale: 1,
  };
  return { deps, posts, attempts, hidden };
}

describe('deliverWebhook', () => {
  it('POSTs the body signed with the current secret at the attempt’s time and logs a 2xx as delivered', async () => {
    const s = setup({});
    expect(await deliverWebhook(s.deps, JOB, 1, () => NOW)).toBe('delivered');
    const ts = Math.floor(NOW.getTime() / 1000);
    expect(s.posts).toEqual([
      {
        url: 'https://hooks.example.com/in',
        body: JOB.body,
        headers: {
          'webhook-id': JOB.msgId,
          'webhook-timestamp': String(ts),
          'webhook-signature': signWebhook(CURRENT, JOB.msgId, ts, JOB.body),
        },
      },
    ]);
    expect(s.attempts).toEqual([
      { at: NOW.toISOString(), statusCode: 200, latencyMs: 12, status: 'delivered' },
    ]);
    expect(s.hidden).toEqual([]);
  });

  it('signs with both secrets during the overlap, the new one first, and with the new one after it', async () => {
    const until = new Date(NOW.getTime() + 3600_000).toISOString();
    const during = setup({ endpoint: { previousSecret: PREVIOUS, previousSecretUntil: until } });
    await deliverWebhook(during.deps, JOB, 1, () => NOW);
    const ts = Math.floor(NOW.getTime() / 1000);
    expect(during.posts[0]!.headers['webhook-signature']).toBe(
      `${signWebhook(CURRENT, JOB.msgId, ts, JOB.body)} ${signWebhook(PREVIOUS, JOB.msgId, ts, JOB.body)}`,
    );
    const later = new Date(NOW.getTime() + 3600_000);
    const after = setup({ endpoint: { previousSecret: PREVIOUS, previousSecretUntil: until } });
    await deliverWebhook(after.deps, JOB, 1, () => later);
    expect(after.posts[0]!.headers['webhook-signature']!.split(' ')).toHaveLength(1);
  });

  it('on a non-2xx hides the message for the next step of the schedule and fails the attempt', async () => {
    for (const [attempt, wait] of [
      [1, 5],
      [2, 30],
      [3, 120],
      [10, 28800],
    ] as const) {
      const s = setup({ answer: { status: 500, latencyMs: 40 } });
      await expect(deliverWebhook(s.deps, JOB, attempt, () => NOW)).rejects.toMatchObject({
        code: 'webhooks.errors.deliveryFailed',
      });
      expect(s.hidden).toEqual([wait]);
      expect(s.attempts).toEqual([
        {
          at: NOW.toISOString(),
          statusCode: 500,
          latencyMs: 40,
          status: 'pending',
          nextAttemptAt: new Date(NOW.getTime() + wait * 1000).toISOString(),
        },
      ]);
    }
  });

  it('after the 11th attempt logs it failed and lets the queue dead-letter it at once', async () => {
    const s = setup({ answer: { status: 0, latencyMs: 10000, error: 'timeout' } });
    await expect(deliverWebhook(s.deps, JOB, 11, () => NOW)).rejects.toMatchObject({
      code: 'webhooks.errors.deliveryFailed',
    });
    expect(s.hidden).toEqual([0]);
    expect(s.attempts).toEqual([
      { at: NOW.toISOString(), statusCode: 0, latencyMs: 10000, error: 'timeout', status: 'failed' },
    ]);
  });

  it('treats a redirect and an address the guard refused as failures', async () => {
    for (const answer of [
      { status: 302, latencyMs: 3 },
      { status: 0, latencyMs: 0, error: 'blocked' as const },
    ]) {
      const s = setup({ answer });
      await expect(deliverWebhook(s.deps, JOB, 1, () => NOW)).rejects.toThrow();
      expect(s.attempts[0]!.status).toBe('pending');
    }
  });

  it('skips a deleted or disabled endpoint, and a duplicate of an event already delivered', async () => {
    for (const endpoint of [null, { enabled: false }]) {
      const s = setup({ endpoint });
      expect(await deliverWebhook(s.deps, JOB, 1, () => NOW)).toBe('skipped');
      expect(s.posts).toHaveLength(0);
    }
    const dup = setup({ existing: { status: 'delivered', attempts: 1 } });
    expect(await deliverWebhook(dup.deps, JOB, 1, () => NOW)).toBe('skipped');
    expect(dup.posts).toHaveLength(0);
    // A replay sends it again.
    const replay = setup({ existing: { status: 'delivered', attempts: 1 } });
    expect(await deliverWebhook(replay.deps, { ...JOB, replay: true }, 1, () => NOW)).toBe('delivered');
    expect(replay.posts).toHaveLength(1);
  });
});
