import { fillFieldsRequestSchema, signerParamsSchema } from '../../shared/api/schemas';
import { httpHandler } from '../core/http';
import { signingDeps } from '../deps';
import { fillFields } from '../usecases/signer-fields';

/** PUT /api/sign/{docuId}/{token}/fields: the signer's values of their own value fields (issue #27). */
export const handler = httpHandler(
  { auth: 'signer', body: fillFieldsRequestSchema, params: signerParamsSchema },
  async (req) => {
    return { body: await fillFields(signingDeps(), req.params.docuId, req.params.token, req.body) };
  },
);
