import { listContractsQuerySchema } from '../../shared/api/contracts';
import { AppError } from '../core/errors';
import { httpHandler } from '../core/http';
import { contractDeps } from '../deps';
import { listContracts } from '../usecases/contracts';

/** GET /api/documents?tab=&role=&cursor=&limit=: one page of the viewer's contract list. */
export const handler = httpHandler({ auth: 'owner', query: listContractsQuerySchema }, async (req) => {
  if (!req.user) throw new AppError('errors.unauthorized', 'Sign-in required');
  return { body: await listContracts(contractDeps(), req.user, req.query) };
});
