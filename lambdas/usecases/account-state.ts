// Whether an owner's account is closed (issue #13, architecture §18): every owner request asks here
// (lambdas/core/http.ts) before its handler runs, so a closed account's remaining tokens — an ID token
// stays valid until it expires, whatever the user pool revokes — get 401 everywhere.
//
// The answer comes from the user record's `closed` flag, cached per container: an open account for
// ACCOUNT_STATE_CACHE_MS, a closed one for good (closing cannot be undone). A closure in this
// container (markAccountClosed) takes effect at once; one made in another container, within the
// cache time.
import type { UserRecord } from '../adapters/dynamo/repository';
import { repository } from '../deps';

/** How long a container trusts that an account is open before reading its record again. */
export const ACCOUNT_STATE_CACHE_MS = 30_000;
/** Bound on the cache (a container serves few users; this only stops unbounded growth). */
const MAX_ENTRIES = 10_000;

type StateReader = (userId: string) => Promise<Pick<UserRecord, 'closed'> | null>;

let reader: StateReader | undefined;
const cache = new Map<string, { closed: boolean; until: number }>();

/** Tests replace where the state is read from; undefined reads the user records again. */
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
  const record = await (reader ?? ((id: string) => repository().getById(id)))(userId);
  const closed = record?.closed === true;
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(userId, { closed, until: closed ? Number.POSITIVE_INFINITY : now + ACCOUNT_STATE_CACHE_MS });
  return closed;
}
