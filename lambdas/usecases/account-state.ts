// Whether an owner's account is closed (issue #13, architecture §18): every owner request asks here
// (lambdas/core/http.ts) before its handler runs, so a closed account's remaining tokens — an ID token
// stays valid until it expires, whatever the user pool revokes — get 401 everywhere.
//
// The answer comes from the user record's `closed` flag, cached per container: an open account for
// ACCOUNT_STATE_CACHE_MS, a closed one for good (closing cannot be undone). A closure in this
// container (markAccountClosed) takes effect at once; one made in another container, within the
// cache time.
//
// The reader is set by lambdas/deps.ts when it loads (every owner handler imports it), so that this
// module — imported by http.ts into every function — does not pull the DynamoDB adapters into the
// public functions' bundles.
import type { UserRecord } from '../adapters/dynamo/repository';

/** How long a container trusts that an account is open before reading its record again. */
export const ACCOUNT_STATE_CACHE_MS = 30_000;
/** Bound on the cache (a container serves few users; this only stops unbounded growth). */
const MAX_ENTRIES = 10_000;

type StateReader = (userId: string) => Promise<Pick<UserRecord, 'closed'> | null>;

let reader: StateReader | undefined;
const cache = new Map<string, { closed: boolean; until: number }>();

/** Where the state is read from: lambdas/deps.ts sets the user records; tests set their own. */
export function setAccountStateReader(next: StateReader | undefined): void {
  reader = next;
  cache.clear();
}

/** This container's requests of the account are refused from now on. */
export function markAccountClosed(userId: string): void {
  cache.set(userId, { closed: true, until: Number.POSITIVE_INFINITY });
}

/** Whether the account is closed. A user without a record yet (a first sign-in) is not. */
export async function isAccountClosed(userId: string, now = Date.now()): Promise<boolean> {
  const hit = cache.get(userId);
  if (hit && hit.until > now) return hit.closed;
  // No reader means an owner function that never loaded lambdas/deps.ts: refuse rather than guess.
  if (!reader) throw new Error('The account state reader is not set (lambdas/deps.ts sets it)');
  const record = await reader(userId);
  const closed = record?.closed === true;
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(userId, { closed, until: closed ? Number.POSITIVE_INFINITY : now + ACCOUNT_STATE_CACHE_MS });
  return closed;
}
