import { contractParamsSchema } from '../../shared/api/contracts';
import { AppError } from '../core/errors';
import { httpHandler } from '../core/http';
import { contractDeps } from '../deps';
import { deleteDocument } from '../usecases/contract-actions';

/** DELETE /api/documents/{docuId}: the document, its items and objects; its signer links stop working. */
export const handler = httpHandler({ auth: 'owner', params: contractParamsSchema }, async (req) => {
  if (!req.user) throw new AppError('errors.unauthorized', 'Sign-in required');
  return { body: await deleteDocument(contractDeps(), req.user, req.params.docuId) };
});
