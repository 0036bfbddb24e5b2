import { createDocumentRequestSchema } from '../../shared/api/schemas';
import { AppError } from '../core/errors';
import { httpHandler } from '../core/http';
import { documentDeps } from '../deps';
import { createDocument } from '../usecases/documents';

/** POST /api/documents: a new e-sign draft (status Ready). */
export const handler = httpHandler({ auth: 'owner', body: createDocumentRequestSchema }, async (req) => {
  if (!req.user) throw new AppError('errors.unauthorized', 'Sign-in required');
  return { status: 201, body: await createDocument(documentDeps(), req.user, req.body) };
});
