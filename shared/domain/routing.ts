// Routing (issue #28, architecture §20): each contractor's role and group, the signing order, whose
// turn it is, reminders and expiry. Pure rules shared by the server (which enforces them) and the SPA
// (which shows them); the server never trusts the SPA's reading.

import type { MessageKey } from '../i18n/keys';

// --- Roles ------------------------------------------------------------------------------------

/**
 * signer: today's contractor (signs their fields, agrees or denies).
 * approver: reads, then approves or denies; places no sign and has no fields.
 * viewer: a copy (CC): gets the request to read and the final PDF; never acts, never blocks completion.
 */
export const RECIPIENT_ROLES = ['signer', 'approver', 'viewer'] as const;
export type RecipientRole = (typeof RECIPIENT_ROLES)[number];

export const RECIPIENT_ROLE_LABEL_KEYS = {
  signer: 'roles.signer',
  approver: 'roles.approver',
  viewer: 'roles.viewer',
} as const satisfies Record<RecipientRole, MessageKey>;

export function isRecipientRole(value: unknown): value is RecipientRole {
  return typeof value === 'string' && (RECIPIENT_ROLES as readonly string[]).includes(value);
}

/** A stored row without a role is a signer (rows saved before issue #28). */
export function roleOf(r: { role?: string | null }): RecipientRole {
  return isRecipientRole(r.role) ? r.role : 'signer';
}

/** Whether the role has fields to fill (only signers place signs and values). */
export function roleHasFields(role: RecipientRole): boolean {
  return role === 'signer';
}

/** Whether the contractor's answer is needed before the contract completes (viewers never block). */
export function roleBlocks(role: RecipientRole): boolean {
  return role !== 'viewer';
}

// --- Order and groups -------------------------------------------------------------------------

/** parallel: every contractor gets the request at sending (group 1 for all). sequential: groups in order. */
export const SIGNING_ORDERS = ['parallel', 'sequential'] as const;
export type SigningOrder = (typeof SIGNING_ORDERS)[number];

export const ROUTING_LIMITS = {
  /** Groups are numbered 1…maxGroups. */
  maxGroups: 20,
  reminderDaysMin: 1,
  reminderDaysMax: 30,
  maxRemindersMax: 10,
  /** An expiry date is at least an hour and at most a year away when set or extended. */
  expiryMinMs: 60 * 60 * 1000,
  expiryMaxDays: 365,
  delegateReasonMaxChars: 200,
  voidReasonMaxChars: 200,
} as const;

/** A stored row without a group is in group 1 (rows saved before issue #28). */
export function groupOf(r: { group?: number | null }): number {
  return typeof r.group === 'number' && Number.isInteger(r.group) && r.group >= 1 ? r.group : 1;
}

/** What the turn is computed from: one row per contractor (the owner's row included). */
export interface RoutingRow {
  readonly index: number;
  readonly role?: string | null;
  readonly group?: number | null;
  /** 0 pending, 1 agreed, 2 denied. */
  readonly agreement?: number | null;
  readonly isOwner?: boolean;
}

function pending(r: RoutingRow): boolean {
  return r.agreement !== 1 && r.agreement !== 2;
}

/**
 * The group whose turn it is: the lowest group with a blocking contractor (signer or approver) who has
 * not answered. Null when every blocking contractor has answered (everyone agreed, or someone denied
 * and the flow stopped). In parallel order every row is group 1, so the turn is everyone's.
 */
export function currentGroup(rows: readonly RoutingRow[]): number | null {
  let lowest: number | null = null;
  for (const r of rows) {
    if (!roleBlocks(roleOf(r)) || !pending(r)) continue;
    const g = groupOf(r);
    if (lowest === null || g < lowest) lowest = g;
  }
  return lowest;
}

