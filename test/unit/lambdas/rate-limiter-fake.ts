// An in-memory RateLimiter with the DynamoDB adapter's semantics (all-or-none writes conditional on
// the state read), for unit tests of the use cases that enforce abuse limits.
import type { RateCounter, RateCounterWrite, RateLimiter } from '../../../lambdas/ports';
import {
  limitTable,
  type LimitRule,
  type LimitRuleSpec,
  type Limits,
} from '../../../lambdas/usecases/limits';

export class MemoryRateLimiter implements RateLimiter {
  readonly counters = new Map<string, RateCounter>();
  /** Writes refused as if a concurrent call had changed the counters (tests of the retry). */
  conflicts = 0;

  read(ids: readonly string[]): Promise<Map<string, RateCounter>> {
    const out = new Map<string, RateCounter>();
    for (const id of ids) {
      const c = this.counters.get(id);
      if (c) out.set(id, { ...c });
    }
    return Promise.resolve(out);
  }

  write(writes: readonly RateCounterWrite[]): Promise<boolean> {
    if (this.conflicts > 0) {
      this.conflicts -= 1;
      return Promise.resolve(false);
    }
    const same = (a: RateCounter | undefined, b: RateCounter | null) =>
      a === undefined ? b === null : b !== null && a.count === b.count && a.windowEnd === b.windowEnd;
    if (!writes.every((w) => same(this.counters.get(w.id), w.expected))) return Promise.resolve(false);
    for (const w of writes) this.counters.set(w.id, { ...w.next });
    return Promise.resolve(true);
  }
}

export function memoryLimits(overrides: Partial<Record<LimitRule, Partial<LimitRuleSpec>>> = {}): Limits & {
  limiter: MemoryRateLimiter;
} {
  return { limiter: new MemoryRateLimiter(), rules: limitTable(overrides) };
}
