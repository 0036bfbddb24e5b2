// Idempotency-Key rules (issue #31 item 5): same key + same request → the first answer, run once;
// same key + another request → 422; while the first runs → 409; a failure frees the key; a lock
// that ran out is taken over; records expire after 24 hours; keys are per API key.
import { AppError } from '../../../../lambdas/core/errors';
import {
  IDEMPOTENCY_LOCK_MS,
  canonicalJson,
  idempotencyRecordId,
  requestFingerprint,
  withIdempotency,
} from '../../../../lambdas/usecases/idempotency';
import { MemoryIdempotencyStore } from '../idempotency-fake';

const T0 = Date.parse('2026-11-28T12:00:00Z');

function setup() {
  const store = new MemoryIdempotencyStore();
  let now = T0;
  let runs = 0;
  const call = (
    fingerprint: string,
    opts: { apiKeyId?: string; key?: string; run?: () => Promise<{ status: number; body: unknown }> } = {},
  ) =>
    withIdempotency(
      store,
      {
        apiKeyId: opts.apiKeyId ?? 'key-1',
        idempotencyKey: opts.key ?? 'idem-1',
        fingerprint,
        now: () => now,
      },
      opts.run ??
        (async () => {
          runs += 1;
          return { status: 201, body: { docuId: `doc-${runs}` } };
        }),
    );
  return {
    store,
    call,
    runs: () => runs,
    advance: (ms: number) => (now += ms),
  };
}

async function refusal(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('withIdempotency', () => {
  it('runs the first request and replays its answer to a retry, never running twice', async () => {
    const t = setup();
    const first = await t.call('fp');
    expect(first).toEqual({ status: 201, body: { docuId: 'doc-1' }, replayed: false });
    const retry = await t.call('fp');
    expect(retry).toEqual({ status: 201, body: { docuId: 'doc-1' }, replayed: true });
    expect(t.runs()).toBe(1);
  });

  it('refuses the same key with a different request (422 apiV1.errors.idempotencyMismatch)', async () => {
    const t = setup();
    await t.call('fp-a');
    const err = await refusal(t.call('fp-b'));
    expect(err.status).toBe(422);
    expect(err.code).toBe('apiV1.errors.idempotencyMismatch');
    expect(t.runs()).toBe(1);
  });

  it('refuses a duplicate while the first is still running (409 with Retry-After)', async () => {
    const t = setup();
    let release!: () => void;
    const slow = t.call('fp', {
      run: () =>
        new Promise((resolve) => {
          release = () => resolve({ status: 201, body: { docuId: 'slow' } });
        }),
    });
    await new Promise((r) => setImmediate(r));
    const err = await refusal(t.call('fp'));
    expect(err.status).toBe(409);
    expect(err.code).toBe('apiV1.errors.idempotencyInFlight');
    expect(err.headers).toEqual({ 'retry-after': '1' });
    release();
    expect((await slow).body).toEqual({ docuId: 'slow' });
    expect((await t.call('fp')).replayed).toBe(true);
  });

  it('frees the key when the first request fails, so a retry runs again', async () => {
    const t = setup();
    const failing = t.call('fp', {
      run: async () => {
        throw new AppError('errors.validation', 'bad');
      },
    });
    await expect(failing).rejects.toThrow('bad');
    expect(t.store.records.size).toBe(0);
    expect(await t.call('fp')).toMatchObject({ replayed: false, body: { docuId: 'doc-1' } });
  });

  it('takes over a pending key whose lock ran out (a crashed request), once', async () => {
    const t = setup();
    const id = idempotencyRecordId('key-1', 'idem-1');
    t.store.records.set(id, {
      fingerprint: 'fp',
      state: 'pending',
      lockedUntil: T0 - 1,
      ttl: T0 / 1000 + 3600,
    });
    const out = await t.call('fp');
    expect(out.replayed).toBe(false);
    expect(t.store.records.get(id)).toMatchObject({ state: 'done', status: 201 });
  });

  it('answers 409 when another request took the expired lock first', async () => {
    const t = setup();
    const id = idempotencyRecordId('key-1', 'idem-1');
    t.store.records.set(id, {
      fingerprint: 'fp',
      state: 'pending',
      lockedUntil: T0 - 1,
      ttl: T0 / 1000 + 3600,
    });
    t.store.onClaimFailed = () => {
      const r = t.store.records.get(id)!;
      t.store.records.set(id, { ...r, lockedUntil: T0 + IDEMPOTENCY_LOCK_MS * 2 - 1 });
      t.store.onClaimFailed = undefined;
    };
    const err = await refusal(t.call('fp'));
    expect(err.status).toBe(409);
    expect(t.runs()).toBe(0);
  });

  it('keeps an answer for 24 hours, then runs a new request with the same key', async () => {
    const t = setup();
    await t.call('fp');
    t.advance(23 * 3600 * 1000);
    expect((await t.call('fp')).replayed).toBe(true);
    t.advance(2 * 3600 * 1000);
    const later = await t.call('fp-other');
    expect(later).toMatchObject({ replayed: false, body: { docuId: 'doc-2' } });
  });

  it('keeps keys apart per API key', async () => {
    const t = setup();
    await t.call('fp', { apiKeyId: 'key-1' });
    const other = await t.call('fp-b', { apiKeyId: 'key-2' });
    expect(other).toMatchObject({ replayed: false, body: { docuId: 'doc-2' } });
  });

  it('never stores the client key as given', () => {
    const id = idempotencyRecordId('key-1', 'my-secret-order-42');
    expect(id).not.toContain('my-secret-order-42');
    expect(id).toMatch(/^key-1#[0-9a-f]{64}$/);
  });
});

describe('request fingerprints', () => {
  it('ignore key order and spacing of the JSON body', () => {
    expect(canonicalJson({ b: 1, a: [{ y: 2, x: 1 }] })).toBe('{"a":[{"x":1,"y":2}],"b":1}');
    expect(requestFingerprint('POST', '/documents', { kind: 'esign', title: 'A' })).toBe(
      requestFingerprint('POST', '/documents', JSON.parse('{ "title": "A",  "kind": "esign" }')),
    );
  });

  it('differ by method, path and body', () => {
    const base = requestFingerprint('POST', '/documents', { kind: 'esign' });
    expect(requestFingerprint('POST', '/documents/x/send', { kind: 'esign' })).not.toBe(base);
    expect(requestFingerprint('PUT', '/documents', { kind: 'esign' })).not.toBe(base);
    expect(requestFingerprint('POST', '/documents', { kind: 'vsign' })).not.toBe(base);
    expect(requestFingerprint('POST', '/documents', undefined)).toBe(
      requestFingerprint('POST', '/documents', null),
    );
  });
});
