// Collaborative commenting (issue #29 item 3, architecture §21, decision 150): one thread per
// contract. Who reads and posts: the contract's owner, the people of the owner's company (the buyer of
// the standard plan the owner uses or shares and the members that plan lists: lambdas/usecases/seats.ts
// decides, on every read), and each contractor through their own signer link (resolveSigner: the
// link's refusals stand). The thread exists when the plan the owner works under includes commenting
// (shared/domain/entitlements.ts planFeatures); otherwise 403. Rules (shared/domain/comments.ts): text
// only, 1…2,000 code points, trimmed; the author edits within 5 minutes and deletes (softly: the
// thread keeps "comment deleted"); a closed contract (completed, declined, expired, voided) takes no
// new comment, edit or deletion. Every change is a history item. Mentions (`@name` / `@e-mail` of a
// participant) each queue one e-mail through the notify queue, counted against the send limits of
// the contract's owner and of the address; over a limit the comment stands and the author is told.
import { randomBytes } from 'node:crypto';
import {
  COMMENT_LIST_LIMIT,
  commentTextProblem,
  findMentions,
  isThreadOpen,
  mentionLabel,
  withinEditWindow,
  type MentionCandidate,
} from '../../shared/domain/comments';
import { maskContact, normaliseEmail } from '../../shared/domain/contact';
import type { Language } from '../../shared/domain/constants';
import { lotsOfRecord, planFeatures, subscriptionActive } from '../../shared/domain/entitlements';
import { localeForPath } from '../../shared/i18n/core';
import { translate } from '../../shared/i18n/server';
import type {
  CommentParticipant,
  CommentView,
  CommentThread,
  PostCommentResult,
} from '../../shared/api/schemas/comments';
import type { CommentRecord, CommentStore } from '../adapters/dynamo/comments';
import type { DocumentRecord, RecipientRecord } from '../adapters/dynamo/documents';
import type { UserRecord } from '../adapters/dynamo/repository';
import { AppError } from '../core/errors';
import { escapeHtml } from '../core/html';
import type { AuthUser } from '../core/http';
import type { NotifyJob } from '../jobs';
import { recordHistory, type RequestFacts } from './history';
import { enforceLimits, messageHits } from './limits';
import { messageTitle } from './messages';
import { companyBuyerOf } from './seats';
import { isLanguage, resolveSigner, type SigningDeps } from './signer-link';

export interface CommentDeps extends SigningDeps {
  readonly comments: CommentStore;
}

/** Who is looking at (or writing in) the thread. */
export type Viewer =
  | { kind: 'owner' | 'member'; userId: string; name: string; email: string }
  | { kind: 'recipient'; index: number; name: string; contact: string };

export interface Thread {
  doc: DocumentRecord;
  recipients: RecipientRecord[];
  owner: UserRecord;
  viewer: Viewer;
  participants: MentionCandidate[];
  now: Date;
}

const HISTORY_EXCERPT_CHARS = 200;

const nowOf = (deps: Pick<CommentDeps, 'clock'>) => deps.clock?.now() ?? new Date();

function notFound(docuId: string): AppError {
  return new AppError('errors.notFound', `Document ${docuId} not found`, { status: 404 });
}

function commentNotFound(): AppError {
  return new AppError('comments.errors.notFound', 'No such comment', { status: 404 });
}

const isStandard = (r: Pick<UserRecord, 'plan'>) => r.plan.endsWith('_standard');

/** The buyer of the company a user works in (themselves when they bought the standard plan), or null. */
async function companyOf(deps: CommentDeps, user: UserRecord, now: Date): Promise<UserRecord | null> {
  if (isStandard(user) && subscriptionActive(user, now)) return user;
  if (!deps.seats) return null;
  return companyBuyerOf({ users: deps.users, seats: deps.seats }, user, now);
}

/** Whether the plan the owner works under (their own, else their company's) includes the thread. */
function commentingOn(owner: UserRecord, buyer: UserRecord | null, now: Date): boolean {
  const features = (r: UserRecord) =>
    planFeatures(
      { plan: r.plan, validDate: r.validDate, seats: r.seats ?? undefined, lots: lotsOfRecord(r, now) },
      now,
    ).commenting;
  return features(owner) || (buyer !== null && features(buyer));
}

function notIncluded(): AppError {
  return new AppError('comments.errors.notIncluded', 'Comments are part of the Standard plan', {
    status: 403,
  });
}

/** Everyone a comment may mention: the owner, the company's buyer and members, and the contractors
 *  reached by e-mail. */
