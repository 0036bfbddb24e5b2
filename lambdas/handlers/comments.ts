// Collaborative commenting (issue #29 item 3): one function for the thread's routes — the owner's and
// company members' (signed in) and the contractor's (their signer link) — as routing's and the
// signer fields' share one (the app stack's resource budget). Each route keeps its own schemas; the
// route key picks it. The use case decides who may read or write (lambdas/usecases/comments.ts).
import type { APIGatewayProxyResultV2, Context } from 'aws-lambda';
import {
  commentBodySchema,
  commentParamsSchema,
  signerCommentParamsSchema,
} from '../../shared/api/schemas/comments';
import { docuIdParamsSchema } from '../../shared/api/schemas/documents';
import { signerParamsSchema } from '../../shared/api/schemas/signing';
import { AppError } from '../core/errors';
import { httpHandler, type AuthUser, type HttpEvent } from '../core/http';
import { commentDeps } from '../deps';
import { deleteComment, editComment, listComments, postComment } from '../usecases/comments';

/** The signed-in user of an owner route (the gateway's JWT check already ran). */
function who(user: AuthUser | null): AuthUser {
  if (!user) throw new AppError('errors.unauthorized', 'Sign-in required');
  return user;
}

const ROUTES = {
  'GET /api/documents/{docuId}/comments': httpHandler(
    { auth: 'owner', params: docuIdParamsSchema },
    async (req) => ({ body: await listComments(commentDeps(), { user: who(req.user) }, req.params.docuId) }),
  ),
  'POST /api/documents/{docuId}/comments': httpHandler(
    { auth: 'owner', params: docuIdParamsSchema, body: commentBodySchema },
    async (req) => ({
      status: 201,
      body: await postComment(commentDeps(), { user: who(req.user) }, req.params.docuId, req.body, req),
    }),
  ),
  'PATCH /api/documents/{docuId}/comments/{commentId}': httpHandler(
    { auth: 'owner', params: commentParamsSchema, body: commentBodySchema },
    async (req) => {
      const { docuId, commentId } = req.params;
      return {
        body: await editComment(commentDeps(), { user: who(req.user) }, docuId, commentId, req.body, req),
      };
    },
  ),
  'DELETE /api/documents/{docuId}/comments/{commentId}': httpHandler(
    { auth: 'owner', params: commentParamsSchema },
    async (req) => {
      const { docuId, commentId } = req.params;
      return { body: await deleteComment(commentDeps(), { user: who(req.user) }, docuId, commentId, req) };
    },
  ),
  'GET /api/sign/{docuId}/{token}/comments': httpHandler(
    { auth: 'signer', params: signerParamsSchema },
    async (req) => ({
      body: await listComments(commentDeps(), { token: req.params.token }, req.params.docuId),
    }),
  ),
  'POST /api/sign/{docuId}/{token}/comments': httpHandler(
    { auth: 'signer', params: signerParamsSchema, body: commentBodySchema },
    async (req) => ({
      status: 201,
      body: await postComment(commentDeps(), { token: req.params.token }, req.params.docuId, req.body, req),
    }),
  ),
  'PATCH /api/sign/{docuId}/{token}/comments/{commentId}': httpHandler(
    { auth: 'signer', params: signerCommentParamsSchema, body: commentBodySchema },
    async (req) => {
      const { docuId, token, commentId } = req.params;
      return { body: await editComment(commentDeps(), { token }, docuId, commentId, req.body, req) };
    },
  ),
  'DELETE /api/sign/{docuId}/{token}/comments/{commentId}': httpHandler(
    { auth: 'signer', params: signerCommentParamsSchema },
    async (req) => {
      const { docuId, token, commentId } = req.params;
      return { body: await deleteComment(commentDeps(), { token }, docuId, commentId, req) };
    },
  ),
} as const;

const notFound = httpHandler({ auth: 'public' }, async () => {
  throw new AppError('errors.routeNotFound', 'No such comment route');
});

export async function handler(event: HttpEvent, context: Context): Promise<APIGatewayProxyResultV2> {
  const route = ROUTES[event.routeKey as keyof typeof ROUTES] ?? notFound;
  return route(event, context);
}
