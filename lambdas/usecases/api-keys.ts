// API keys of the public REST API (issue #31 item 1, architecture §23, decision 157): My Info → API
// creates, lists and revokes them; every /api/v1 request authenticates with one.
//
// A key is `ssk_{prefix}_{secret}`: the prefix (8 base62 characters) is visible and names the key's
// item, the secret (43 base62 characters, ≥ 256 random bits) is shown once and only its SHA-256 is
// stored. A key works while it is not revoked, its owner's account is open and the plan the owner
// works under (their own, else their company's) includes the API — the trial does. Each key has its
// own rate limit (a fixed one-minute window, API_KEY_RATE_PER_MINUTE). Requests made with a key then
// run the same use cases as the SPA's, so sends count against the same entitlements and limits.
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { API_SCOPES, type ApiPrincipal, type ApiScope } from '../../shared/domain/api-keys';
import type { ApiKeyRecord, ApiKeyStore } from '../adapters/dynamo/api-keys';
import type { SeatMemberStore, UserRecord, UserRepository } from '../adapters/dynamo/repository';
import { AppError } from '../core/errors';
import type { AuthUser } from '../core/http';
import { enforceLimits, type Limits } from './limits';
import { companyBuyerOf, featuresOf } from './seats';

export type { ApiKeyRecord, ApiKeyStore } from '../adapters/dynamo/api-keys';

/** Live (not revoked) keys an account may hold at once. */
export const MAX_LIVE_API_KEYS = 20;
/** lastUsedAt is written at most once in this time per key. */
export const LAST_USED_RESOLUTION_MS = 60_000;
/** How long one container trusts what it read of a key owner's account (state and plan). */
export const OWNER_CACHE_MS = 30_000;
/** Where the plan gate links to (spec: VIEW PLANS), as My Info → Brand's does. */
export const API_PLANS_PATH = '/home/select_plan';

const WINDOW_MS = 60_000;
const PREFIX_LENGTH = 8;
const SECRET_LENGTH = 43;
const KEY_PATTERN = /^ssk_([0-9A-Za-z]{8})_([0-9A-Za-z]{43})$/;
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** What the owner routes need. */
export interface ApiKeyDeps {
  readonly keys: ApiKeyStore;
  readonly users: Pick<UserRepository, 'getById'>;
  readonly seats?: SeatMemberStore | undefined;
  readonly limits: Limits;
}

/** What authenticating a request needs (exported for the REST v1 router). */
export interface ApiKeyAuthDeps {
  readonly keys: ApiKeyStore;
  readonly users: Pick<UserRepository, 'getById'>;
  readonly seats?: SeatMemberStore | undefined;
  /** Requests per minute per key. */
  readonly ratePerMinute: number;
  /** A container's cache of the owners' state (optional; tests leave it out to read every time). */
  readonly ownerCache?: Map<string, { until: number; owner: OwnerState }> | undefined;
}

/** What a key's owner may do now, as read from their account. */
export interface OwnerState {
  readonly closed: boolean;
  readonly api: boolean;
  readonly user: AuthUser;
}

