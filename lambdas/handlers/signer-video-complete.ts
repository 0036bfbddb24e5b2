import { completeVideoRequestSchema, videoSessionParamsSchema } from '../../shared/api/schemas';
import { httpHandler } from '../core/http';
import { videoDeps } from '../deps';
import { completeVideoSession } from '../usecases/videos';

/** POST /api/sign/{docuId}/{token}/video-session/{sessionId}/complete: checks and records the video. */
export const handler = httpHandler(
  { auth: 'signer', params: videoSessionParamsSchema, body: completeVideoRequestSchema },
  async (req) => {
    const { docuId, token, sessionId } = req.params;
    return { body: await completeVideoSession(videoDeps(), docuId, token, sessionId, req) };
  },
);
