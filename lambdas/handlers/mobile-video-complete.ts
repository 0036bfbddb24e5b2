import { completeVideoRequestSchema, mobileSessionParamsSchema } from '../../shared/api/schemas';
import { httpHandler } from '../core/http';
import { videoHandoffDeps } from '../deps';
import { completeMobileSession } from '../usecases/video-handoff';

/** POST /api/vsign-mobile/{mobileToken}/video-session/{sessionId}/complete: the phone's video. */
export const handler = httpHandler(
  { auth: 'signer', params: mobileSessionParamsSchema, body: completeVideoRequestSchema },
  async (req) => {
    const { mobileToken, sessionId } = req.params;
    return { body: await completeMobileSession(videoHandoffDeps(), mobileToken, sessionId, req) };
  },
);
