// Collaborative commenting (issue #29 item 3): the shapes of a contract's comment thread, for the
// owner's and company members' routes (/api/documents/{docuId}/comments…) and the contractor's
// (/api/sign/{docuId}/{token}/comments…). The text rules (1…2,000 code points after trimming) are
// checked by the use case with their own messages (comments.errors.empty / tooLong); here only the
// type, a generous bound and the house text rule (no control or bidi characters).

import * as z from 'zod';
import { DOCUMENT_STATUSES } from '../../domain/status';
import { multilineText } from './text';

/** A comment's text as sent: the use case trims and counts it. 4× the limit bounds the request. */
export const commentBodySchema = z.object({ text: multilineText().pipe(z.string().max(8000)) });
export type CommentBody = z.infer<typeof commentBodySchema>;

const commentId = z.string().regex(/^[0-9]{13}-[0-9a-f]{8}$/);

export const commentParamsSchema = z.object({ docuId: z.string().min(1).max(64), commentId });
export const signerCommentParamsSchema = z.object({
  docuId: z.string().min(1).max(64),
  token: z.string().min(1).max(128),
  commentId,
});

export const COMMENT_AUTHOR_KINDS = ['owner', 'member', 'recipient'] as const;

export const commentViewSchema = z.object({
  commentId: z.string(),
  author: z.object({ kind: z.enum(COMMENT_AUTHOR_KINDS), name: z.string() }),
  /** Written by the viewer. */
  mine: z.boolean(),
  /** Null once deleted (the thread shows "comment deleted"). Plain text: render it as text only. */
  text: z.string().nullable(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  deleted: z.boolean(),
  canEdit: z.boolean(),
  canDelete: z.boolean(),
  /** Names of the people it mentioned. */
  mentions: z.array(z.string()),
});
export type CommentView = z.infer<typeof commentViewSchema>;

/** Someone the viewer may mention: `label` is what the picker writes after '@'. */
export const commentParticipantSchema = z.object({
  id: z.string(),
  name: z.string(),
  label: z.string(),
  /** The address (masked for a contractor viewer), to tell people apart. */
  hint: z.string(),
});
export type CommentParticipant = z.infer<typeof commentParticipantSchema>;

export const commentThreadSchema = z.object({
  docuId: z.string(),
  /** The contract in brief (the company members' read-only view shows it). */
  contract: z.object({
    title: z.string(),
    id4: z.string(),
    status: z.enum(DOCUMENT_STATUSES),
    ownerName: z.string(),
    sentAt: z.string().nullable(),
    recipients: z.array(z.object({ name: z.string(), agreement: z.number() })),
  }),
  viewer: z.object({ kind: z.enum(COMMENT_AUTHOR_KINDS), name: z.string() }),
  /** New comments and edits are taken (false once completed, declined, expired or voided). */
  open: z.boolean(),
  participants: z.array(commentParticipantSchema),
  /** The newest comments (at most 200), oldest first. */
  comments: z.array(commentViewSchema),
  /** Older comments exist beyond those listed. */
  truncated: z.boolean(),
});
export type CommentThread = z.infer<typeof commentThreadSchema>;

export const postCommentResultSchema = z.object({
  comment: commentViewSchema,
  /** Each person mentioned, and whether their e-mail went (false: a send limit was reached). */
  mentions: z.array(z.object({ name: z.string(), sent: z.boolean() })),
});
export type PostCommentResult = z.infer<typeof postCommentResultSchema>;
