// Issue #31 item 1: API keys on the running local cloud (DynamoDB Local, cognito-local, the real
// api-keys handler). Keys are made through the owner routes, then a REST v1 request's key is checked
// with authenticateApiKey over the real table adapter: a revoked key is refused by the very next
// request, another account can neither see nor revoke a key, the plan gate and the key's own rate
// limit hold, and the 20-key cap holds under concurrent creations.
import { getDeps, apiKeyDeps } from '../../lambdas/deps';
import { DynamoApiKeyStore } from '../../lambdas/adapters/dynamo/api-keys';
import { documentClient } from '../../lambdas/adapters/aws';
import { getConfig } from '../../lambdas/config';
import { AppError } from '../../lambdas/core/errors';
import { authenticateApiKey, MAX_LIVE_API_KEYS, sha256Hex } from '../../lambdas/usecases/api-keys';
import { api } from '../support/cloud-client';
import { newOwner, type Owner } from '../support/documents';

const errorOf = (res: { status: number; body: { error?: { code: string } } }) => ({
  status: res.status,
  code: res.body.error?.code,
});

async function userIdOf(owner: Owner): Promise<string> {
  const me = await api('/api/me', { token: owner.token });
  expect(me.status).toBe(200);
  return me.body.userId as string;
}

const create = (owner: Owner, body: unknown) =>
  api('/api/account/api-keys', { method: 'POST', token: owner.token, body });

/** authenticateApiKey's refusal code, or 'ok'. */
async function authOutcome(
  key: string,
  deps = apiKeyDeps(),
  now = new Date(),
): Promise<{ code: string; status: number } | 'ok'> {
  try {
    await authenticateApiKey({ ...deps, ownerCache: undefined }, `Bearer ${key}`, now);
    return 'ok';
  } catch (err) {
    if (err instanceof AppError) return { code: err.code, status: err.status };
    throw err;
  }
}

