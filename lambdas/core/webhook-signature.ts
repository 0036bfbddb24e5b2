// Standard Webhooks signing (https://www.standardwebhooks.com, issue #31 item 3): the secret is
// `whsec_` + base64 of its bytes; a delivery carries `webhook-id`, `webhook-timestamp` (epoch
// seconds) and `webhook-signature: v1,<base64 HMAC-SHA256(secret bytes, "{id}.{timestamp}.{body}")>`,
// one such signature per valid secret, separated by spaces (during a rotation's overlap: the new
// secret's first, then the previous one's).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const WEBHOOK_SECRET_PREFIX = 'whsec_';
/** Random bytes of a new secret (the spec asks for 24 to 64). */
export const WEBHOOK_SECRET_BYTES = 32;

export function newWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + randomBytes(WEBHOOK_SECRET_BYTES).toString('base64');
}

/** The key bytes of a secret: base64-decoded after `whsec_` (a secret without the prefix is taken as
 *  base64 as it stands, as the reference libraries do). */
export function webhookSecretBytes(secret: string): Buffer {
  const b64 = secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : secret;
  return Buffer.from(b64, 'base64');
}

/** `v1,<base64 signature>` of one message with one secret. */
export function signWebhook(secret: string, msgId: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', webhookSecretBytes(secret))
    .update(`${msgId}.${timestamp}.${body}`, 'utf8')
    .digest('base64');
  return `v1,${mac}`;
}

/** The three headers of a delivery, signed with every secret given (the current one first). */
export function webhookHeaders(
  secrets: readonly string[],
  msgId: string,
  timestamp: number,
  body: string,
): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  return {
    'webhook-id': msgId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((s) => signWebhook(s, msgId, timestamp, body)).join(' '),
  };
}

/** Receiver side (tests, docs): whether any `v1` signature of the header is this secret's, and the
 *  timestamp within `toleranceSeconds` of `now`. */
export function verifyWebhook(
  secret: string,
  headers: { id: string; timestamp: string; signature: string },
  body: string,
  now = Date.now(),
  toleranceSeconds = 300,
): boolean {
  const ts = Number(headers.timestamp);
  if (!Number.isInteger(ts) || Math.abs(now / 1000 - ts) > toleranceSeconds) return false;
  const expected = Buffer.from(signWebhook(secret, headers.id, ts, body).slice(3), 'base64');
  return headers.signature.split(' ').some((part) => {
    const [version, sig] = part.split(',', 2);
    if (version !== 'v1' || !sig) return false;
    const given = Buffer.from(sig, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
