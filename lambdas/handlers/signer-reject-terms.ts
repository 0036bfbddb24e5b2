import { signerActionRequestSchema, signerParamsSchema } from '../../shared/api/schemas';
import { httpHandler } from '../core/http';
import { signingDeps } from '../deps';
import { rejectTerms } from '../usecases/signing';

/** POST /api/sign/{docuId}/{token}/reject-terms: the signer refuses the e-sign terms (Reject_legal). */
export const handler = httpHandler(
  { auth: 'signer', body: signerActionRequestSchema, params: signerParamsSchema },
  async (req) => {
    return { body: await rejectTerms(signingDeps(), req.params.docuId, req.params.token, req.body, req) };
  },
);
