// Collaborative commenting (issue #29 item 3, architecture §21): the rules of a contract's comment
// thread, pure, shared by the server (which enforces them) and the SPA (which shows what is allowed).
// A comment is text only — never HTML or Markdown: every surface renders it as text — of 1…2,000
// characters counted as code points after trimming; its author may edit it for 5 minutes after
// posting and delete it at any time while the thread is open; a contract that is completed, being
// sealed, declined, expired or voided is closed to new comments and edits. Mentions are `@` and a
// participant's name or e-mail, found in the text (never trusted from a client's list).
import { isPastExpiry } from './routing';
import { isDraft, isOpen, type DocumentStatus } from './status';

/** Longest comment, in code points (a CJK character or an emoji counts one). */
export const COMMENT_MAX_CHARS = 2000;
/** How long after posting its author may edit a comment. */
export const COMMENT_EDIT_WINDOW_MS = 5 * 60 * 1000;
/** The list answers at most this many comments, the newest. */
export const COMMENT_LIST_LIMIT = 200;
/** At most this many people are notified by one comment (further mentions stay plain text). */
export const COMMENT_MAX_MENTIONS = 10;

/** Length in code points (what a person counts), not UTF-16 units. */
export function codePointLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** Why a text cannot be a comment, or null: empty after trimming, or longer than the maximum. */
export function commentTextProblem(text: string): 'empty' | 'tooLong' | null {
  const trimmed = text.trim();
  if (trimmed === '') return 'empty';
  if (codePointLength(trimmed) > COMMENT_MAX_CHARS) return 'tooLong';
  return null;
}

/** Whether a contract in this state takes new comments and edits: drafts and contracts still waiting
 *  for answers do; completed (or sealing), declined, expired (also once its date passed) and voided
 *  ones do not. */
export function isThreadOpen(
  doc: { status: DocumentStatus; expiresAt?: string | null | undefined },
  now: Date,
): boolean {
  if (isDraft(doc.status)) return true;
  return isOpen(doc.status) && !isPastExpiry(doc.expiresAt ?? undefined, now);
}

/** Whether the author may still edit a comment posted at `createdAt`. */
export function withinEditWindow(createdAt: string, now: Date): boolean {
  const posted = Date.parse(createdAt);
  return Number.isFinite(posted) && now.getTime() - posted <= COMMENT_EDIT_WINDOW_MS;
}

/** Someone a comment may mention: the owner, a company member, or a contractor of the contract. */
export interface MentionCandidate {
  /** Stable within the contract: 'owner', 'member:{email}' or 'recipient:{index}'. */
  readonly id: string;
  readonly name: string;
  /** Lower case; the address a mention e-mail goes to. */
  readonly email: string;
}

/** What may follow a mention: the end, a space or punctuation (not a letter, digit, '_', '-' or '@'). */
const BOUNDARY = /^(?:$|[^\p{L}\p{N}\p{M}_@-])/u;

/**
 * The participants a text mentions, in the order first mentioned, each once: `@` followed by their
 * e-mail or their name (case-insensitive), then a boundary. A longer name wins over a shorter one at
 * the same place (`@Ann Lee` is Ann Lee, not Ann). At most COMMENT_MAX_MENTIONS.
 */
export function findMentions(text: string, candidates: readonly MentionCandidate[]): MentionCandidate[] {
  const labels = candidates
    .flatMap((c) => [
      { c, label: c.email.toLowerCase() },
      ...(c.name.trim() ? [{ c, label: c.name.trim().toLowerCase() }] : []),
    ])
    .filter((l) => l.label !== '')
    .sort((a, b) => b.label.length - a.label.length);
  const lower = text.toLowerCase();
  const found: MentionCandidate[] = [];
  for (let at = lower.indexOf('@'); at !== -1; at = lower.indexOf('@', at + 1)) {
    // An e-mail address in the text (name@example.com) is not a mention: '@' must start a word.
    if (at > 0 && /[\p{L}\p{N}._%+-]/u.test(lower[at - 1]!)) continue;
    const rest = lower.slice(at + 1);
    const hit = labels.find((l) => rest.startsWith(l.label) && BOUNDARY.test(rest.slice(l.label.length)));
    if (hit && !found.some((f) => f.id === hit.c.id)) found.push(hit.c);
    if (found.length >= COMMENT_MAX_MENTIONS) break;
  }
  return found;
}

/** How the picker writes a mention: the name when no other participant has it, else the e-mail. */
export function mentionLabel(candidate: MentionCandidate, all: readonly MentionCandidate[]): string {
  const name = candidate.name.trim();
  const clash = all.some((c) => c.id !== candidate.id && c.name.trim().toLowerCase() === name.toLowerCase());
  return name && !clash ? name : candidate.email;
}
