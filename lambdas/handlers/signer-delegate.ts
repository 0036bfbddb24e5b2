import { delegateRequestSchema, signerParamsSchema } from '../../shared/api/schemas';
import { httpHandler } from '../core/http';
import { routingDeps } from '../deps';
import { delegate } from '../usecases/routing';

/** POST /api/sign/{docuId}/{token}/delegate: the contractor forwards their request to another person
 *  (issue #28; when the owner allows it). The old link stops working. */
export const handler = httpHandler(
  { auth: 'signer', body: delegateRequestSchema, params: signerParamsSchema },
  async (req) => {
    return { body: await delegate(routingDeps(), req.params.docuId, req.params.token, req.body, req) };
  },
);
