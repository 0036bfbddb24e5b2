import { mobileParamsSchema, startVideoSessionRequestSchema } from '../../shared/api/schemas';
import { httpHandler } from '../core/http';
import { videoHandoffDeps } from '../deps';
import { startMobileSession } from '../usecases/video-handoff';

/** POST /api/vsign-mobile/{mobileToken}/video-session: a recording session opened from the phone. */
export const handler = httpHandler(
  { auth: 'signer', body: startVideoSessionRequestSchema, params: mobileParamsSchema },
  async (req) => {
    return {
      status: 201,
      body: await startMobileSession(videoHandoffDeps(), req.params.mobileToken, req.body),
    };
  },
);
