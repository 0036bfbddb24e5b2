// Which sign is an owner's default (spec `default_sign_index`: "the default is the item at that
// index, or the first"). Its own module so that sending (documents.ts) and the sign list
// (owner-signs.ts) share it without an import cycle.
import type { SignerRepository, SignRecord } from '../adapters/dynamo/documents';
import type { UserRepository } from '../adapters/dynamo/repository';

/** The default sign: the chosen one when it still exists, else the oldest. */
export function pickDefaultSign(
  signs: readonly SignRecord[],
  defaultSignId?: string | null,
): SignRecord | null {
  const ordered = [...signs].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  return ordered.find((s) => s.signId === defaultSignId) ?? ordered[0] ?? null;
}

/** The owner's default sign, or null when the account has none. */
export async function defaultSignOf(
  deps: { users: Pick<UserRepository, 'getById'>; signs: Pick<SignerRepository, 'listSigns'> },
  userId: string,
): Promise<SignRecord | null> {
  const [user, signs] = await Promise.all([deps.users.getById(userId), deps.signs.listSigns('user', userId)]);
  return pickDefaultSign(signs, user?.defaultSignId);
}
