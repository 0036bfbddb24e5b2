import { videoConfirmParamsSchema, videoConfirmRequestSchema } from '../../shared/api/schemas';
import { httpHandler } from '../core/http';
import { signingDeps } from '../deps';
import { confirmVideos } from '../usecases/video-confirm';

/** POST /api/video-confirm/{docuId}/{token}/confirm: a party confirms every video (the last → Generating). */
export const handler = httpHandler(
  { auth: 'signer', body: videoConfirmRequestSchema, params: videoConfirmParamsSchema },
  async (req) => {
    return {
      body: await confirmVideos(signingDeps(), req.params.docuId, req.params.token, req.body, req),
    };
  },
);
