// An in-memory IdempotencyStore with the DynamoDB adapter's conditions (lambdas/adapters/dynamo/
// idempotency.ts): claim only when absent or expired; reclaim, complete and release only while the
// caller's lock is the record's.
import type { IdempotencyRecord, IdempotencyStore } from '../../../lambdas/usecases/idempotency';

export class MemoryIdempotencyStore implements IdempotencyStore {
  readonly records = new Map<string, IdempotencyRecord>();
  /** Called between a failed claim and the read: lets a test change the record in between. */
  onClaimFailed?: () => void;

  async claim(id: string, r: { fingerprint: string; lockedUntil: number; ttl: number }, nowS: number) {
    const old = this.records.get(id);
    if (old && old.ttl >= nowS) {
      this.onClaimFailed?.();
      return false;
    }
    this.records.set(id, { ...r, state: 'pending' });
    return true;
  }

  async get(id: string) {
    return this.records.get(id) ?? null;
  }

  async reclaim(id: string, expected: number, lockedUntil: number) {
    const r = this.records.get(id);
    if (!r || r.state !== 'pending' || r.lockedUntil !== expected) return false;
    this.records.set(id, { ...r, lockedUntil });
    return true;
  }

  async complete(id: string, lockedUntil: number, status: number, body: string) {
    const r = this.records.get(id);
    if (!r || r.state !== 'pending' || r.lockedUntil !== lockedUntil) return;
    this.records.set(id, { ...r, state: 'done', status, body });
  }

  async release(id: string, lockedUntil: number) {
    const r = this.records.get(id);
    if (r && r.state === 'pending' && r.lockedUntil === lockedUntil) this.records.delete(id);
  }
}
