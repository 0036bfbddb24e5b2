import { signerParamsSchema } from '../../shared/api/schemas';
import { httpHandler } from '../core/http';
import { videoHandoffDeps } from '../deps';
import { createMobileLink } from '../usecases/video-handoff';

/** POST /api/sign/{docuId}/{token}/video-mobile-link: a 15-minute link to record on a phone. */
export const handler = httpHandler({ auth: 'signer', params: signerParamsSchema }, async (req) => {
  const { docuId, token } = req.params;
  return { status: 201, body: await createMobileLink(videoHandoffDeps(), docuId, token) };
});