function participantsOf(
  owner: UserRecord,
  buyer: UserRecord | null,
  recipients: readonly RecipientRecord[],
): MentionCandidate[] {
  const out: MentionCandidate[] = [{ id: 'owner', name: owner.name, email: normaliseEmail(owner.email) }];
  const seen = new Set([out[0]!.email]);
  const addMember = (email: string, name: string) => {
    const e = normaliseEmail(email);
    if (seen.has(e)) return;
    seen.add(e);
    out.push({ id: `member:${e}`, name, email: e });
  };
  if (buyer) {
    addMember(buyer.email, buyer.name);
    for (const m of buyer.memberEmails ?? []) addMember(m, m);
  }
  for (const r of recipients) {
    if (r.isOwner || r.method !== 'email') continue;
    out.push({ id: `recipient:${r.index}`, name: r.name, email: normaliseEmail(r.contact) });
  }
  return out;
}

function viewerId(v: Viewer): string {
  return v.kind === 'recipient' ? `recipient:${v.index}` : v.userId;
}

/** The viewer's own entry among the participants (never mentioned by themselves). */
function isSelf(v: Viewer, p: MentionCandidate): boolean {
  if (v.kind === 'recipient') return p.id === `recipient:${v.index}`;
  return p.email === normaliseEmail(v.email);
}

/** The thread of a signed-in owner or company member: 404 for anyone else (as for a missing
 *  document), 403 when the owner's plan has no comments. */
async function ownerThread(deps: CommentDeps, user: AuthUser, docuId: string): Promise<Thread> {
  const now = nowOf(deps);
  const doc = await deps.docs.getDocument(docuId);
  if (!doc) throw notFound(docuId);
  const owner = await deps.users.getById(doc.ownerId);
  if (!owner || owner.closed) throw notFound(docuId);
  const buyer = await companyOf(deps, owner, now);
  let viewer: Viewer;
  if (doc.ownerId === user.sub) {
    viewer = { kind: 'owner', userId: user.sub, name: owner.name, email: owner.email };
  } else {
    const me = await deps.users.getById(user.sub);
    // A colleague: the same company, decided now (a removed member or an ended plan ends it).
    const mine = me && !me.closed && me.emailVerified ? await companyOf(deps, me, now) : null;
    if (!me || !buyer || !mine || mine.userId !== buyer.userId) throw notFound(docuId);
    viewer = { kind: 'member', userId: me.userId, name: me.name, email: me.email };
  }
  if (!commentingOn(owner, buyer, now)) throw notIncluded();
  const recipients = await deps.docs.listRecipients(docuId);
  return { doc, recipients, owner, viewer, participants: participantsOf(owner, buyer, recipients), now };
}

/** The thread of a contractor's signer link (its refusals: invalid, expired, voided, not their turn). */
async function signerThread(deps: CommentDeps, docuId: string, token: string): Promise<Thread> {
  const now = nowOf(deps);
  const { doc, recipients, me } = await resolveSigner(deps, docuId, token, now);
  const owner = await deps.users.getById(doc.ownerId);
  if (!owner || owner.closed) throw notFound(docuId);
  const buyer = await companyOf(deps, owner, now);
  if (!commentingOn(owner, buyer, now)) throw notIncluded();
  const viewer: Viewer = { kind: 'recipient', index: me.index, name: me.name, contact: me.contact };
  return { doc, recipients, owner, viewer, participants: participantsOf(owner, buyer, recipients), now };
}

export type ThreadKey = { user: AuthUser } | { token: string };

function thread(deps: CommentDeps, key: ThreadKey, docuId: string): Promise<Thread> {
  return 'user' in key ? ownerThread(deps, key.user, docuId) : signerThread(deps, docuId, key.token);
}

function isAuthor(t: Thread, c: CommentRecord): boolean {
  return c.authorId === viewerId(t.viewer);
}

function view(t: Thread, c: CommentRecord): CommentView {
  const open = isThreadOpen(t.doc, t.now);
  const mine = isAuthor(t, c);
  const deleted = c.deletedAt !== undefined;
  return {
    commentId: c.commentId,
    author: { kind: c.authorKind, name: c.authorName },
    mine,
    text: deleted ? null : c.text,
    createdAt: c.createdAt,
    editedAt: c.editedAt ?? null,
    deleted,
    canEdit: mine && open && !deleted && withinEditWindow(c.createdAt, t.now),
    canDelete: mine && open && !deleted,
    mentions: c.mentions ?? [],
  };
}

/** The participants as the viewer may see them: a contractor sees the others' addresses masked. */
function participantViews(t: Thread): CommentParticipant[] {
  return t.participants
    .filter((p) => !isSelf(t.viewer, p))
    .map((p) => ({
      id: p.id,
      name: p.name,
      label: mentionLabel(p, t.participants),
      hint: t.viewer.kind === 'recipient' ? maskContact(p.email) : p.email,
    }));
}

