import type { AuthUser } from '../core/http';
import type { RoutingDefaults } from '../../shared/api/schemas/routing';
import { AppError } from '../core/errors';
import type { SeatMemberStore, UserRecord, UserRepository } from '../adapters/dynamo/repository';
import type { IdentityDirectory } from '../ports';
import {
  DEFAULT_ENTITLEMENT_RULES,
  remainingContracts,
  type EntitlementRules,
} from '../../shared/domain/entitlements';
import { trialValidUntil } from '../../shared/domain/plans';
import { companyBuyerOf, planShownFor, sharedLots } from './seats';

/** Contracts a trial account may send by default (configured: TRIAL_CONTRACTS); the spec's
 *  Personal plan allows 5 envelopes a month. */
export const TRIAL_CONTRACTS = 5;

let trialContracts: () => number = () => TRIAL_CONTRACTS;
/** The composition root (lambdas/deps.ts) sets the configured number. */
export function setTrialContracts(source: () => number): void {
  trialContracts = source;
}

let entitlementRules: () => EntitlementRules = () => DEFAULT_ENTITLEMENT_RULES;
/** The composition root sets the configured monthly sends (PERSONAL_SENDS_PER_MONTH, …). */
export function setEntitlementRules(source: () => EntitlementRules): void {
  entitlementRules = source;
}

export interface Profile {
  userId: string;
  email: string;
  emailVerified: boolean;
  name: string;
  phone: string | null;
  walletAddress: string | null;
  walletVerifiedAt: string | null;
  plan: UserRecord['plan'];
  validDate: string;
  availableTickets: number;
  /** This month's sends left of the subscription (issue #18; 0 on the trial). */
  sendsLeftThisMonth: number;
  /** Remaining contracts (issue #34 item 5): `total` = `subscription` (this month's sends left) +
   *  `tickets` (availableTickets), as My Plan shows it. */
  remaining: { subscription: number; tickets: number; total: number };
  /** The buyer's e-mail when this user shares a company's standard plan (plan and valid date are
   *  then the company's). */
  companyOwnerEmail: string | null;
  isAdmin: boolean;
  consentsRequired: boolean;
  createdAt: string;
  lastLoginAt: string | null;
  /** The sign-click tutorial counter (spec: comp_signclick). */
  signClickTutorialCount: number;
  firstLogin: boolean;
  /** Issue #28: what a new contract's contractors step starts with. */
  routingDefaults: RoutingDefaults;
}

/** A new user record on the trial plan. */
export function trialUser(
  fields: Pick<UserRecord, 'userId' | 'email' | 'name'> & Partial<UserRecord>,
  now: Date,
  contracts = trialContracts(),
): UserRecord {
  // A new account starts on the free trial: TRIAL_DAYS, no card (spec doc 1 §1, architecture §14).
  const validDate = trialValidUntil(now);
  return {
    emailVerified: false,
    plan: 'trial',
    validDate,
    availableTickets: contracts,
    ticketLots:
      contracts > 0
        ? [{ source: 'trial', count: contracts, addedAt: now.toISOString(), expiresAt: validDate }]
        : [],
    isAdmin: false,
    closed: false,
    createdAt: now.toISOString(),
    ...fields,
    email: fields.email.toLowerCase(),
  };
}

export function toProfile(
  record: UserRecord,
  firstLogin = false,
  now = new Date(),
  buyer: UserRecord | null = null,
): Profile {
  const planOf = planShownFor(record, buyer, now);
  // Remaining contracts, one definition (issue #34 item 5): shared/domain/entitlements.ts; a one-time
  // company's tickets count for its members (issue #29).
  const left = remainingContracts(planOf, sharedLots(record, buyer, now), now, entitlementRules());
  return {
    userId: record.userId,
    email: record.email,
    emailVerified: record.emailVerified ?? false,
    name: record.name,
    phone: record.phone ?? null,
    walletAddress: record.walletAddress ?? null,
    walletVerifiedAt: (record.walletAddress && record.walletVerifiedAt) || null,
    plan: planOf.plan,
    validDate: planOf.validDate,
    sendsLeftThisMonth: left.subscription,
    remaining: left,
    companyOwnerEmail: buyer?.email ?? null,
    // The usable ones (issue #18): an ended trial's tickets are not shown as remaining.
    availableTickets: left.tickets,
    isAdmin: record.isAdmin ?? false,
    consentsRequired: !record.consents?.termsOfService,
    createdAt: record.createdAt,
    lastLoginAt: record.lastLoginAt ?? null,
    signClickTutorialCount: record.signClickTutorialCount ?? 0,
    firstLogin,
    routingDefaults: routingDefaultsOf(record),
  };
}

/** The signed-in user's record; the first call for a new Cognito user (a federated sign-in) creates it
 *  on the trial plan, without consents (the SPA then asks for them) and with its address unverified.
 *  A closed account is refused. */
export async function getOrCreateUser(
  repo: UserRepository,
  directory: IdentityDirectory,
  user: AuthUser,
  now = new Date(),
): Promise<{ record: UserRecord; created: boolean }> {
  let record = await repo.getById(user.sub);
  let created = false;
  if (!record) {
    // Tokens need not carry every attribute (cognito-local's carry no name): ask the directory.
    const identity = await directory.getProfile(user.sub);
    record = await repo.createIfAbsent(
      trialUser(
        {
          userId: user.sub,
          email: (identity?.email || user.email).toLowerCase(),
          // Unverified until the product checks a code it mailed there (issue #13): neither the token's
          // email_verified (cognito-local sets it for everyone) nor a user-writable pool attribute.
          emailVerified: false,
          name: identity?.name || user.name,
        },
        now,
      ),
    );
    created = record.createdAt === now.toISOString();
  }
  if (record.closed) throw new AppError('account.errors.closed', 'This account is closed', { status: 401 });
  return { record, created };
}

/** The signed-in user's profile (GET /api/me). */
export async function getOrCreateProfile(
  repo: UserRepository,
  directory: IdentityDirectory,
  user: AuthUser,
  now = new Date(),
  seats?: SeatMemberStore,
): Promise<Profile> {
  const { record, created } = await getOrCreateUser(repo, directory, user, now);
  const buyer = seats ? await companyBuyerOf({ users: repo, seats }, record, now) : null;
  return toProfile(record, created, now, buyer);
}

/** My Info's routing defaults (issue #28); a user who never set them: no reminders, no expiry, no
 *  delegation — today's behaviour. */
export function routingDefaultsOf(record: Pick<UserRecord, 'routingDefaults'>): RoutingDefaults {
  const d = record.routingDefaults;
  const r = d?.reminders;
  return {
    reminders: r ? { firstAfterDays: r.firstAfterDays, everyDays: r.everyDays, max: r.max } : null,
    expiryDays: d?.expiryDays ?? null,
    allowDelegation: d?.allowDelegation ?? false,
  };
}
