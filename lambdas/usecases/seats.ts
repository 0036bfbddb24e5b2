// Company seat members of a standard plan (issue #18, spec doc 1 §2 "company seat members"): the
// buyer names one e-mail per further seat on My Plan; a person who signs in with one of them, with
// that address verified, shares the buyer's plan — their plan box and My Plan show it and their sends
// use the buyer's allowance (the buyer's record is the one conditionally updated, decision 105).
// Removing a member, or the plan ending, ends the sharing: it is decided on every read, never copied.
// Someone with a live paid plan of their own keeps using theirs.
// One-time tickets (issue #29) include up to 5 seats too: who is a buyer with seats is planFeatures'
// answer (source 'standard' or 'onetime'); a one-time company's members send from the buyer's bought
// tickets only (oneTimeTicketForSend in sending.ts), never from the buyer's own subscription or trial.
import {
  lotsOfRecord,
  planFeatures,
  subscriptionActive,
  type PlanFeatures,
  type TicketLot,
} from '../../shared/domain/entitlements';
import { isValidEmail } from '../../shared/domain/contact';
import type { EntitlementStore, SeatMemberStore, UserRecord } from '../adapters/dynamo/repository';
import { AppError } from '../core/errors';

export interface SeatDeps {
  /** The buyer's member list is written like a plan: on the entitlement version read. */
  readonly users: EntitlementStore;
  readonly seats: SeatMemberStore;
}

type PlanRecord = Pick<
  UserRecord,
  'plan' | 'validDate' | 'seats' | 'availableTickets' | 'createdAt' | 'ticketLots'
>;

/** What a stored account's plan includes now (its seats among them): planFeatures of its record. */
export function featuresOf(record: PlanRecord, now: Date): PlanFeatures {
  return planFeatures(
    {
      plan: record.plan,
      validDate: record.validDate,
      ...(record.seats == null ? {} : { seats: record.seats }),
      lots: lotsOfRecord(record, now),
    },
    now,
  );
}

/** A buyer with seats to share: an active Standard plan or unused one-time tickets. */
const hasSeats = (features: PlanFeatures) => features.source === 'standard' || features.source === 'onetime';

/** The buyer whose Standard plan or one-time tickets this user shares now, or null (own plan). */
export async function companyBuyerOf(
  deps: { users: { getById(userId: string): Promise<UserRecord | null> }; seats: SeatMemberStore },
  member: Pick<UserRecord, 'userId' | 'email' | 'emailVerified'> & PlanRecord,
  now = new Date(),
): Promise<UserRecord | null> {
  // A person with a paid plan (or bought tickets) of their own uses it: the company's is for those
  // without one.
  if (!member.emailVerified || subscriptionActive(member, now)) return null;
  if (featuresOf(member, now).source === 'onetime') return null;
  const email = member.email.toLowerCase();
  const buyerId = await deps.seats.seatBuyerOf(email);
  if (!buyerId || buyerId === member.userId) return null;
  const buyer = await deps.users.getById(buyerId);
  if (!buyer || buyer.closed || !hasSeats(featuresOf(buyer, now))) return null;
  return buyer.memberEmails?.includes(email) ? buyer : null;
}

/**
 * The ticket lots a user's remaining contracts count (one definition for /api/me and My Plan): their
 * own, and a one-time company's bought tickets they send from; a Standard company's allowance is
 * counted through the buyer's plan itself.
 */
export function sharedLots(record: PlanRecord, buyer: PlanRecord | null, now: Date): TicketLot[] {
  const own = lotsOfRecord(record, now);
  if (!buyer || featuresOf(buyer, now).source !== 'onetime') return own;
  return [...lotsOfRecord(buyer, now).filter((l) => l.source === 'onetime'), ...own];
}

/** The plan whose name, dates and monthly allowance a user sees and sends under: a Standard company's
 *  buyer's, else their own (one-time tickets are counted by sharedLots). */
export function planShownFor<R extends PlanRecord>(record: R, buyer: R | null, now: Date): R {
  return buyer && featuresOf(buyer, now).source === 'standard' ? buyer : record;
}

