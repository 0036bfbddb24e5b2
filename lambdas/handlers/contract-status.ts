import { contractParamsSchema } from '../../shared/api/contracts';
import { AppError } from '../core/errors';
import { httpHandler } from '../core/http';
import { contractDeps } from '../deps';
import { contractStatus } from '../usecases/contracts';

/** GET /api/documents/{docuId}/status: the status, polled every 5 s while Generating. */
export const handler = httpHandler({ auth: 'owner', params: contractParamsSchema }, async (req) => {
  if (!req.user) throw new AppError('errors.unauthorized', 'Sign-in required');
  return { body: await contractStatus(contractDeps(), req.user, req.params.docuId) };
});
