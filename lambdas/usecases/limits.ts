// Abuse limits (architecture §18, issue #13): how many messages, mails, sign images and verification
// codes an owner, a recipient, an address or a signer link may cause in a window. Every call that
// sends a message or stores a file first calls enforceLimits() with its rules and keys; over a limit it
// answers 429 (with Retry-After) and nothing is counted, sent or stored.
//
// Each counter is a window of fixed length that starts at its first use (so a limit of 1 in 60 s
// means at least 60 s between two calls) and is kept in DynamoDB until the window ends (TTL). The
// counters of one call are read, checked and written all together, conditional on what was read:
// a call that would exceed any of them changes none, and concurrent calls never count past a limit.
import { createHash } from 'node:crypto';
import { AppError } from '../core/errors';
import type { RateCounter, RateCounterWrite, RateLimiter } from '../ports';

const HOUR = 3600;
const DAY = 24 * HOUR;

export interface LimitRuleSpec {
  /** At most this many in one window. */
  readonly limit: number;
  readonly windowSeconds: number;
}

/** The one table of limits: the defaults, each overridable by config (RATE_LIMITS, lambdas/config.ts). */
export const DEFAULT_LIMITS = {
  /** Signature requests and resends by SMS, per owner (a send to N phone contractors counts N). */
  smsPerOwner: { limit: 100, windowSeconds: HOUR },
  /** Signature requests and resends by e-mail, per owner. */
  emailsPerOwner: { limit: 300, windowSeconds: HOUR },
  /** Signature requests and resends to one contact (e-mail or phone), from any owner. */
  messagesPerRecipient: { limit: 20, windowSeconds: HOUR },
  /** Resends to one contact, from any owner… */
  resendsPerRecipient: { limit: 5, windowSeconds: HOUR },
  /** …and at least a minute between two of them. */
  resendInterval: { limit: 1, windowSeconds: 60 },
  /** The final PDF mailed (POST /api/documents/{id}/mail), per owner… */
  finalMailsPerOwner: { limit: 20, windowSeconds: HOUR },
  /** …and per address it goes to. */
  finalMailsPerAddress: { limit: 5, windowSeconds: DAY },
  /** Sign images stored through one signer link, over the link's life (30 days). */
  signImagesPerLink: { limit: 10, windowSeconds: 30 * DAY },
  /** Sign images stored by one contractor (by contact) through any of their links: a resend or
   *  Continue gives a new link, not a new budget. Saved signs are offered again on every link. */
  signImagesPerSigner: { limit: 50, windowSeconds: DAY },
  /** Sign images stored by an owner in their sign list. */
  signImagesPerOwner: { limit: 30, windowSeconds: HOUR },
  /** Comments posted by one author (a user, or a contractor by contact) on any thread (issue #29):
   *  each is a stored item and a history entry, so a link cannot flood a contract's thread. */
  commentsPerAuthor: { limit: 60, windowSeconds: HOUR },
  /** Brand logos stored by one owner (issue #29 item 2). */
  brandLogosPerOwner: { limit: 20, windowSeconds: HOUR },
  /** API keys created by one owner (issue #31): each is an item kept a month after its revocation. */
  apiKeysPerOwner: { limit: 50, windowSeconds: HOUR },
  /** Recording sessions (each a presigned video upload) of one contractor of a document (issue #15). */
  videoSessionsPerRecipient: { limit: 20, windowSeconds: HOUR },
  /** Phone hand-off links (QR codes) of one contractor of a document (issue #15). */
  videoMobileLinksPerRecipient: { limit: 20, windowSeconds: HOUR },
  /** Presigned PDF upload forms (each may stage up to the upload cap for minutes) of one owner…
   *  (issue #25) */
  uploadFormsPerOwner: { limit: 60, windowSeconds: HOUR },
  /** …and of one document (a new form also spends the one before). */
  uploadFormsPerDocument: { limit: 10, windowSeconds: HOUR },
  /** Attachment upload forms (each may stage up to 10 MB for minutes, issue #27) through one signer
   *  link… */
  attachmentFormsPerLink: { limit: 30, windowSeconds: HOUR },
  /** …and by one contractor (by contact) through any of their links. */
  attachmentFormsPerSigner: { limit: 60, windowSeconds: HOUR },
  /** Bulk sends started by one owner (issue #27 item 6; each row is a paid contract besides). */
  bulkSendsPerOwner: { limit: 20, windowSeconds: HOUR },
  /** Webhook test events and replays asked for by one owner (issue #31 item 3): each makes us POST to
   *  an address the owner chose. */
  webhookSendsPerOwner: { limit: 60, windowSeconds: HOUR },
  /** E-mail verification codes sent for one user… */
  verificationCodesPerUser: { limit: 5, windowSeconds: HOUR },
  /** …and to one address. */
  verificationCodesPerAddress: { limit: 5, windowSeconds: HOUR },
  /** Embedded signing sessions (each a token item) of one contractor of a document (issue #31). */
  embedSessionsPerRecipient: { limit: 60, windowSeconds: HOUR },
  /** Wallet sign-in messages written for one user (issue #32): each Connect asks for one. */
  walletChallengesPerUser: { limit: 30, windowSeconds: HOUR },
} as const satisfies Record<string, LimitRuleSpec>;

