// Routing on Configuring Contractors (issue #28), the pure part: the form's state as typed (strings,
// so nothing the owner typed is lost on a refusal), where it starts (My Info's defaults for a new
// draft, what was saved for an existing one), the checks the server makes (same message keys, so a
// refusal reads the same before and after sending), and what the PUT …/recipients call sends.
import type { DocumentView } from '../../../../shared/api/schemas';
import type {
  ReminderSettingsInput,
  RoutingDefaults,
  RoutingSettings,
} from '../../../../shared/api/schemas/routing';
import {
  DEFAULT_REMINDERS,
  expiryRefusal,
  normaliseGroups,
  roleBlocks,
  ROUTING_LIMITS,
  type RecipientRole,
  type SigningOrder,
} from '../../../../shared/domain/routing';
import type { MessageKey } from '../../../../shared/i18n/keys';

const DAY_MS = 24 * 3600 * 1000;

/** The reminders section as typed: off, or first after N days, then every M days, at most K. */
export interface ReminderDraft {
  on: boolean;
  firstAfterDays: string;
  everyDays: string;
  max: string;
}

export interface RoutingDraft {
  order: SigningOrder;
  reminders: ReminderDraft;
  /** A `datetime-local` value in the browser's time zone ('' = no expiry). */
  expiresAt: string;
  allowDelegation: boolean;
}

/** Which part of the step a message belongs beside. */
export type RoutingSection = 'roles' | 'order' | 'reminders' | 'expiry';

export interface RoutingProblem {
  section: RoutingSection;
  key: MessageKey;
  values?: Record<string, number | string>;
  /** The contractor row (as typed) the message is about, when it is one row's. */
  row?: number;
  /** The input of the section to focus (e.g. 'firstAfterDays'). */
  field?: string;
}

/** A contractor row's routing as typed: the role and the signing group (a number input's text). */
export interface RowRouting {
  name: string;
  contact: string;
  role: RecipientRole;
  group: string;
  /** The owner's own row (their contact is the account's e-mail): always a signer. */
  isOwner?: boolean;
}

// --- Dates ------------------------------------------------------------------------------------

const pad = (n: number) => String(n).padStart(2, '0');

