// The product's own e-mail verification codes (issue #13, architecture §18): six digits mailed by our
// Mailer, kept only as a salted SHA-256, valid CODE_TTL_SECONDS, at most CODE_MAX_ATTEMPTS tries (every
// try is counted before it is checked, so parallel guesses cannot exceed it), used once. A newer code
// replaces the older one. Whether an address is verified is never taken from a token's claim.
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { VerificationCodeRecord, VerificationCodeStore } from '../ports';

/** How long a mailed code can be used. */
export const CODE_TTL_SECONDS = 15 * 60;
/** Tries per code; after them the code is void and a new one must be asked for. */
export const CODE_MAX_ATTEMPTS = 5;
/** Digits of a code. */
export const CODE_LENGTH = 6;

export type CodePurpose = 'signup' | 'email';

/** The item id of a code: its purpose and the SHA-256 of its key (a user id, or a sign-up address). */
export function codeIdOf(purpose: CodePurpose, key: string): string {
  return `${purpose}#${createHash('sha256').update(key, 'utf8').digest('hex')}`;
}

function hashCode(salt: string, code: string): string {
  return createHash('sha256').update(`${salt}:${code}`, 'utf8').digest('hex');
}

/** A new random code, zero-padded. */
export function newCode(): string {
  return String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
}

/** Stores a new code for this purpose and key (replacing an older one) and returns it, to be mailed. */
export async function issueCode(
  store: VerificationCodeStore,
  input: { purpose: CodePurpose; key: string; email: string; payload?: string },
  now = Date.now(),
): Promise<string> {
  const code = newCode();
  const salt = randomBytes(16).toString('hex');
  const record: VerificationCodeRecord = {
    codeId: codeIdOf(input.purpose, input.key),
    email: input.email,
    salt,
    codeHash: hashCode(salt, code),
    attempts: 0,
    expiresAt: now + CODE_TTL_SECONDS * 1000,
    ttl: Math.floor(now / 1000) + CODE_TTL_SECONDS,
    ...(input.payload === undefined ? {} : { payload: input.payload }),
  };
  await store.put(record);
  return code;
}

/**
 * Checks a code: counts the try, then compares. The record when the code is right and still valid (not
 * yet used up: the caller consumes it once its work is done), else null — unknown, expired, wrong or
 * out of tries all answer the same.
 */
export async function checkCode(
  store: VerificationCodeStore,
  purpose: CodePurpose,
  key: string,
  code: string,
  now = Date.now(),
): Promise<VerificationCodeRecord | null> {
  if (!new RegExp(`^\\d{${CODE_LENGTH}}$`).test(code)) return null;
  const record = await store.countAttempt(codeIdOf(purpose, key), CODE_MAX_ATTEMPTS);
  if (!record || record.expiresAt <= now) return null;
  const given = Buffer.from(hashCode(record.salt, code), 'hex');
  const stored = Buffer.from(record.codeHash, 'hex');
  if (given.length !== stored.length || !timingSafeEqual(given, stored)) return null;
  return record;
}

/** Uses the code up: true for exactly one of concurrent callers. */
export function consumeCode(store: VerificationCodeStore, record: VerificationCodeRecord): Promise<boolean> {
  return store.consume(record.codeId, record.codeHash);
}
