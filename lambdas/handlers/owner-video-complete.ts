import { completeVideoRequestSchema, ownerVideoSessionParamsSchema } from '../../shared/api/schemas';
import { AppError } from '../core/errors';
import { httpHandler } from '../core/http';
import { videoDeps } from '../deps';
import { completeOwnerVideoSession } from '../usecases/videos';

/** POST /api/documents/{docuId}/video-session/{sessionId}/complete: checks and records the owner's video. */
export const handler = httpHandler(
  { auth: 'owner', params: ownerVideoSessionParamsSchema, body: completeVideoRequestSchema },
  async (req) => {
    if (!req.user) throw new AppError('errors.unauthorized', 'Sign-in required');
    const { docuId, sessionId } = req.params;
    return { body: await completeOwnerVideoSession(videoDeps(), req.user.sub, docuId, sessionId, req) };
  },
);
