import { contractVideoParamsSchema } from '../../shared/api/contracts';
import { AppError } from '../core/errors';
import { httpHandler } from '../core/http';
import { contractDeps } from '../deps';
import { contractVideo } from '../usecases/contracts';

/** GET /api/documents/{docuId}/videos/{index}: short-lived URLs of a contractor's video (owner only). */
export const handler = httpHandler({ auth: 'owner', params: contractVideoParamsSchema }, async (req) => {
  if (!req.user) throw new AppError('errors.unauthorized', 'Sign-in required');
  return { body: await contractVideo(contractDeps(), req.user, req.params.docuId, req.params.index) };
});
