import { signerParamsSchema, startVideoSessionRequestSchema } from '../../shared/api/schemas';
import { httpHandler } from '../core/http';
import { videoDeps } from '../deps';
import { startVideoSession } from '../usecases/videos';

/** POST /api/sign/{docuId}/{token}/video-session: a recording session and its presigned upload. */
export const handler = httpHandler(
  { auth: 'signer', body: startVideoSessionRequestSchema, params: signerParamsSchema },
  async (req) => {
    return {
      status: 201,
      body: await startVideoSession(videoDeps(), req.params.docuId, req.params.token, req.body),
    };
  },
);
