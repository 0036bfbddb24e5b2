import { denyRequestSchema, signerParamsSchema } from '../../shared/api/schemas';
import { httpHandler } from '../core/http';
import { signingDeps } from '../deps';
import { deny } from '../usecases/signing';

/** POST /api/sign/{docuId}/{token}/deny: the signer denies with a reason (status Reject). */
export const handler = httpHandler(
  { auth: 'signer', body: denyRequestSchema, params: signerParamsSchema },
  async (req) => {
    return { body: await deny(signingDeps(), req.params.docuId, req.params.token, req.body, req) };
  },
);