export type LimitRule = keyof typeof DEFAULT_LIMITS;
export type LimitTable = Readonly<Record<LimitRule, LimitRuleSpec>>;
export const LIMIT_RULES = Object.keys(DEFAULT_LIMITS) as LimitRule[];

export function isLimitRule(name: string): name is LimitRule {
  return Object.hasOwn(DEFAULT_LIMITS, name);
}

/** The message key of a refusal: a signer link's image cap has its own (waiting does not help). */
const RULE_CODES: Partial<Record<LimitRule, string>> = {
  signImagesPerLink: 'signing.errors.tooManySignImages',
  uploadFormsPerOwner: 'upload.errors.tooManyForms',
  uploadFormsPerDocument: 'upload.errors.tooManyForms',
  attachmentFormsPerLink: 'upload.errors.tooManyForms',
  attachmentFormsPerSigner: 'upload.errors.tooManyForms',
};

/** The defaults with the configured overrides. */
export function limitTable(overrides: Partial<Record<LimitRule, Partial<LimitRuleSpec>>> = {}): LimitTable {
  const table: Record<LimitRule, LimitRuleSpec> = { ...DEFAULT_LIMITS };
  for (const rule of LIMIT_RULES) table[rule] = { ...DEFAULT_LIMITS[rule], ...overrides[rule] };
  return table;
}

/** What the use cases receive (lambdas/deps.ts): the counters and the limits in force. */
export interface Limits {
  readonly limiter: RateLimiter;
  readonly rules: LimitTable;
}

/** One counter a call uses: the rule, whose it is (an owner id, a contact, a token hash…) and how
 *  many it counts (default 1; a send counts one per contractor). */
export interface LimitHit {
  readonly rule: LimitRule;
  readonly key: string;
  readonly amount?: number;
}

/** The counter's id in the table: the rule and the SHA-256 of its key, so no e-mail address, phone
 *  number or token is ever stored in a counter. Normalise contacts before (lower-case e-mail, E.164). */
export function counterId(rule: LimitRule, key: string): string {
  return `${rule}#${createHash('sha256').update(key, 'utf8').digest('hex')}`;
}

interface PlannedHit {
  readonly rule: LimitRule;
  readonly id: string;
  readonly amount: number;
  readonly spec: LimitRuleSpec;
}

export type LimitPlan =
  | { ok: true; writes: RateCounterWrite[] }
  | { ok: false; refused: { rule: LimitRule; limit: number; resetsAt: number }[] };

/** The same counter named twice in one call counts once with both amounts; amount 0 uses none. */
export function mergeHits(rules: LimitTable, hits: readonly LimitHit[]): PlannedHit[] {
  const merged = new Map<string, PlannedHit>();
  for (const hit of hits) {
    const amount = hit.amount ?? 1;
    if (!Number.isInteger(amount) || amount < 0) throw new Error(`Bad amount ${amount} for ${hit.rule}`);
    if (amount === 0) continue;
    const id = counterId(hit.rule, hit.key);
    const before = merged.get(id);
    merged.set(id, { rule: hit.rule, id, spec: rules[hit.rule], amount: (before?.amount ?? 0) + amount });
  }
  return [...merged.values()];
}

