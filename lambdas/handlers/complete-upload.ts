import { uploadCompleteRequestSchema, docuIdParamsSchema } from '../../shared/api/schemas';
import { AppError } from '../core/errors';
import { httpHandler } from '../core/http';
import { documentDeps } from '../deps';
import { completeUpload } from '../usecases/uploads';

/** POST /api/documents/{docuId}/upload/complete: checks the landed object (deleted when refused). */
export const handler = httpHandler(
  { auth: 'owner', body: uploadCompleteRequestSchema, params: docuIdParamsSchema },
  async (req) => {
    if (!req.user) throw new AppError('errors.unauthorized', 'Sign-in required');
    return { body: await completeUpload(documentDeps(), req.user, req.params.docuId, req.body, req) };
  },
);