export interface MembersView {
  /** 'buyer': the standard plan's buyer, who edits the list; 'member': shares a buyer's plan. */
  role: 'buyer' | 'member' | 'none';
  seats: number;
  ownerEmail: string;
  members: string[];
}

/** GET /api/billing/members. */
export async function getMembers(deps: SeatDeps, userId: string, now = new Date()): Promise<MembersView> {
  const record = await deps.users.getById(userId);
  if (!record) throw new AppError('errors.unauthorized', 'Sign-in required');
  const features = featuresOf(record, now);
  if (hasSeats(features)) {
    return {
      role: 'buyer',
      seats: features.seats,
      ownerEmail: record.email,
      members: record.memberEmails ?? [],
    };
  }
  const buyer = await companyBuyerOf(deps, record, now);
  if (buyer)
    return { role: 'member', seats: featuresOf(buyer, now).seats, ownerEmail: buyer.email, members: [] };
  return { role: 'none', seats: record.seats ?? 1, ownerEmail: record.email, members: [] };
}

const memberError = (
  code: string,
  message: string,
  status: number,
  details?: Record<string, string | number>,
) => new AppError(`billing.members.errors.${code}`, message, { status, ...(details ? { details } : {}) });

/** The list as typed: trimmed, blank rows dropped, lower case; each checked (row = its index + 2,
 *  the owner's own row being 1). */
export function checkMembers(emails: readonly string[], ownerEmail: string, seats: number): string[] {
  const out: string[] = [];
  emails.forEach((raw, i) => {
    const email = raw.trim().toLowerCase();
    if (email === '') return;
    const row = i + 2;
    if (!isValidEmail(email)) throw memberError('invalidEmail', 'Not an e-mail address', 400, { row });
    if (email === ownerEmail.toLowerCase() || out.includes(email)) {
      throw memberError('duplicate', 'An e-mail is listed twice', 400, { row });
    }
    out.push(email);
  });
  if (out.length > seats - 1) {
    throw memberError('tooMany', 'More members than seats', 400, { max: Math.max(0, seats - 1) });
  }
  return out;
}

/** PUT /api/billing/members: the buyer's member list (at most seats − 1 besides the owner; a one-time
 *  buyer's seats are ONETIME_PLAN_SEATS). */
export async function saveMembers(
  deps: SeatDeps,
  userId: string,
  emails: readonly string[],
  now = new Date(),
): Promise<MembersView> {
  for (let attempt = 1; attempt <= 5; attempt++) {
    const record = await deps.users.getById(userId);
    if (!record) throw new AppError('errors.unauthorized', 'Sign-in required');
    const features = featuresOf(record, now);
    if (!hasSeats(features)) {
      throw memberError(
        'notStandard',
        'Only a standard plan or one-time contracts have company members',
        409,
      );
    }
    const seats = features.seats;
    const next = checkMembers(emails, record.email, seats);
    const before = record.memberEmails ?? [];
    const added = next.filter((e) => !before.includes(e));
    const claimed: string[] = [];
    for (const email of added) {
      if (await deps.seats.claimSeat(email, userId, now)) {
        claimed.push(email);
        continue;
      }
      for (const e of claimed) await deps.seats.releaseSeat(e, userId);
      throw memberError('taken', 'This e-mail is a member of another plan', 409, {
        row: emails.findIndex((x) => x.trim().toLowerCase() === email) + 2,
      });
    }
    // The list on the buyer's record is what counts; conditional like every plan change.
    if (!(await deps.users.updateEntitlements(userId, record.entitlementVersion, { memberEmails: next }))) {
      for (const e of claimed) await deps.seats.releaseSeat(e, userId);
      continue;
    }
    for (const email of before.filter((e) => !next.includes(e))) await deps.seats.releaseSeat(email, userId);
    return { role: 'buyer', seats, ownerEmail: record.email, members: next };
  }
  throw new AppError('errors.conflict', 'The user record kept changing', { status: 409 });
}
