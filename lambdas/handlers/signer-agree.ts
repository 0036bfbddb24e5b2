import { signerActionRequestSchema, signerParamsSchema } from '../../shared/api/schemas';
import { httpHandler } from '../core/http';
import { signingDeps } from '../deps';
import { agree } from '../usecases/signing';

/** POST /api/sign/{docuId}/{token}/agree: the signer agrees (the last one starts sealing). */
export const handler = httpHandler(
  { auth: 'signer', body: signerActionRequestSchema, params: signerParamsSchema },
  async (req) => {
    return { body: await agree(signingDeps(), req.params.docuId, req.params.token, req.body, req) };
  },
);
