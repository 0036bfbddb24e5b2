import { signerParamsSchema } from '../../shared/api/schemas';
import { httpHandler } from '../core/http';
import { videoHandoffDeps } from '../deps';
import { getSignerVideoStatus } from '../usecases/video-handoff';

/** GET /api/sign/{docuId}/{token}/video: the accepted video so far (polled while the phone records). */
export const handler = httpHandler({ auth: 'signer', params: signerParamsSchema }, async (req) => {
  const { docuId, token } = req.params;
  return { body: await getSignerVideoStatus(videoHandoffDeps(), docuId, token) };
});