/** GET …/comments: the contract in brief (the company view shows it), the viewer, who may be
 *  mentioned, and the newest comments (oldest first). */
export async function listComments(
  deps: CommentDeps,
  key: ThreadKey,
  docuId: string,
): Promise<CommentThread> {
  const t = await thread(deps, key, docuId);
  const records = await deps.comments.listNewest(docuId, COMMENT_LIST_LIMIT + 1);
  const truncated = records.length > COMMENT_LIST_LIMIT;
  const shown = truncated ? records.slice(records.length - COMMENT_LIST_LIMIT) : records;
  return {
    docuId,
    contract: {
      title: t.doc.title ?? '',
      id4: t.doc.id4,
      status: t.doc.status,
      ownerName: t.owner.name,
      sentAt: t.doc.sentAt ?? null,
      recipients: t.recipients
        .filter((r) => !r.isOwner)
        .map((r) => ({ name: r.name, agreement: r.agreement })),
    },
    viewer: { kind: t.viewer.kind, name: t.viewer.name },
    open: isThreadOpen(t.doc, t.now),
    participants: participantViews(t),
    comments: shown.map((c) => view(t, c)),
    truncated,
  };
}

function checkedText(text: string): string {
  const problem = commentTextProblem(text);
  if (problem === 'empty') {
    throw new AppError('comments.errors.empty', 'A comment needs some text', { status: 400 });
  }
  if (problem === 'tooLong') {
    throw new AppError('comments.errors.tooLong', 'A comment is at most 2,000 characters', {
      status: 400,
      details: { max: 2000 },
    });
  }
  return text.trim();
}

function assertOpen(t: Thread): void {
  if (!isThreadOpen(t.doc, t.now)) {
    throw new AppError('comments.errors.closed', `The contract is ${t.doc.status}: the thread is closed`, {
      status: 409,
    });
  }
}

function actorOf(v: Viewer): { name: string; contact: string } {
  return { name: v.name, contact: v.kind === 'recipient' ? v.contact : v.email };
}

function excerpt(text: string): string {
  const points = [...text.replace(/\s+/g, ' ')];
  return points.length > HISTORY_EXCERPT_CHARS
    ? `${points.slice(0, HISTORY_EXCERPT_CHARS - 1).join('')}…`
    : points.join('');
}

function newCommentId(now: Date): string {
  return `${String(now.getTime()).padStart(13, '0')}-${randomBytes(4).toString('hex')}`;
}

/** POST …/comments: a new comment, its history item, and one e-mail per mention within the limits. */
export async function postComment(
  deps: CommentDeps,
  key: ThreadKey,
  docuId: string,
  body: { text: string },
  facts: RequestFacts,
): Promise<PostCommentResult> {
  const t = await thread(deps, key, docuId);
  assertOpen(t);
  const text = checkedText(body.text);
  const author = t.viewer.kind === 'recipient' ? `contact:${t.viewer.contact}` : `user:${t.viewer.userId}`;
  await enforceLimits(deps.limits, [{ rule: 'commentsPerAuthor', key: author }]);
  const mentioned = findMentions(
    text,
    t.participants.filter((p) => !isSelf(t.viewer, p)),
  );
  const v = t.viewer;
  const record: CommentRecord = {
    docuId,
    commentId: newCommentId(t.now),
    ownerId: t.doc.ownerId,
    authorKind: v.kind,
    authorId: viewerId(v),
    authorName: v.name,
    authorContact: v.kind === 'recipient' ? v.contact : v.email,
    text,
    createdAt: t.now.toISOString(),
    mentions: mentioned.map((m) => m.name),
    version: 1,
  };
  await deps.comments.put(record);
  await recordHistory(deps.docs, t.doc, 'comment', actorOf(v), facts, excerpt(text));
  const mentions: PostCommentResult['mentions'] = [];
  for (const m of mentioned) {
    mentions.push({ name: m.name, sent: await notifyMention(deps, t, record, m) });
  }
  return { comment: view(t, record), mentions };
}

/** Queues the mention e-mail of `m` unless a send limit is reached (then false; nothing counted). */
async function notifyMention(
  deps: CommentDeps,
  t: Thread,
  c: CommentRecord,
  m: MentionCandidate,
): Promise<boolean> {
  try {
    await enforceLimits(deps.limits, messageHits(t.doc.ownerId, [{ contact: m.email, method: 'email' }]));
  } catch (err) {
    if (err instanceof AppError && err.status === 429) return false;
    throw err;
  }
  await deps.queue.enqueue('notify', mentionMail(deps.appUrl, t, c, m));
  return true;
}