/** Whether `me` may act now: a blocking contractor of the current group (viewers never "act"). */
export function hasTurn(me: RoutingRow, rows: readonly RoutingRow[]): boolean {
  const turn = currentGroup(rows);
  return turn !== null && roleBlocks(roleOf(me)) && groupOf(me) <= turn;
}

/** The contractors the flow waits for now (blocking, pending, in the current group), in order. */
export function waitingFor<R extends RoutingRow>(rows: readonly R[]): R[] {
  const turn = currentGroup(rows);
  if (turn === null) return [];
  return rows.filter((r) => roleBlocks(roleOf(r)) && pending(r) && groupOf(r) === turn);
}

/**
 * The rows whose request is sent when the turn reaches `group`: its blocking contractors who have not
 * answered. Viewers get theirs at sending, whatever their group (they never wait for a turn).
 */
export function requestsOfGroup<R extends RoutingRow>(rows: readonly R[], group: number): R[] {
  return rows.filter((r) => !r.isOwner && roleBlocks(roleOf(r)) && pending(r) && groupOf(r) === group);
}

/**
 * Groups as the owner typed them, made contiguous (1, 3, 3, 7 → 1, 2, 2, 3) so that "group n+1" always
 * exists after n. Parallel order puts everyone in group 1.
 */
export function normaliseGroups(groups: readonly number[], order: SigningOrder): number[] {
  if (order === 'parallel') return groups.map(() => 1);
  const distinct = [...new Set(groups)].sort((a, b) => a - b);
  return groups.map((g) => distinct.indexOf(g) + 1);
}

// --- Reminders ----------------------------------------------------------------------------------

/** The first reminder `firstAfterDays` after the turn opened, then every `everyDays`, at most `max`. */
export interface ReminderSettings {
  readonly firstAfterDays: number;
  readonly everyDays: number;
  readonly max: number;
}

/** What a new account starts with (My Info may change it): reminders off, no expiry. */
export const DEFAULT_REMINDERS: ReminderSettings = { firstAfterDays: 3, everyDays: 3, max: 3 };

const DAY_MS = 24 * 3600 * 1000;

/**
 * When reminder `n` (1-based) is due for a turn that opened at `turnOpenedAt`, or null past `max`.
 * Reminders are counted from the turn, not from the last one sent, so a late delivery never shifts the
 * plan the owner chose.
 */
export function reminderDueAt(settings: ReminderSettings, turnOpenedAt: Date, n: number): Date | null {
  if (!Number.isInteger(n) || n < 1 || n > settings.max) return null;
  const days = settings.firstAfterDays + (n - 1) * settings.everyDays;
  return new Date(turnOpenedAt.getTime() + days * DAY_MS);
}

/** The name of a contractor's reminder `n` in the scheduler (idempotent: the same reminder, one name). */
export function reminderScheduleName(docuId: string, index: number, n: number): string {
  return `rem-${docuId}-${index}-${n}`;
}

/** The name of a document's expiry in the scheduler. */
export function expiryScheduleName(docuId: string): string {
  return `exp-${docuId}`;
}

// --- Expiry -------------------------------------------------------------------------------------

/** Whether an expiry date has passed at `now` (a contract without one never expires). */
export function isPastExpiry(expiresAt: string | null | undefined, now: Date): boolean {
  return typeof expiresAt === 'string' && Date.parse(expiresAt) <= now.getTime();
}

/** Why a new expiry date is refused, or null when it is acceptable (at least an hour, at most a year). */
export function expiryRefusal(
  expiresAt: string,
  now: Date,
): 'routing.errors.expiryInPast' | 'routing.errors.expiryTooFar' | null {
  const at = Date.parse(expiresAt);
  if (!Number.isFinite(at) || at < now.getTime() + ROUTING_LIMITS.expiryMinMs) {
    return 'routing.errors.expiryInPast';
  }
  if (at > now.getTime() + ROUTING_LIMITS.expiryMaxDays * DAY_MS) return 'routing.errors.expiryTooFar';
  return null;
}
