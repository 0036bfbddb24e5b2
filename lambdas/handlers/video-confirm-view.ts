import { videoConfirmParamsSchema } from '../../shared/api/schemas';
import { httpHandler } from '../core/http';
import { signingDeps } from '../deps';
import { getConfirmView } from '../usecases/video-confirm';

/** GET /api/video-confirm/{docuId}/{token}: every contractor's video for a party to confirm (issue #15). */
export const handler = httpHandler({ auth: 'signer', params: videoConfirmParamsSchema }, async (req) => {
  return { body: await getConfirmView(signingDeps(), req.params.docuId, req.params.token) };
});