/** The mention e-mail, in the contract's language: who wrote, the comment (escaped), and where to
 *  read the thread — the owner and colleagues the contract's page with its thread (sign-in first); a
 *  contractor gets no link (a new signer link would be a second live credential, and only hashes of
 *  theirs are stored: their request e-mail holds it). */
export function mentionMail(appUrl: string, t: Thread, c: CommentRecord, m: MentionCandidate): NotifyJob {
  const lang: Language = isLanguage(t.doc.lang) ? t.doc.lang : 'en';
  const locale = localeForPath(lang);
  const base = appUrl.replace(/\/+$/, '');
  const values = {
    name: m.name,
    author: c.authorName,
    title: messageTitle(t.doc.title, locale),
  };
  const tr = (k: string) => translate(`commentMail.${k}`, values, locale);
  const link = m.id.startsWith('recipient:')
    ? null
    : `${base}/${lang}/home/comments/${encodeURIComponent(t.doc.docuId)}`;
  const textLines = [
    tr('greeting'),
    tr('intro'),
    c.text,
    link ? `${tr('button')}: ${link}` : tr('contractorHint'),
    'SignSeal',
  ];
  const quoted = escapeHtml(c.text).replace(/\n/g, '<br>');
  const html = [
    `<p>${escapeHtml(tr('greeting'))}</p>`,
    `<p>${escapeHtml(tr('intro'))}</p>`,
    `<blockquote style="border-left:3px solid #ccc;margin:0;padding-left:12px">${quoted}</blockquote>`,
    link
      ? `<p><a href="${escapeHtml(link)}">${escapeHtml(tr('button'))}</a></p>`
      : `<p>${escapeHtml(tr('contractorHint'))}</p>`,
  ].join('\n');
  return {
    kind: 'email',
    idempotencyKey: `comment-mention#${t.doc.docuId}#${c.commentId}#${m.id}`,
    docuId: t.doc.docuId,
    to: [m.email],
    subject: tr('subject'),
    text: textLines.join('\n\n'),
    html,
  };
}

/** The author's own comment, or the refusal: 404 missing or deleted, 403 someone else's. */
async function ownComment(deps: CommentDeps, t: Thread, commentId: string): Promise<CommentRecord> {
  const c = await deps.comments.get(t.doc.docuId, commentId);
  if (!c || c.deletedAt !== undefined) throw commentNotFound();
  if (!isAuthor(t, c)) {
    throw new AppError('comments.errors.notAuthor', 'Only its author may change a comment', { status: 403 });
  }
  return c;
}

function changedMeanwhile(): AppError {
  return new AppError('errors.conflict', 'The comment was changed meanwhile', { status: 409 });
}

/** PATCH …/comments/{commentId}: the author's new text, within 5 minutes of posting. */
export async function editComment(
  deps: CommentDeps,
  key: ThreadKey,
  docuId: string,
  commentId: string,
  body: { text: string },
  facts: RequestFacts,
): Promise<CommentView> {
  const t = await thread(deps, key, docuId);
  const c = await ownComment(deps, t, commentId);
  assertOpen(t);
  if (!withinEditWindow(c.createdAt, t.now)) {
    throw new AppError('comments.errors.editWindow', 'A comment can be edited for 5 minutes', {
      status: 409,
      details: { minutes: 5 },
    });
  }
  const text = checkedText(body.text);
  const editedAt = t.now.toISOString();
  if (!(await deps.comments.update(docuId, commentId, c.version, { text, editedAt }))) {
    throw changedMeanwhile();
  }
  await recordHistory(deps.docs, t.doc, 'comment_edit', actorOf(t.viewer), facts, excerpt(text));
  return view(t, { ...c, text, editedAt, version: c.version + 1 });
}

/** DELETE …/comments/{commentId}: the author removes the text; "comment deleted" stays in its place. */
export async function deleteComment(
  deps: CommentDeps,
  key: ThreadKey,
  docuId: string,
  commentId: string,
  facts: RequestFacts,
): Promise<CommentView> {
  const t = await thread(deps, key, docuId);
  const c = await ownComment(deps, t, commentId);
  assertOpen(t);
  const deletedAt = t.now.toISOString();
  if (!(await deps.comments.update(docuId, commentId, c.version, { text: '', deletedAt }))) {
    throw changedMeanwhile();
  }
  await recordHistory(deps.docs, t.doc, 'comment_delete', actorOf(t.viewer), facts);
  return view(t, { ...c, text: '', deletedAt, version: c.version + 1 });
}
