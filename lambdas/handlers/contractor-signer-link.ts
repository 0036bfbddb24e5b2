import { contractParamsSchema, signerLinkRequestSchema } from '../../shared/api/contracts';
import { AppError } from '../core/errors';
import { httpHandler } from '../core/http';
import { contractDeps } from '../deps';
import { contractorSignerLink } from '../usecases/contract-actions';

/** POST /api/documents/{docuId}/signer-link: the signed-in contractor's own signer link (Continue). */
export const handler = httpHandler(
  { auth: 'owner', params: contractParamsSchema, body: signerLinkRequestSchema },
  async (req) => {
    if (!req.user) throw new AppError('errors.unauthorized', 'Sign-in required');
    return { body: await contractorSignerLink(contractDeps(), req.user, req.params.docuId, req.body) };
  },
);