/** A moment as a `datetime-local` value in the browser's time zone, to the minute. */
export function toLocalInput(value: string | Date): string {
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `datetime-local` value (the browser's time zone) as an ISO instant, or null when empty/invalid. */
export function fromLocalInput(value: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  const date = new Date(y, mo - 1, d, h, mi, Number.isFinite(s) ? s : 0);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** `days` whole days from `now`, as a `datetime-local` value (seconds dropped). */
export function daysFromNow(days: number, now: Date): string {
  return toLocalInput(new Date(now.getTime() + days * DAY_MS));
}

/** The owner's expiry dialog on a sent contract starts at its expiry when still ahead, else a week on. */
export function expiryDefault(expiresAt: string | null, now: Date): string {
  if (expiresAt && Date.parse(expiresAt) > now.getTime()) return toLocalInput(expiresAt);
  return daysFromNow(7, now);
}

// --- Where the form starts --------------------------------------------------------------------

export function reminderDraftOf(reminders: ReminderSettingsInput | null | undefined): ReminderDraft {
  const r = reminders ?? DEFAULT_REMINDERS;
  return {
    on: reminders != null,
    firstAfterDays: String(r.firstAfterDays),
    everyDays: String(r.everyDays),
    max: String(r.max),
  };
}

/** A new draft: My Info's defaults (`expiryDays` becomes a date that many days from now). */
export function draftFromDefaults(defaults: RoutingDefaults | null | undefined, now: Date): RoutingDraft {
  return {
    order: 'parallel',
    reminders: reminderDraftOf(defaults?.reminders ?? null),
    expiresAt: defaults?.expiryDays ? daysFromNow(defaults.expiryDays, now) : '',
    allowDelegation: defaults?.allowDelegation ?? false,
  };
}

/** An existing draft: what was saved with its contractors. */
export function draftFromSettings(settings: RoutingSettings): RoutingDraft {
  return {
    order: settings.order,
    reminders: reminderDraftOf(settings.reminders),
    expiresAt: settings.expiresAt ? toLocalInput(settings.expiresAt) : '',
    allowDelegation: settings.allowDelegation,
  };
}

/**
 * Whether the contractors step opens on a draft whose contractors were never saved (it then starts
 * from My Info's defaults): nothing past the upload, and no contractor but the owner's own video-
 * contract row. A re-upload after Previous keeps its contractors (and what was saved with them).
 */
export function isNewDraft(doc: Pick<DocumentView, 'status' | 'recipients'>): boolean {
  return (doc.status === 'Ready' || doc.status === 'Upload') && !doc.recipients.some((r) => !r.isOwner);
}

export function initialDraft(
  doc: Pick<DocumentView, 'status' | 'recipients' | 'routing'>,
  defaults: RoutingDefaults | null | undefined,
  now: Date,
): RoutingDraft {
  return isNewDraft(doc) ? draftFromDefaults(defaults, now) : draftFromSettings(doc.routing);
}

// --- Checks (the server's rules, with its message keys) ----------------------------------------

const WHOLE = /^\s*\d+\s*$/;

function wholeIn(text: string, min: number, max: number): number | null {
  if (!WHOLE.test(text)) return null;
  const n = Number(text);
  return n >= min && n <= max ? n : null;
}

type Checked<T> = { ok: true; value: T } | { ok: false; problem: RoutingProblem };

/** The reminders as sent (null: off), or the first refusal. */
export function checkReminders(draft: ReminderDraft): Checked<ReminderSettingsInput | null> {
  if (!draft.on) return { ok: true, value: null };
  const { reminderDaysMin: min, reminderDaysMax: max, maxRemindersMax } = ROUTING_LIMITS;
  const days = { min, max };
  const firstAfterDays = wholeIn(draft.firstAfterDays, min, max);
  if (firstAfterDays === null) {
    return refused('reminders', 'routing.errors.reminderDays', days, 'firstAfterDays');
  }
  const everyDays = wholeIn(draft.everyDays, min, max);
  if (everyDays === null) return refused('reminders', 'routing.errors.reminderDays', days, 'everyDays');
  const count = wholeIn(draft.max, 0, maxRemindersMax);
  if (count === null) {
    return refused('reminders', 'routing.errors.maxReminders', { max: maxRemindersMax }, 'max');
  }
  return { ok: true, value: { firstAfterDays, everyDays, max: count } };
}

/** The expiry as sent (null: none), or its refusal (at least an hour, at most a year away). */
export function checkExpiry(value: string, now: Date): Checked<string | null> {
  if (value.trim() === '') return { ok: true, value: null };
  const iso = fromLocalInput(value);
  if (!iso) return refused('expiry', 'routing.errors.expiryInPast');
  const refusal = expiryRefusal(iso, now);
  if (refusal) return refused('expiry', refusal, { days: ROUTING_LIMITS.expiryMaxDays });
  return { ok: true, value: iso };
}

/** My Info's default expiry as typed: empty is none; otherwise whole days from 1 to a year. */
export function parseExpiryDays(text: string): { ok: true; value: number | null } | { ok: false } {
  if (text.trim() === '') return { ok: true, value: null };
  const days = wholeIn(text, 1, ROUTING_LIMITS.expiryMaxDays);
  return days === null ? { ok: false } : { ok: true, value: days };
}

/** A row's signing group as typed (null: not a whole number from 1 to the limit). */
export function parseGroup(text: string): number | null {
  return wholeIn(text, 1, ROUTING_LIMITS.maxGroups);
}

const filled = (r: Pick<RowRouting, 'name' | 'contact'>) => r.name.trim() !== '' || r.contact.trim() !== '';

/** The owner's row is always a signer, whatever its select said before the contact was typed. */
export function roleOfRow(r: Pick<RowRouting, 'role' | 'isOwner'>): RecipientRole {
  return r.isOwner ? 'signer' : r.role;
}

export interface CheckedRouting {
  routing: RoutingSettings;
  /** Each typed row's role and group, as the PUT's rows carry them. */
  rows: { role: RecipientRole; group: number }[];
}

/**
 * The whole section, in the order of the page: groups (in order only), roles, reminders, expiry. An
 * empty row (dropped by the server) is not checked and is sent as a signer of group 1.
 */
export function checkRouting(
  draft: RoutingDraft,
  rows: readonly RowRouting[],
  now: Date,
  options: { optional?: boolean } = {},
): Checked<CheckedRouting> {
  const sequential = draft.order === 'sequential';
  const out: CheckedRouting['rows'] = [];
  for (const [index, r] of rows.entries()) {
    const group = sequential ? parseGroup(r.group) : 1;
    if (group === null && filled(r)) {
      return refused(
        'order',
        'routing.errors.groupRange',
        { max: ROUTING_LIMITS.maxGroups },
        undefined,
        index,
      );
    }
    out.push({ role: roleOfRow(r), group: group ?? 1 });
  }
  const present = rows.map((r, i) => [r, out[i]!] as const).filter(([r]) => filled(r));
  if (!options.optional && present.length > 0 && !present.some(([, o]) => roleBlocks(o.role))) {
    return refused('roles', 'routing.errors.noBlocker');
  }
  const reminders = checkReminders(draft.reminders);
  if (!reminders.ok) return reminders;
  const expiry = checkExpiry(draft.expiresAt, now);
  if (!expiry.ok) return expiry;
  return {
    ok: true,
    value: {
      routing: {
        order: draft.order,
        reminders: reminders.value,
        expiresAt: expiry.value,
        allowDelegation: draft.allowDelegation,
      },
      rows: out,
    },
  };
}

function refused(
  section: RoutingSection,
  key: MessageKey,
  values?: Record<string, number | string>,
  field?: string,
  row?: number,
): { ok: false; problem: RoutingProblem } {
  return {
    ok: false,
    problem: {
      section,
      key,
      ...(values ? { values } : {}),
      ...(field ? { field } : {}),
      ...(row === undefined ? {} : { row }),
    },
  };
}

/** Where a server refusal of the save belongs (its `routing.errors.*` code), or null for the others. */
export function sectionOfCode(code: string): RoutingSection | null {
  switch (code) {
    case 'routing.errors.groupRange':
      return 'order';
    case 'routing.errors.noBlocker':
    case 'routing.errors.ownerRole':
      return 'roles';
    case 'routing.errors.reminderDays':
    case 'routing.errors.maxReminders':
      return 'reminders';
    case 'routing.errors.expiryInPast':
    case 'routing.errors.expiryTooFar':
      return 'expiry';
    default:
      return null;
  }
}

// --- The order as it will run -----------------------------------------------------------------

export interface OrderPreview {
  /** The groups in turn (as the server numbers them: contiguous from 1), each its contractors' names. */
  steps: string[][];
  /** Viewers: a copy at sending, whatever their group. */
  copies: string[];
}

/**
 * How the typed groups will run: the signers and approvers by group, made contiguous as the server
 * does (1, 3, 3 → 1, 2, 2); viewers apart. Rows without a name or with an unreadable group are left out.
 */
export function orderPreview(rows: readonly RowRouting[], order: SigningOrder): OrderPreview {
  const named = rows.filter((r) => r.name.trim() !== '');
  const copies = named.filter((r) => !roleBlocks(roleOfRow(r))).map((r) => r.name.trim());
  const blocking = named
    .filter((r) => roleBlocks(roleOfRow(r)))
    .map((r) => ({ name: r.name.trim(), group: order === 'parallel' ? 1 : parseGroup(r.group) }))
    .filter((r): r is { name: string; group: number } => r.group !== null);
  const groups = normaliseGroups(
    blocking.map((r) => r.group),
    order,
  );
  const steps: string[][] = [];
  blocking.forEach((r, i) => {
    const g = groups[i]! - 1;
    (steps[g] ??= []).push(r.name);
  });
  return { steps, copies };
}
