import { isAppError } from '../core/errors';

/** How often a read-check-write step is tried before its conflict is returned to the client. */
const MAX_ATTEMPTS = 10;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs a read-check-write step again (after a short random wait) when another request changed the
 * document in between — the conditional write failed with 'errors.conflict' — so concurrent signers and
 * owners each get their own answer instead of a conflict. Any other error is thrown at once.
 */
export async function withConflictRetry<T>(step: () => Promise<T>, maxAttempts = MAX_ATTEMPTS): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (err) {
      const conflict = isAppError(err) && err.code === 'errors.conflict';
      if (!conflict || attempt >= maxAttempts) throw err;
      await sleep(10 + Math.floor(Math.random() * 40 * attempt));
    }
  }
}