describe('API keys on the local cloud', () => {
  let owner: Owner;
  let other: Owner;
  let ownerId: string;

  beforeAll(async () => {
    [owner, other] = await Promise.all([newOwner('en', 'Key Owner'), newOwner('en', 'Other Owner')]);
    ownerId = await userIdOf(owner);
  });

  it('needs sign-in', async () => {
    expect((await api('/api/account/api-keys')).status).toBe(401);
    expect(
      (await api('/api/account/api-keys', { method: 'POST', body: { name: 'x', scopes: [] } })).status,
    ).toBe(401);
  });

  it('creates a key (trial), shows it once, stores only its hash, and authenticates with it', async () => {
    const list0 = await api('/api/account/api-keys', { token: owner.token });
    expect(list0.status).toBe(200);
    expect(list0.body).toEqual({ allowed: true, plansPath: '/home/select_plan', keys: [] });

    const res = await create(owner, { name: 'CRM sync', scopes: ['documents:write', 'documents:read'] });
    expect(res.status).toBe(201);
    const secret = res.body.secret as string;
    expect(secret).toMatch(/^ssk_[0-9A-Za-z]{8}_[0-9A-Za-z]{43}$/);
    expect(res.body.key).toMatchObject({
      name: 'CRM sync',
      prefix: secret.slice(4, 12),
      scopes: ['documents:read', 'documents:write'],
      lastUsedAt: null,
      revokedAt: null,
    });

    // The table holds the SHA-256 of the secret, never the secret.
    const stored = await new DynamoApiKeyStore(documentClient(), getConfig().TABLE_NAME).byPrefix(
      secret.slice(4, 12),
    );
    expect(stored).toMatchObject({ userId: ownerId, secretHash: sha256Hex(secret.slice(13)) });
    expect(JSON.stringify(stored)).not.toContain(secret.slice(13));

    const principal = await authenticateApiKey(apiKeyDeps(), `Bearer ${secret}`, new Date());
    expect(principal).toMatchObject({
      userId: ownerId,
      keyId: res.body.key.keyId,
      scopes: ['documents:read', 'documents:write'],
      user: { sub: ownerId, email: owner.email, name: 'Key Owner' },
    });

    // The list shows it with its last use, and never the secret again.
    const list = await api('/api/account/api-keys', { token: owner.token });
    expect(list.body.keys).toHaveLength(1);
    expect(list.body.keys[0].lastUsedAt).toEqual(expect.any(String));
    expect(JSON.stringify(list.body)).not.toContain(secret.slice(13));

    // A wrong secret of the same prefix is refused.
    const wrong = `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
    expect(await authOutcome(wrong)).toEqual({ code: 'apiKeys.errors.unknown', status: 401 });
  });

  it('refuses bad names and scopes with 400', async () => {
    for (const body of [
      { name: '', scopes: ['documents:read'] },
      { name: 'x'.repeat(61), scopes: ['documents:read'] },
      { name: 'ok', scopes: [] },
      { name: 'ok', scopes: ['admin'] },
      { name: 'ok' },
      { scopes: ['documents:read'] },
    ]) {
      const res = await create(owner, body);
      expect([res.status, res.body.error.code]).toEqual([400, 'errors.validation']);
    }
  });

  it('revokes at once; another account can neither list nor revoke the key', async () => {
    const made = await create(owner, { name: 'to revoke', scopes: ['documents:read'] });
    expect(made.status).toBe(201);
    const { keyId } = made.body.key;
    expect(await authOutcome(made.body.secret)).toBe('ok');

    const theirs = await api('/api/account/api-keys', { token: other.token });
    expect(theirs.body.keys).toEqual([]);
    const denied = await api(`/api/account/api-keys/${keyId}`, { method: 'DELETE', token: other.token });
    expect(errorOf(denied)).toEqual({ status: 404, code: 'apiKeys.errors.notFound' });
    expect(await authOutcome(made.body.secret)).toBe('ok');

    const revoked = await api(`/api/account/api-keys/${keyId}`, { method: 'DELETE', token: owner.token });
    expect(revoked.status).toBe(200);
    expect(revoked.body.key.revokedAt).toEqual(expect.any(String));
    // The very next request with it is refused.
    expect(await authOutcome(made.body.secret)).toEqual({ code: 'apiKeys.errors.revoked', status: 401 });
    const list = await api('/api/account/api-keys', { token: owner.token });
    expect(list.body.keys.find((k: { keyId: string }) => k.keyId === keyId).revokedAt).toBe(
      revoked.body.key.revokedAt,
    );
  });

  it('refuses when the plan no longer includes the API, and when the account is closed', async () => {
    const someone = await newOwner('en', 'Lapsing Owner');
    const id = await userIdOf(someone);
    const made = await create(someone, { name: 'k', scopes: ['templates:read'] });
    expect(made.status).toBe(201);
    await getDeps().repo.update(id, {
      plan: 'month_personal',
      validDate: '2099-01-01T00:00:00.000Z',
      ticketLots: [],
    });
    expect(await authOutcome(made.body.secret)).toEqual({ code: 'apiKeys.errors.notIncluded', status: 403 });
    const refused = await create(someone, { name: 'k2', scopes: ['templates:read'] });
    expect(errorOf(refused)).toEqual({ status: 403, code: 'apiKeys.errors.notIncluded' });
    expect((await api('/api/account/api-keys', { token: someone.token })).body.allowed).toBe(false);

    await getDeps().repo.update(id, { closed: true });
    expect(await authOutcome(made.body.secret)).toEqual({
      code: 'apiKeys.errors.accountClosed',
      status: 401,
    });
  });

  it("enforces the key's rate limit in the table: 429 with Retry-After", async () => {
    const made = await create(owner, { name: 'rate', scopes: ['documents:read'] });
    const deps = { ...apiKeyDeps(), ratePerMinute: 3 };
    // Mid-window, so that the four requests share one minute.
    const now = new Date(Math.floor(Date.now() / 60_000) * 60_000 + 30_000);
    const results = await Promise.all([1, 2, 3, 4].map(() => authOutcome(made.body.secret, deps, now)));
    expect(results.filter((r) => r === 'ok')).toHaveLength(3);
    try {
      await authenticateApiKey(deps, `Bearer ${made.body.secret}`, now);
      throw new Error('expected 429');
    } catch (err) {
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).status).toBe(429);
      expect((err as AppError).headers).toEqual({ 'retry-after': '30' });
    }
    expect(await authOutcome(made.body.secret, deps, new Date(now.getTime() + 30_000))).toBe('ok');
  });

  it(`holds at most ${MAX_LIVE_API_KEYS} live keys, even when created at once`, async () => {
    const busy = await newOwner('en', 'Busy Owner');
    const results = await Promise.all(
      Array.from({ length: MAX_LIVE_API_KEYS + 3 }, (_, i) =>
        create(busy, { name: `k${i}`, scopes: ['documents:read'] }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(MAX_LIVE_API_KEYS);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused.map(errorOf)).toEqual(
      Array.from({ length: 3 }, () => ({ status: 409, code: 'apiKeys.errors.tooMany' })),
    );
    const list = await api('/api/account/api-keys', { token: busy.token });
    expect(list.body.keys).toHaveLength(MAX_LIVE_API_KEYS);
    const first = list.body.keys[0].keyId as string;
    expect(
      (await api(`/api/account/api-keys/${first}`, { method: 'DELETE', token: busy.token })).status,
    ).toBe(200);
    expect((await create(busy, { name: 'again', scopes: ['documents:read'] })).status).toBe(201);
  });
});
