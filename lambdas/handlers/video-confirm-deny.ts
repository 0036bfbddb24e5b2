import { denyRequestSchema, videoConfirmParamsSchema } from '../../shared/api/schemas';
import { httpHandler } from '../core/http';
import { signingDeps } from '../deps';
import { denyVideos } from '../usecases/video-confirm';

/** POST /api/video-confirm/{docuId}/{token}/deny: a party denies the videos with a reason (Reject). */
export const handler = httpHandler(
  { auth: 'signer', body: denyRequestSchema, params: videoConfirmParamsSchema },
  async (req) => {
    return { body: await denyVideos(signingDeps(), req.params.docuId, req.params.token, req.body, req) };
  },
);
