import { contractParamsSchema } from '../../shared/api/contracts';
import { AppError } from '../core/errors';
import { httpHandler } from '../core/http';
import { contractDeps } from '../deps';
import { contractDetails } from '../usecases/contracts';

/** GET /api/documents/{docuId}/details: the detail panels (owner or contractor; 404 for anyone else). */
export const handler = httpHandler({ auth: 'owner', params: contractParamsSchema }, async (req) => {
  if (!req.user) throw new AppError('errors.unauthorized', 'Sign-in required');
  return { body: await contractDetails(contractDeps(), req.user, req.params.docuId) };
});
