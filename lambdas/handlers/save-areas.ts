import { saveAreasRequestSchema, docuIdParamsSchema } from '../../shared/api/schemas';
import { AppError } from '../core/errors';
import { httpHandler } from '../core/http';
import { documentDeps } from '../deps';
import { saveAreas } from '../usecases/recipients';

/** PUT /api/documents/{docuId}/areas: the sign areas (status SetPos). */
export const handler = httpHandler(
  { auth: 'owner', body: saveAreasRequestSchema, params: docuIdParamsSchema },
  async (req) => {
    if (!req.user) throw new AppError('errors.unauthorized', 'Sign-in required');
    return { body: await saveAreas(documentDeps(), req.user, req.params.docuId, req.body) };
  },
);
