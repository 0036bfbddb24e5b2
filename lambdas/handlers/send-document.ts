import { sendDocumentRequestSchema, docuIdParamsSchema } from '../../shared/api/schemas';
import { AppError } from '../core/errors';
import { httpHandler } from '../core/http';
import { documentDeps } from '../deps';
import { sendDocument } from '../usecases/sending';

/** POST /api/documents/{docuId}/send: sends the signature requests (status Agree). */
export const handler = httpHandler(
  { auth: 'owner', body: sendDocumentRequestSchema, params: docuIdParamsSchema },
  async (req) => {
    if (!req.user) throw new AppError('errors.unauthorized', 'Sign-in required');
    return { body: await sendDocument(documentDeps(), req.user, req.params.docuId, req.body, req) };
  },
);
