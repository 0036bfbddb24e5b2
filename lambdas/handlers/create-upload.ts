import { uploadRequestSchema, docuIdParamsSchema } from '../../shared/api/schemas';
import { AppError } from '../core/errors';
import { httpHandler } from '../core/http';
import { documentDeps } from '../deps';
import { createUpload } from '../usecases/uploads';

/** POST /api/documents/{docuId}/upload: a presigned POST for the original PDF. */
export const handler = httpHandler(
  { auth: 'owner', body: uploadRequestSchema, params: docuIdParamsSchema },
  async (req) => {
    if (!req.user) throw new AppError('errors.unauthorized', 'Sign-in required');
    return { body: await createUpload(documentDeps(), req.user, req.params.docuId, req.body) };
  },
);