/**
 * The window logic, pure: given the counters as read, either the writes that count the hits (each
 * conditional on the state read; a new window starts at `nowMs` where the old one ended) or every
 * rule the hits would exceed, with when its window ends.
 */
export function planLimits(
  hits: readonly PlannedHit[],
  current: ReadonlyMap<string, RateCounter>,
  nowMs: number,
): LimitPlan {
  const refused: { rule: LimitRule; limit: number; resetsAt: number }[] = [];
  const writes: RateCounterWrite[] = [];
  for (const hit of hits) {
    const seen = current.get(hit.id);
    // A counter whose window has ended counts as empty: its next use starts a new window.
    const live = seen !== undefined && seen.windowEnd > nowMs ? seen : undefined;
    const count = live?.count ?? 0;
    const windowEnd = live?.windowEnd ?? nowMs + hit.spec.windowSeconds * 1000;
    if (count + hit.amount > hit.spec.limit) {
      refused.push({ rule: hit.rule, limit: hit.spec.limit, resetsAt: windowEnd });
      continue;
    }
    writes.push({ id: hit.id, expected: seen ?? null, next: { count: count + hit.amount, windowEnd } });
  }
  return refused.length ? { ok: false, refused } : { ok: true, writes };
}

/** How often the read-check-write of the counters is tried when concurrent calls change them. */
const MAX_ATTEMPTS = 12;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The 429 of a refusal: the message key, when to try again (also as Retry-After) and the limit. */
export function tooManyRequests(
  refused: readonly { rule: LimitRule; limit: number; resetsAt: number }[],
  nowMs: number,
): AppError {
  // Every refused counter must have room again: wait for the last one.
  const last = refused.reduce((a, b) => (b.resetsAt > a.resetsAt ? b : a));
  const retryAfterSeconds = Math.max(1, Math.ceil((last.resetsAt - nowMs) / 1000));
  return new AppError(RULE_CODES[last.rule] ?? 'errors.tooManyRequests', `Too many requests (${last.rule})`, {
    status: 429,
    details: {
      rule: last.rule,
      limit: last.limit,
      retryAfterSeconds,
      minutes: Math.ceil(retryAfterSeconds / 60),
    },
    headers: { 'retry-after': String(retryAfterSeconds) },
  });
}

/**
 * Counts the hits against their limits, all or none: throws a 429 AppError when any would go over
 * (nothing is counted then), else returns with every counter advanced. Call it after the request's
 * own checks (so a refused or invalid request uses no budget) and before anything is sent or stored.
 */
export async function enforceLimits(
  limits: Limits,
  hits: readonly LimitHit[],
  now: () => number = Date.now,
): Promise<void> {
  const planned = mergeHits(limits.rules, hits);
  if (planned.length === 0) return;
  for (let attempt = 1; ; attempt++) {
    const current = await limits.limiter.read(planned.map((h) => h.id));
    const at = now();
    const plan = planLimits(planned, current, at);
    if (!plan.ok) throw tooManyRequests(plan.refused, at);
    if (await limits.limiter.write(plan.writes)) return;
    if (attempt >= MAX_ATTEMPTS) {
      // Concurrent calls kept changing the same counters: this one waits a little.
      throw tooManyRequests(
        planned.map((h) => ({ rule: h.rule, limit: h.spec.limit, resetsAt: at + 1000 })),
        at,
      );
    }
    await sleep(5 + Math.floor(Math.random() * 20 * attempt));
  }
}

/** The counters of signature requests (send, resend) from an owner to contractors: one SMS or e-mail
 *  of the owner's budget and one of each contact's per contractor. */
export function messageHits(
  ownerId: string,
  recipients: readonly { contact: string; method: 'email' | 'phone' }[],
): LimitHit[] {
  const sms = recipients.filter((r) => r.method === 'phone').length;
  return [
    { rule: 'smsPerOwner', key: ownerId, amount: sms },
    { rule: 'emailsPerOwner', key: ownerId, amount: recipients.length - sms },
    ...recipients.map((r) => ({ rule: 'messagesPerRecipient' as const, key: r.contact })),
  ];
}