/** The view of a key the owner sees (no hash). */
export interface ApiKeyView {
  keyId: string;
  name: string;
  prefix: string;
  scopes: ApiScope[];
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

export function viewOf(record: ApiKeyRecord): ApiKeyView {
  return {
    keyId: record.keyId,
    name: record.name,
    prefix: record.prefix,
    scopes: [...record.scopes],
    createdAt: record.createdAt,
    lastUsedAt: record.lastUsedAt ?? null,
    revokedAt: record.revokedAt ?? null,
  };
}

/** `length` characters of base62, uniformly (rejection sampling over random bytes). */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // 248 = 4 × 62: bytes at or above it would favour the first characters.
      if (byte < 248) out += BASE62[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** The prefix and secret of a well-formed key, or null. */
export function parseApiKey(key: string): { prefix: string; secret: string } | null {
  const m = KEY_PATTERN.exec(key);
  return m ? { prefix: m[1]!, secret: m[2]! } : null;
}

function sameHash(aHex: string, bHex: string): boolean {
  const a = Buffer.from(aHex, 'hex');
  const b = Buffer.from(bHex, 'hex');
  return a.length === 32 && b.length === 32 && timingSafeEqual(a, b);
}

// ---------------------------------------------------------------------------------------------------
// Errors (message keys of the `apiKeys` namespace)

const unauthorized = (code: string, message: string) =>
  new AppError(`apiKeys.errors.${code}`, message, {
    status: 401,
    headers: { 'www-authenticate': 'Bearer realm="signseal"' },
  });

function notIncluded(): AppError {
  return new AppError('apiKeys.errors.notIncluded', 'The plan does not include the API', {
    status: 403,
    details: { plansPath: API_PLANS_PATH },
  });
}

function notFound(): AppError {
  return new AppError('apiKeys.errors.notFound', 'No such API key', { status: 404 });
}

// ---------------------------------------------------------------------------------------------------
// The owner's account

async function apiAllowed(
  deps: { users: Pick<UserRepository, 'getById'>; seats?: SeatMemberStore | undefined },
  record: UserRecord,
  now: Date,
): Promise<boolean> {
  if (featuresOf(record, now).api) return true;
  if (!deps.seats) return false;
  const buyer = await companyBuyerOf({ users: deps.users, seats: deps.seats }, record, now);
  return buyer !== null && featuresOf(buyer, now).api;
}

async function ownerState(deps: ApiKeyAuthDeps, userId: string, now: Date): Promise<OwnerState | null> {
  const hit = deps.ownerCache?.get(userId);
  if (hit && hit.until > now.getTime()) return hit.owner;
  const record = await deps.users.getById(userId);
  if (!record) return null;
  const owner: OwnerState = {
    closed: record.closed === true,
    api: record.closed === true ? false : await apiAllowed(deps, record, now),
    user: {
      sub: record.userId,
      email: record.email,
      emailVerified: record.emailVerified === true,
      name: record.name,
    },
  };
  if (deps.ownerCache) {
    if (deps.ownerCache.size >= 10_000) deps.ownerCache.clear();
    deps.ownerCache.set(userId, { until: now.getTime() + OWNER_CACHE_MS, owner });
  }
  return owner;
}

async function requireRecord(deps: ApiKeyDeps, user: AuthUser): Promise<UserRecord> {
  const record = await deps.users.getById(user.sub);
  if (!record) throw new AppError('errors.unauthorized', 'Sign-in required');
  return record;
}

// ---------------------------------------------------------------------------------------------------
// Owner routes (My Info → API)

/** GET /api/account/api-keys: whether the plan includes the API, and the keys (revoked ones too,
 *  until their items expire). */
export async function listApiKeys(
  deps: ApiKeyDeps,
  user: AuthUser,
  now = new Date(),
): Promise<{ allowed: boolean; plansPath: string; keys: ApiKeyView[] }> {
  const record = await requireRecord(deps, user);
  const [allowed, keys] = await Promise.all([apiAllowed(deps, record, now), deps.keys.listByOwner(user.sub)]);
  return { allowed, plansPath: API_PLANS_PATH, keys: keys.map(viewOf) };
}

/** The scopes asked for, each once, in API_SCOPES order. */
function normaliseScopes(scopes: readonly string[]): ApiScope[] {
  const chosen = API_SCOPES.filter((s) => scopes.includes(s));
  if (chosen.length === 0 || scopes.some((s) => !(API_SCOPES as readonly string[]).includes(s))) {
    throw new AppError('apiKeys.errors.scopes', 'Choose at least one of the scopes', { status: 400 });
  }
  return chosen;
}

/** POST /api/account/api-keys: a new key; the full key (`ssk_…`) is in this answer only. */
export async function createApiKey(
  deps: ApiKeyDeps,
  user: AuthUser,
  input: { name: string; scopes: readonly string[] },
  now = new Date(),
): Promise<{ key: ApiKeyView; secret: string }> {
  const name = input.name.trim();
  if (name.length < 1 || name.length > 60) {
    throw new AppError('apiKeys.errors.name', 'The name must be 1 to 60 characters', { status: 400 });
  }
  const scopes = normaliseScopes(input.scopes);
  const record = await requireRecord(deps, user);
  if (!(await apiAllowed(deps, record, now))) throw notIncluded();
  await enforceLimits(deps.limits, [{ rule: 'apiKeysPerOwner', key: user.sub }]);
  for (let attempt = 0; attempt < 4; attempt++) {
    const prefix = randomBase62(PREFIX_LENGTH);
    const secret = randomBase62(SECRET_LENGTH);
    const key: ApiKeyRecord = {
      keyId: randomUUID(),
      userId: user.sub,
      name,
      prefix,
      scopes,
      secretHash: sha256Hex(secret),
      createdAt: now.toISOString(),
    };
    const result = await deps.keys.create(key, MAX_LIVE_API_KEYS);
    if (result === 'cap') {
      throw new AppError('apiKeys.errors.tooMany', `At most ${MAX_LIVE_API_KEYS} keys; revoke one first`, {
        status: 409,
        details: { max: MAX_LIVE_API_KEYS },
      });
    }
    if (result === 'created') return { key: viewOf(key), secret: `ssk_${prefix}_${secret}` };
  }
  throw new Error('Four random API key prefixes were all taken');
}

/** DELETE /api/account/api-keys/{keyId}: the key stops working at once (404: not the caller's). */
export async function revokeApiKey(
  deps: ApiKeyDeps,
  user: AuthUser,
  keyId: string,
  now = new Date(),
): Promise<ApiKeyView> {
  const keys = await deps.keys.listByOwner(user.sub);
  const found = keys.find((k) => k.keyId === keyId);
  if (!found) throw notFound();
  if (found.revokedAt) return viewOf(found);
  if (!(await deps.keys.revoke(found.prefix, user.sub, now))) {
    // Revoked meanwhile by another request: the same outcome.
    const again = await deps.keys.byPrefix(found.prefix);
    if (!again || again.userId !== user.sub) throw notFound();
    return viewOf(again);
  }
  return viewOf({ ...found, revokedAt: now.toISOString() });
}

// ---------------------------------------------------------------------------------------------------
// Authenticating a REST v1 request

/**
 * Who an `Authorization: Bearer ssk_…` header speaks for, or an AppError: 401 missing / malformed /
 * unknown (no such key, or a wrong secret: the two are not told apart) / revoked / accountClosed,
 * 403 notIncluded (the owner's plan no longer includes the API), 429 rateLimited with Retry-After.
 * The secret is checked before anything is counted, so a stranger cannot spend a key's budget.
 */
export async function authenticateApiKey(
  deps: ApiKeyAuthDeps,
  authorization: string | undefined,
  now: Date,
): Promise<ApiPrincipal> {
  if (authorization === undefined || authorization.trim() === '') {
    throw unauthorized('missing', 'An API key is required: Authorization: Bearer ssk_…');
  }
  const m = /^Bearer +(\S+) *$/i.exec(authorization.length <= 200 ? authorization : '');
  const parsed = m ? parseApiKey(m[1]!) : null;
  if (!parsed)
    throw unauthorized('malformed', 'The Authorization header is not Bearer ssk_{prefix}_{secret}');
  const key = await deps.keys.byPrefix(parsed.prefix);
  if (!key || !sameHash(key.secretHash, sha256Hex(parsed.secret))) {
    throw unauthorized('unknown', 'No such API key');
  }
  if (key.revokedAt) throw unauthorized('revoked', 'This API key has been revoked');
  const owner = await ownerState(deps, key.userId, now);
  if (!owner || owner.closed) throw unauthorized('accountClosed', "The key owner's account is closed");
  if (!owner.api) throw notIncluded();
  const at = now.getTime();
  const windowStart = at - (at % WINDOW_MS);
  const lastUsed = key.lastUsedAt ? Date.parse(key.lastUsedAt) : Number.NaN;
  const stale = !(at - lastUsed < LAST_USED_RESOLUTION_MS);
  const [counted] = await Promise.all([
    deps.keys.countRequest(
      key.keyId,
      windowStart,
      deps.ratePerMinute,
      Math.ceil((windowStart + 2 * WINDOW_MS) / 1000),
    ),
    stale ? deps.keys.touch(key.prefix, now, new Date(at - LAST_USED_RESOLUTION_MS)) : undefined,
  ]);
  if (!counted) {
    const retryAfterSeconds = Math.max(1, Math.ceil((windowStart + WINDOW_MS - at) / 1000));
    throw new AppError(
      'apiKeys.errors.rateLimited',
      `Over ${deps.ratePerMinute} requests a minute for this key`,
      {
        status: 429,
        details: { limit: deps.ratePerMinute, retryAfterSeconds },
        headers: { 'retry-after': String(retryAfterSeconds) },
      },
    );
  }
  return { userId: key.userId, user: owner.user, keyId: key.keyId, scopes: key.scopes };
}

/** Refuses (403 apiKeys.errors.scope) a request whose key lacks the scope. */
export function requireScope(principal: ApiPrincipal, scope: ApiScope): void {
  if (!principal.scopes.includes(scope)) {
    throw new AppError('apiKeys.errors.scope', `This API key lacks the scope ${scope}`, {
      status: 403,
      details: { scope },
    });
  }
}
