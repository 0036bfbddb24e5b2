import {
  newWebhookSecret,
  signWebhook,
  verifyWebhook,
  webhookHeaders,
  webhookSecretBytes,
} from '../../../../lambdas/core/webhook-signature';

// The Standard Webhooks reference test vector (standard-webhooks/standard-webhooks,
// libraries/javascript/src/webhook.test.ts, "sign function works").
const VECTOR = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  msgId: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  timestamp: 1614265330,
  body: '{"test": 2432232314}',
  signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
};

describe('Standard Webhooks signing', () => {
  it('matches the specification’s test vector, with and without the whsec_ prefix', () => {
    expect(signWebhook(VECTOR.secret, VECTOR.msgId, VECTOR.timestamp, VECTOR.body)).toBe(VECTOR.signature);
    expect(signWebhook(VECTOR.secret.slice(6), VECTOR.msgId, VECTOR.timestamp, VECTOR.body)).toBe(
      VECTOR.signature,
    );
  });

  it('signs over id, timestamp and body: changing any one changes the signature', () => {
    const base = signWebhook(VECTOR.secret, VECTOR.msgId, VECTOR.timestamp, VECTOR.body);
    expect(signWebhook(VECTOR.secret, 'msg_other', VECTOR.timestamp, VECTOR.body)).not.toBe(base);
    expect(signWebhook(VECTOR.secret, VECTOR.msgId, VECTOR.timestamp + 1, VECTOR.body)).not.toBe(base);
    expect(signWebhook(VECTOR.secret, VECTOR.msgId, VECTOR.timestamp, '{"test": 2432232315}')).not.toBe(base);
  });

  it('makes secrets of whsec_ and 32 random bytes in base64, never twice the same', () => {
    const a = newWebhookSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(webhookSecretBytes(a)).toHaveLength(32);
    expect(newWebhookSecret()).not.toBe(a);
  });

  it('during a rotation lists the new secret’s signature first, then the previous one’s', () => {
    const previous = newWebhookSecret();
    const current = newWebhookSecret();
    const h = webhookHeaders([current, previous], 'msg_1', 1700000000, '{}');
    expect(h['webhook-id']).toBe('msg_1');
    expect(h['webhook-timestamp']).toBe('1700000000');
    expect(h['webhook-signature']).toBe(
      `${signWebhook(current, 'msg_1', 1700000000, '{}')} ${signWebhook(previous, 'msg_1', 1700000000, '{}')}`,
    );
    const now = 1700000000 * 1000;
    const parts = { id: 'msg_1', timestamp: '1700000000', signature: h['webhook-signature'] };
    expect(verifyWebhook(current, parts, '{}', now)).toBe(true);
    expect(verifyWebhook(previous, parts, '{}', now)).toBe(true);
    expect(verifyWebhook(newWebhookSecret(), parts, '{}', now)).toBe(false);
    // After the overlap only the new one signs.
    const after = webhookHeaders([current], 'msg_1', 1700000000, '{}');
    expect(after['webhook-signature'].split(' ')).toHaveLength(1);
    expect(verifyWebhook(previous, { ...parts, signature: after['webhook-signature'] }, '{}', now)).toBe(
      false,
    );
  });

  it('verifies as a receiver: tolerance, tampered bodies, other versions and garbage are refused', () => {
    const now = VECTOR.timestamp * 1000;
    const parts = { id: VECTOR.msgId, timestamp: String(VECTOR.timestamp), signature: VECTOR.signature };
    expect(verifyWebhook(VECTOR.secret, parts, VECTOR.body, now)).toBe(true);
    expect(verifyWebhook(VECTOR.secret, parts, VECTOR.body, now + 301_000)).toBe(false);
    expect(verifyWebhook(VECTOR.secret, parts, VECTOR.body, now - 301_000)).toBe(false);
    expect(verifyWebhook(VECTOR.secret, parts, `${VECTOR.body} `, now)).toBe(false);
    expect(
      verifyWebhook(
        VECTOR.secret,
        { ...parts, signature: VECTOR.signature.replace('v1', 'v2') },
        VECTOR.body,
        now,
      ),
    ).toBe(false);
    expect(verifyWebhook(VECTOR.secret, { ...parts, signature: 'v1,' }, VECTOR.body, now)).toBe(false);
    expect(verifyWebhook(VECTOR.secret, { ...parts, timestamp: 'soon' }, VECTOR.body, now)).toBe(false);
    expect(
      verifyWebhook(VECTOR.secret, { ...parts, signature: `v1,AAAA ${VECTOR.signature}` }, VECTOR.body, now),
    ).toBe(true);
  });
});
