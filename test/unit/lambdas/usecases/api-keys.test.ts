// API keys (issue #31 item 1): creating, listing and revoking keys, and authenticating a REST v1
// request with one, against an in-memory key store with the DynamoDB adapter's semantics.
import type { SeatMemberStore, UserRecord } from '../../../../lambdas/adapters/dynamo/repository';
import { AppError } from '../../../../lambdas/core/errors';
import type { AuthUser } from '../../../../lambdas/core/http';
import {
  authenticateApiKey,
  createApiKey,
  listApiKeys,
  MAX_LIVE_API_KEYS,
  parseApiKey,
  randomBase62,
  requireScope,
  revokeApiKey,
  sha256Hex,
  type ApiKeyAuthDeps,
  type ApiKeyDeps,
  type ApiKeyRecord,
  type ApiKeyStore,
  type OwnerState,
} from '../../../../lambdas/usecases/api-keys';
import type { ApiPrincipal } from '../../../../shared/domain/api-keys';
import { InMemoryUsers } from '../fakes';
import { memoryLimits } from '../rate-limiter-fake';

class MemoryKeys implements ApiKeyStore {
  readonly items = new Map<string, ApiKeyRecord>();
  readonly live = new Map<string, number>();
  readonly counters = new Map<string, number>();
  touches = 0;
  reads = 0;
  /** Prefixes create() reports taken (a collision), consumed one by one. */
  takenOnce = 0;

  async create(record: ApiKeyRecord, maxLive: number) {
    if ((this.live.get(record.userId) ?? 0) >= maxLive) return 'cap' as const;
    if (this.takenOnce > 0 || this.items.has(record.prefix)) {
      this.takenOnce -= 1;
      return 'prefixTaken' as const;
    }
    this.items.set(record.prefix, { ...record });
    this.live.set(record.userId, (this.live.get(record.userId) ?? 0) + 1);
    return 'created' as const;
  }

  async byPrefix(prefix: string) {
    this.reads += 1;
    return this.items.get(prefix) ?? null;
  }

  async listByOwner(userId: string) {
    return [...this.items.values()]
      .filter((k) => k.userId === userId)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }

  async revoke(prefix: string, userId: string, at: Date) {
    const item = this.items.get(prefix);
    if (!item || item.userId !== userId || item.revokedAt) return false;
    this.items.set(prefix, { ...item, revokedAt: at.toISOString() });
    this.live.set(userId, (this.live.get(userId) ?? 1) - 1);
    return true;
  }

  async touch(prefix: string, at: Date, olderThan: Date) {
    const item = this.items.get(prefix);
    if (!item) return;
    if (item.lastUsedAt && item.lastUsedAt > olderThan.toISOString()) return;
    this.touches += 1;
    this.items.set(prefix, { ...item, lastUsedAt: at.toISOString() });
  }

  async countRequest(keyId: string, windowStart: number, limit: number) {
    const id = `${keyId}#${windowStart}`;
    const n = this.counters.get(id) ?? 0;
    if (n >= limit) return false;
    this.counters.set(id, n + 1);
    return true;
  }
}

const future = '2027-01-01T00:00:00.000Z';
const past = '2026-01-01T00:00:00.000Z';
const now = new Date('2026-11-28T12:00:10.000Z');
const owner: AuthUser = { sub: 'owner-1', email: 'owner@example.com', emailVerified: true, name: 'Owner' };
const other: AuthUser = { sub: 'owner-2', email: 'other@example.com', emailVerified: true, name: 'Other' };

function userRecord(userId: string, email: string, fields: Partial<UserRecord> = {}): UserRecord {
  return {
    userId,
    email,
    name: userId === 'owner-1' ? 'Owner' : 'Other',
    emailVerified: true,
    plan: 'year_standard',
    validDate: future,
    availableTickets: 0,
    createdAt: past,
    ...fields,
  } as UserRecord;
}

