// The comment thread's calls (issue #29 item 3): the owner's and company members' (signed in) under
// /documents/{docuId}/comments, a contractor's under their signer link (the token is the credential,
// no Authorization header). Shapes: shared/api/schemas/comments.ts.
import {
  commentThreadSchema,
  commentViewSchema,
  postCommentResultSchema,
  type CommentThread,
  type CommentView,
  type PostCommentResult,
} from '../../../../shared/api/schemas/comments';
import { apiRequest } from '../../lib/api-client';

/** Whose thread: a signed-in owner or member, or a contractor's link. */
export type ThreadSource =
  { kind: 'owner'; docuId: string } | { kind: 'signer'; docuId: string; token: string };

function base(s: ThreadSource): { path: string; auth: boolean } {
  return s.kind === 'owner'
    ? { path: `/documents/${encodeURIComponent(s.docuId)}/comments`, auth: true }
    : {
        path: `/sign/${encodeURIComponent(s.docuId)}/${encodeURIComponent(s.token)}/comments`,
        auth: false,
      };
}

export function loadThread(s: ThreadSource, signal?: AbortSignal): Promise<CommentThread> {
  const b = base(s);
  return apiRequest({
    path: b.path,
    auth: b.auth,
    schema: commentThreadSchema,
    ...(signal ? { signal } : {}),
  });
}

export function postComment(s: ThreadSource, text: string): Promise<PostCommentResult> {
  const b = base(s);
  return apiRequest({
    method: 'POST',
    path: b.path,
    auth: b.auth,
    body: { text },
    schema: postCommentResultSchema,
  });
}

export function editComment(s: ThreadSource, commentId: string, text: string): Promise<CommentView> {
  const b = base(s);
  return apiRequest({
    method: 'PATCH',
    path: `${b.path}/${encodeURIComponent(commentId)}`,
    auth: b.auth,
    body: { text },
    schema: commentViewSchema,
  });
}

export function deleteComment(s: ThreadSource, commentId: string): Promise<CommentView> {
  const b = base(s);
  return apiRequest({
    method: 'DELETE',
    path: `${b.path}/${encodeURIComponent(commentId)}`,
    auth: b.auth,
    schema: commentViewSchema,
  });
}

export type { CommentThread, CommentView };
