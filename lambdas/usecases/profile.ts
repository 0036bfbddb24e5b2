import type { AuthUser } from '../core/http';
import type { UserRecord, UserRepository } from '../adapters/dynamo/repository';
import type { IdentityDirectory } from '../ports';

/** A new account starts on the free trial: 30 days, no card (spec doc 1 §1, architecture §14). */
export const TRIAL_DAYS = 30;
/** Contracts a trial account may send; the spec's Personal plan allows 5 envelopes a month. */
export const TRIAL_CONTRACTS = 5;

export interface Profile {
  userId: string;
  email: string;
  name: string;
  plan: UserRecord['plan'];
  validDate: string;
  availableTickets: number;
  isAdmin: boolean;
  firstLogin: boolean;
}

/** The signed-in user's profile; the first call for a new Cognito user creates it on the trial plan. */
export async function getOrCreateProfile(
  repo: UserRepository,
  directory: IdentityDirectory,
  user: AuthUser,
  now = new Date(),
): Promise<Profile> {
  let record = await repo.getById(user.sub);
  let firstLogin = false;
  if (!record) {
    // Tokens need not carry every attribute (cognito-local's carry no name): ask the directory.
    const identity = await directory.getProfile(user.sub);
    const validDate = new Date(now.getTime() + TRIAL_DAYS * 24 * 3600 * 1000).toISOString();
    record = await repo.createIfAbsent({
      userId: user.sub,
      email: (identity?.email || user.email).toLowerCase(),
      emailVerified: identity?.emailVerified ?? user.emailVerified,
      name: identity?.name || user.name,
      plan: 'trial',
      validDate,
      availableTickets: TRIAL_CONTRACTS,
      isAdmin: false,
      closed: false,
      createdAt: now.toISOString(),
    });
    firstLogin = record.createdAt === now.toISOString();
  }
  return {
    userId: record.userId,
    email: record.email,
    name: record.name,
    plan: record.plan,
    validDate: record.validDate,
    availableTickets: record.availableTickets,
    isAdmin: record.isAdmin ?? false,
    firstLogin,
  };
}
