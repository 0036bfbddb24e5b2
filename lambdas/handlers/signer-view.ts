import { signerParamsSchema } from '../../shared/api/schemas';
import { httpHandler } from '../core/http';
import { signingDeps } from '../deps';
import { getSignerView } from '../usecases/signing';

/** GET /api/sign/{docuId}/{token}: the signer's view (404 signing.errors.invalidLink for any bad link). */
export const handler = httpHandler({ auth: 'signer', params: signerParamsSchema }, async (req) => {
  return { body: await getSignerView(signingDeps(), req.params.docuId, req.params.token) };
});
