// Idempotency-Key on the public API's POSTs (issue #31 item 5, docs/api.md "Idempotency"). Per API key
// and Idempotency-Key: the first request runs and its success answer is kept for 24 hours; the same
// request again gets that answer (a retried create gives the same document, never two); a different
// request with the key is refused (422); the same key while the first is still running is refused
// (409). A refusal or failure of the first request is not kept: the key is free again, as nothing
// happened that a retry could repeat (Stripe's rule for requests that did not execute).
import { createHash } from 'node:crypto';
import { IDEMPOTENCY_TTL_HOURS } from '../../shared/api/v1/registry';
import type { IdempotencyStore } from '../adapters/dynamo/idempotency';
import { AppError } from '../core/errors';

export type { IdempotencyRecord, IdempotencyStore } from '../adapters/dynamo/idempotency';

/** How long a request holds its key: longer than the function's timeout, so a live request is never
 *  taken over, and a crashed one frees its key a minute later. */
export const IDEMPOTENCY_LOCK_MS = 60_000;

/** The answer a POST gave, as stored and replayed. */
export interface StoredAnswer {
  readonly status: number;
  readonly body: unknown;
}

/** JSON with sorted object keys: two bodies that differ only in key order or spacing are the same. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** What makes two requests "the same": method, path and body (canonical JSON). */
export function requestFingerprint(method: string, path: string, body: unknown): string {
  return sha256(`${method} ${path}\n${canonicalJson(body ?? null)}`);
}

/** The record's id: the API key's id and a hash of the client's key (stored hashed, any length). */
export function idempotencyRecordId(apiKeyId: string, idempotencyKey: string): string {
  return `${apiKeyId}#${sha256(idempotencyKey)}`;
}

export const idempotencyMismatch = () =>
  new AppError('apiV1.errors.idempotencyMismatch', 'This Idempotency-Key was used with a different request', {
    status: 422,
  });

export const idempotencyInFlight = () =>
  new AppError('apiV1.errors.idempotencyInFlight', 'A request with this Idempotency-Key is still running', {
    status: 409,
    headers: { 'retry-after': '1' },
  });

/**
 * Runs `run` once per (API key, Idempotency-Key): answers `{ ...answer, replayed }`, where a replay is
 * the first request's stored answer.
 */
export async function withIdempotency(
  store: IdempotencyStore,
  input: { apiKeyId: string; idempotencyKey: string; fingerprint: string; now: () => number },
  run: () => Promise<StoredAnswer>,
): Promise<StoredAnswer & { replayed: boolean }> {
  const id = idempotencyRecordId(input.apiKeyId, input.idempotencyKey);
  const execute = async (lockedUntil: number) => {
    let answer: StoredAnswer;
    try {
      answer = await run();
    } catch (err) {
      await store.release(id, lockedUntil);
      throw err;
    }
    await store.complete(id, lockedUntil, answer.status, JSON.stringify(answer.body ?? {}));
    return { ...answer, replayed: false };
  };

  for (let attempt = 0; attempt < 3; attempt++) {
    const now = input.now();
    const lockedUntil = now + IDEMPOTENCY_LOCK_MS;
    const ttl = Math.ceil(now / 1000) + IDEMPOTENCY_TTL_HOURS * 3600;
    if (await store.claim(id, { fingerprint: input.fingerprint, lockedUntil, ttl }, Math.floor(now / 1000))) {
      return execute(lockedUntil);
    }
    const record = await store.get(id);
    // Released or expired between the two reads: claim again.
    if (!record || record.ttl < Math.floor(now / 1000)) continue;
    if (record.fingerprint !== input.fingerprint) throw idempotencyMismatch();
    if (record.state === 'done') {
      return {
        status: record.status ?? 200,
        body: JSON.parse(record.body ?? '{}') as unknown,
        replayed: true,
      };
    }
    if (record.lockedUntil > now) throw idempotencyInFlight();
    // The first request stopped without an answer (its function died): this one takes over.
    if (await store.reclaim(id, record.lockedUntil, lockedUntil)) return execute(lockedUntil);
    throw idempotencyInFlight();
  }
  throw idempotencyInFlight();
}
