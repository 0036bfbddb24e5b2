import { applySignsRequestSchema, signerParamsSchema } from '../../shared/api/schemas';
import { httpHandler } from '../core/http';
import { signingDeps } from '../deps';
import { applySigns } from '../usecases/signer-signs';

/** PUT /api/sign/{docuId}/{token}/areas: applies the signer's signs to their own areas. */
export const handler = httpHandler(
  { auth: 'signer', body: applySignsRequestSchema, params: signerParamsSchema },
  async (req) => {
    return { body: await applySigns(signingDeps(), req.params.docuId, req.params.token, req.body) };
  },
);
