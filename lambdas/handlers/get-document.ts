import { docuIdParamsSchema } from '../../shared/api/schemas';
import { AppError } from '../core/errors';
import { httpHandler } from '../core/http';
import { documentDeps } from '../deps';
import { getDocument } from '../usecases/documents';

/** GET /api/documents/{docuId}: the caller's document (404 for anyone else's). */
export const handler = httpHandler({ auth: 'owner', params: docuIdParamsSchema }, async (req) => {
  if (!req.user) throw new AppError('errors.unauthorized', 'Sign-in required');
  return { body: await getDocument(documentDeps(), req.user, req.params.docuId) };
});
