import { signerParamsSchema, uploadSignRequestSchema } from '../../shared/api/schemas';
import { httpHandler } from '../core/http';
import { signingDeps } from '../deps';
import { uploadSign } from '../usecases/signer-signs';

/** POST /api/sign/{docuId}/{token}/signs: stores a checked PNG sign image for this contact. */
export const handler = httpHandler(
  { auth: 'signer', body: uploadSignRequestSchema, params: signerParamsSchema },
  async (req) => {
    return {
      status: 201,
      body: await uploadSign(signingDeps(), req.params.docuId, req.params.token, req.body),
    };
  },
);
