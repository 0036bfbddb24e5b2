import { docuIdParamsSchema, startVideoSessionRequestSchema } from '../../shared/api/schemas';
import { AppError } from '../core/errors';
import { httpHandler } from '../core/http';
import { videoDeps } from '../deps';
import { startOwnerVideoSession } from '../usecases/videos';

/** POST /api/documents/{docuId}/video-session: the owner as a contractor opens a recording session. */
export const handler = httpHandler(
  { auth: 'owner', body: startVideoSessionRequestSchema, params: docuIdParamsSchema },
  async (req) => {
    if (!req.user) throw new AppError('errors.unauthorized', 'Sign-in required');
    return {
      status: 201,
      body: await startOwnerVideoSession(videoDeps(), req.user.sub, req.params.docuId, req.body),
    };
  },
);
