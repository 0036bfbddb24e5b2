import { updateDocumentRequestSchema, docuIdParamsSchema } from '../../shared/api/schemas';
import { AppError } from '../core/errors';
import { httpHandler } from '../core/http';
import { documentDeps } from '../deps';
import { updateDocument } from '../usecases/documents';

/** PATCH /api/documents/{docuId}: contract name and terms checkbox, before sending. */
export const handler = httpHandler(
  { auth: 'owner', body: updateDocumentRequestSchema, params: docuIdParamsSchema },
  async (req) => {
    if (!req.user) throw new AppError('errors.unauthorized', 'Sign-in required');
    return { body: await updateDocument(documentDeps(), req.user, req.params.docuId, req.body) };
  },
);