function setup(seatOf: Record<string, string> = {}) {
  const users = new InMemoryUsers();
  users.records.set('owner-1', userRecord('owner-1', 'owner@example.com'));
  users.records.set('owner-2', userRecord('owner-2', 'other@example.com'));
  const keys = new MemoryKeys();
  const seats: SeatMemberStore = {
    seatBuyerOf: async (email) => seatOf[email] ?? null,
    claimSeat: async () => true,
    releaseSeat: async () => {},
  };
  const limits = memoryLimits();
  const deps: ApiKeyDeps = { keys, users, seats, limits };
  const auth = (
    rate = 600,
    ownerCache?: Map<string, { until: number; owner: OwnerState }>,
  ): ApiKeyAuthDeps => ({
    keys,
    users,
    seats,
    ratePerMinute: rate,
    ownerCache,
  });
  return { users, keys, deps, auth, limits };
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

const bearer = (key: string) => `Bearer ${key}`;

describe('key format', () => {
  it('makes base62 of the asked length, every character possible', () => {
    const text = randomBase62(4000);
    expect(text).toMatch(/^[0-9A-Za-z]{4000}$/);
    expect(new Set(text).size).toBe(62);
  });

  it('parses ssk_{8}_{43} only', () => {
    const secret = 'a'.repeat(43);
    expect(parseApiKey(`ssk_AbCd1234_${secret}`)).toEqual({ prefix: 'AbCd1234', secret });
    for (const bad of [
      `sk_AbCd1234_${secret}`,
      `ssk_AbCd123_${secret}`,
      `ssk_AbCd1234_${secret}a`,
      `ssk_AbCd1234_${'a'.repeat(42)}`,
      `ssk_AbCd-234_${secret}`,
      `ssk_AbCd1234-${secret}`,
      '',
    ]) {
      expect(parseApiKey(bad)).toBeNull();
    }
  });
});

describe('createApiKey', () => {
  it('returns the full key once and stores only the SHA-256 of its secret', async () => {
    const s = setup();
    const { key, secret } = await createApiKey(
      s.deps,
      owner,
      { name: ' CRM ', scopes: ['documents:read'] },
      now,
    );
    expect(secret).toMatch(/^ssk_[0-9A-Za-z]{8}_[0-9A-Za-z]{43}$/);
    const parsed = parseApiKey(secret)!;
    expect(key).toEqual({
      keyId: expect.any(String),
      name: 'CRM',
      prefix: parsed.prefix,
      scopes: ['documents:read'],
      createdAt: now.toISOString(),
      lastUsedAt: null,
      revokedAt: null,
    });
    const stored = s.keys.items.get(parsed.prefix)!;
    expect(stored.secretHash).toBe(sha256Hex(parsed.secret));
    expect(JSON.stringify(stored)).not.toContain(parsed.secret);
    expect(JSON.stringify(await listApiKeys(s.deps, owner, now))).not.toContain(parsed.secret);
  });

  it('keeps each scope once, in the catalogue order', async () => {
    const s = setup();
    const { key } = await createApiKey(
      s.deps,
      owner,
      { name: 'x', scopes: ['templates:read', 'documents:read', 'templates:read'] },
      now,
    );
    expect(key.scopes).toEqual(['documents:read', 'templates:read']);
  });

  it('refuses a name that is empty or over 60 characters', async () => {
    const s = setup();
    for (const name of ['', '   ', 'x'.repeat(61)]) {
      const err = await refusal(createApiKey(s.deps, owner, { name, scopes: ['documents:read'] }, now));
      expect([err.code, err.status]).toEqual(['apiKeys.errors.name', 400]);
    }
    await expect(
      createApiKey(s.deps, owner, { name: 'x'.repeat(60), scopes: ['documents:read'] }, now),
    ).resolves.toBeTruthy();
  });

  it('refuses no scope and an unknown scope', async () => {
    const s = setup();
    for (const scopes of [[], ['documents:delete'], ['documents:read', 'admin']]) {
      const err = await refusal(createApiKey(s.deps, owner, { name: 'x', scopes }, now));
      expect([err.code, err.status]).toEqual(['apiKeys.errors.scopes', 400]);
    }
    expect(s.keys.items.size).toBe(0);
  });

  it('is refused (403, with the plans link) on a plan without the API; the trial may', async () => {
    const s = setup();
    s.users.records.set('owner-1', userRecord('owner-1', 'owner@example.com', { plan: 'month_personal' }));
    const err = await refusal(createApiKey(s.deps, owner, { name: 'x', scopes: ['documents:read'] }, now));
    expect([err.code, err.status]).toEqual(['apiKeys.errors.notIncluded', 403]);
    expect(err.details).toEqual({ plansPath: '/home/select_plan' });
    expect((await listApiKeys(s.deps, owner, now)).allowed).toBe(false);

    s.users.records.set(
      'owner-1',
      userRecord('owner-1', 'owner@example.com', { plan: 'trial', validDate: future }),
    );
    expect((await listApiKeys(s.deps, owner, now)).allowed).toBe(true);
    await expect(
      createApiKey(s.deps, owner, { name: 'x', scopes: ['documents:read'] }, now),
    ).resolves.toBeTruthy();

    s.users.records.set(
      'owner-1',
      userRecord('owner-1', 'owner@example.com', { plan: 'trial', validDate: past }),
    );
    expect(
      (await refusal(createApiKey(s.deps, owner, { name: 'y', scopes: ['documents:read'] }, now))).code,
    ).toBe('apiKeys.errors.notIncluded');
  });

  it("lets a company member with no plan of their own use the buyer's Standard plan", async () => {
    const s = setup({ 'member@example.com': 'owner-1' });
    s.users.records.set(
      'owner-1',
      userRecord('owner-1', 'owner@example.com', { seats: 3, memberEmails: ['member@example.com'] }),
    );
    s.users.records.set(
      'member',
      userRecord('member', 'member@example.com', { plan: 'trial', validDate: past }),
    );
    const member: AuthUser = { sub: 'member', email: 'member@example.com', emailVerified: true, name: 'M' };
    expect((await listApiKeys(s.deps, member, now)).allowed).toBe(true);
    const { secret } = await createApiKey(s.deps, member, { name: 'm', scopes: ['documents:read'] }, now);
    const principal = await authenticateApiKey(s.auth(), bearer(secret), now);
    expect(principal.userId).toBe('member');
  });

  it(`holds at most ${MAX_LIVE_API_KEYS} live keys; revoking one makes room`, async () => {
    const s = setup();
    const deps = { ...s.deps, limits: memoryLimits({ apiKeysPerOwner: { limit: 100 } }) };
    const made = [];
    for (let i = 0; i < MAX_LIVE_API_KEYS; i++) {
      made.push(await createApiKey(deps, owner, { name: `k${i}`, scopes: ['documents:read'] }, now));
    }
    const err = await refusal(
      createApiKey(deps, owner, { name: 'one more', scopes: ['documents:read'] }, now),
    );
    expect([err.code, err.status, err.details]).toEqual(['apiKeys.errors.tooMany', 409, { max: 20 }]);
    await revokeApiKey(deps, owner, made[0]!.key.keyId, now);
    await expect(
      createApiKey(deps, owner, { name: 'one more', scopes: ['documents:read'] }, now),
    ).resolves.toBeTruthy();
  });

  it('counts creations against the apiKeysPerOwner limit (429 with Retry-After)', async () => {
    const s = setup();
    const deps = { ...s.deps, limits: memoryLimits({ apiKeysPerOwner: { limit: 2 } }) };
    await createApiKey(deps, owner, { name: 'a', scopes: ['documents:read'] }, now);
    await createApiKey(deps, owner, { name: 'b', scopes: ['documents:read'] }, now);
    const err = await refusal(createApiKey(deps, owner, { name: 'c', scopes: ['documents:read'] }, now));
    expect(err.status).toBe(429);
    expect(err.headers?.['retry-after']).toMatch(/^\d+$/);
  });

  it('draws a new prefix when one is taken', async () => {
    const s = setup();
    s.keys.takenOnce = 2;
    const { key } = await createApiKey(s.deps, owner, { name: 'x', scopes: ['documents:read'] }, now);
    expect(s.keys.items.get(key.prefix)).toBeDefined();
  });
});

describe('listApiKeys and revokeApiKey', () => {
  it("lists the caller's keys only, newest first, revoked ones marked", async () => {
    const s = setup();
    const a = await createApiKey(
      s.deps,
      owner,
      { name: 'a', scopes: ['documents:read'] },
      new Date('2026-11-01T00:00:00Z'),
    );
    const b = await createApiKey(
      s.deps,
      owner,
      { name: 'b', scopes: ['documents:write'] },
      new Date('2026-11-02T00:00:00Z'),
    );
    await createApiKey(s.deps, other, { name: 'theirs', scopes: ['documents:read'] }, now);
    await revokeApiKey(s.deps, owner, a.key.keyId, now);
    const list = await listApiKeys(s.deps, owner, now);
    expect(list.allowed).toBe(true);
    expect(list.plansPath).toBe('/home/select_plan');
    expect(list.keys.map((k) => [k.name, k.revokedAt])).toEqual([
      ['b', null],
      ['a', now.toISOString()],
    ]);
    expect(list.keys[0]!.keyId).toBe(b.key.keyId);
  });

  it("answers 404 for another account's key and an unknown id, and is idempotent", async () => {
    const s = setup();
    const theirs = await createApiKey(s.deps, other, { name: 'theirs', scopes: ['documents:read'] }, now);
    for (const id of [theirs.key.keyId, 'no-such-key']) {
      const err = await refusal(revokeApiKey(s.deps, owner, id, now));
      expect([err.code, err.status]).toEqual(['apiKeys.errors.notFound', 404]);
    }
    expect(s.keys.items.get(theirs.key.prefix)!.revokedAt).toBeUndefined();
    const first = await revokeApiKey(s.deps, other, theirs.key.keyId, now);
    const again = await revokeApiKey(s.deps, other, theirs.key.keyId, new Date(now.getTime() + 5000));
    expect(again.revokedAt).toBe(first.revokedAt);
    expect(s.keys.live.get('owner-2')).toBe(0);
  });
});

describe('authenticateApiKey', () => {
  async function made(scopes: string[] = ['documents:read', 'documents:write']) {
    const s = setup();
    const created = await createApiKey(s.deps, owner, { name: 'CRM', scopes }, now);
    return { ...s, created, secret: created.secret };
  }

  it('gives the principal: owner, key and scopes', async () => {
    const s = await made();
    const p = await authenticateApiKey(s.auth(), bearer(s.secret), now);
    expect(p).toEqual<ApiPrincipal>({
      userId: 'owner-1',
      user: { sub: 'owner-1', email: 'owner@example.com', emailVerified: true, name: 'Owner' },
      keyId: s.created.key.keyId,
      scopes: ['documents:read', 'documents:write'],
    });
    // The scheme's case does not matter.
    await expect(authenticateApiKey(s.auth(), `bearer ${s.secret}`, now)).resolves.toBeTruthy();
  });

  it('refuses a missing header (401 missing, WWW-Authenticate)', async () => {
    const s = await made();
    for (const header of [undefined, '', '   ']) {
      const err = await refusal(authenticateApiKey(s.auth(), header, now));
      expect([err.code, err.status]).toEqual(['apiKeys.errors.missing', 401]);
      expect(err.headers?.['www-authenticate']).toMatch(/^Bearer/);
    }
  });

  it('refuses every other shape as malformed, without reading the table', async () => {
    const s = await made();
    const { prefix, secret } = parseApiKey(s.secret)!;
    for (const header of [
      s.secret,
      `Basic ${s.secret}`,
      `Bearer`,
      `Bearer ${s.secret} extra`,
      `Bearer ssk_${prefix}`,
      `Bearer ssk_${prefix}_${secret.slice(1)}`,
      `Bearer sk_${prefix}_${secret}`,
      `Bearer ${s.secret}${'x'.repeat(300)}`,
      `Bearer ${'x'.repeat(300)}`,
    ]) {
      const err = await refusal(authenticateApiKey(s.auth(), header, now));
      expect([header, err.code, err.status]).toEqual([header, 'apiKeys.errors.malformed', 401]);
    }
    expect(s.keys.reads).toBe(0);
  });

  it('refuses an unknown prefix and a wrong secret alike (401 unknown), counting nothing', async () => {
    const s = await made();
    const { prefix, secret } = parseApiKey(s.secret)!;
    const wrongSecret = `ssk_${prefix}_${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
    const unknownPrefix = `ssk_${prefix.endsWith('A') ? prefix.slice(0, -1) + 'B' : prefix.slice(0, -1) + 'A'}_${secret}`;
    for (const key of [wrongSecret, unknownPrefix]) {
      const err = await refusal(authenticateApiKey(s.auth(), bearer(key), now));
      expect([err.code, err.status]).toEqual(['apiKeys.errors.unknown', 401]);
    }
    expect(s.keys.counters.size).toBe(0);
    expect(s.keys.touches).toBe(0);
  });

  it('refuses a revoked key at once (401 revoked)', async () => {
    const s = await made();
    await authenticateApiKey(s.auth(), bearer(s.secret), now);
    await revokeApiKey(s.deps, owner, s.created.key.keyId, now);
    const err = await refusal(authenticateApiKey(s.auth(), bearer(s.secret), now));
    expect([err.code, err.status]).toEqual(['apiKeys.errors.revoked', 401]);
  });

  it("refuses a closed account's key (401 accountClosed), and a deleted account's", async () => {
    const s = await made();
    s.users.records.set('owner-1', userRecord('owner-1', 'owner@example.com', { closed: true }));
    let err = await refusal(authenticateApiKey(s.auth(), bearer(s.secret), now));
    expect([err.code, err.status]).toEqual(['apiKeys.errors.accountClosed', 401]);
    s.users.records.delete('owner-1');
    err = await refusal(authenticateApiKey(s.auth(), bearer(s.secret), now));
    expect(err.code).toBe('apiKeys.errors.accountClosed');
  });

  it('refuses once the plan no longer includes the API (403 notIncluded)', async () => {
    const s = await made();
    s.users.records.set('owner-1', userRecord('owner-1', 'owner@example.com', { validDate: past }));
    const err = await refusal(authenticateApiKey(s.auth(), bearer(s.secret), now));
    expect([err.code, err.status]).toEqual(['apiKeys.errors.notIncluded', 403]);
    expect(s.keys.counters.size).toBe(0);
  });

  it("trusts a container's cache of the owner for 30 s, then reads the account again", async () => {
    const s = await made();
    const cache = new Map<string, { until: number; owner: OwnerState }>();
    await authenticateApiKey(s.auth(600, cache), bearer(s.secret), now);
    s.users.records.set('owner-1', userRecord('owner-1', 'owner@example.com', { closed: true }));
    await expect(authenticateApiKey(s.auth(600, cache), bearer(s.secret), now)).resolves.toBeTruthy();
    const later = new Date(now.getTime() + 30_001);
    expect((await refusal(authenticateApiKey(s.auth(600, cache), bearer(s.secret), later))).code).toBe(
      'apiKeys.errors.accountClosed',
    );
  });

  it('limits each key to its rate per minute: 429 rateLimited with Retry-After until the window ends', async () => {
    const s = await made();
    const at = new Date('2026-11-28T12:00:45.500Z');
    for (let i = 0; i < 3; i++) await authenticateApiKey(s.auth(3), bearer(s.secret), at);
    const err = await refusal(authenticateApiKey(s.auth(3), bearer(s.secret), at));
    expect([err.code, err.status]).toEqual(['apiKeys.errors.rateLimited', 429]);
    expect(err.headers).toEqual({ 'retry-after': '15' });
    expect(err.details).toEqual({ limit: 3, retryAfterSeconds: 15 });
    // Another key of the same owner has its own budget.
    const second = await createApiKey(s.deps, owner, { name: 'second', scopes: ['documents:read'] }, now);
    await expect(authenticateApiKey(s.auth(3), bearer(second.secret), at)).resolves.toBeTruthy();
    // The next minute is a new window.
    await expect(
      authenticateApiKey(s.auth(3), bearer(s.secret), new Date('2026-11-28T12:01:00.000Z')),
    ).resolves.toBeTruthy();
  });

  it('writes lastUsedAt at most once a minute', async () => {
    const s = await made();
    const t0 = new Date('2026-11-28T12:00:00.000Z');
    await authenticateApiKey(s.auth(), bearer(s.secret), t0);
    expect(s.keys.items.get(s.created.key.prefix)!.lastUsedAt).toBe(t0.toISOString());
    for (const ms of [1, 30_000, 59_999]) {
      await authenticateApiKey(s.auth(), bearer(s.secret), new Date(t0.getTime() + ms));
    }
    expect(s.keys.touches).toBe(1);
    const t1 = new Date(t0.getTime() + 60_000);
    await authenticateApiKey(s.auth(), bearer(s.secret), t1);
    expect(s.keys.touches).toBe(2);
    expect((await listApiKeys(s.deps, owner, t1)).keys[0]!.lastUsedAt).toBe(t1.toISOString());
  });
});

describe('requireScope', () => {
  const principal: ApiPrincipal = {
    userId: 'owner-1',
    user: { sub: 'owner-1', email: 'o@example.com', emailVerified: true, name: 'O' },
    keyId: 'k',
    scopes: ['documents:read'],
  };

  it('passes a held scope and refuses another (403 scope, naming it)', () => {
    expect(() => requireScope(principal, 'documents:read')).not.toThrow();
    for (const scope of ['documents:write', 'templates:read'] as const) {
      let err: unknown;
      try {
        requireScope(principal, scope);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(AppError);
      expect([(err as AppError).code, (err as AppError).status, (err as AppError).details]).toEqual([
        'apiKeys.errors.scope',
        403,
        { scope },
      ]);
    }
  });
});
