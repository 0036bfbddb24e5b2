import { saveRecipientsRequestSchema, docuIdParamsSchema } from '../../shared/api/schemas';
import { AppError } from '../core/errors';
import { httpHandler } from '../core/http';
import { documentDeps } from '../deps';
import { saveRecipients } from '../usecases/recipients';

/** PUT /api/documents/{docuId}/recipients: the contractors (status AddRcpt). */
export const handler = httpHandler(
  { auth: 'owner', body: saveRecipientsRequestSchema, params: docuIdParamsSchema },
  async (req) => {
    if (!req.user) throw new AppError('errors.unauthorized', 'Sign-in required');
    return { body: await saveRecipients(documentDeps(), req.user, req.params.docuId, req.body) };
  },
);
