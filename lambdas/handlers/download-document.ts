import { contractParamsSchema } from '../../shared/api/contracts';
import { AppError } from '../core/errors';
import { httpHandler } from '../core/http';
import { contractDeps } from '../deps';
import { downloadDocument } from '../usecases/contract-actions';

/** GET /api/documents/{docuId}/download: presigned GETs of the final PDF when sealed, else the original. */
export const handler = httpHandler({ auth: 'owner', params: contractParamsSchema }, async (req) => {
  if (!req.user) throw new AppError('errors.unauthorized', 'Sign-in required');
  return { body: await downloadDocument(contractDeps(), req.user, req.params.docuId) };
});
