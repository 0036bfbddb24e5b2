import { contractParamsSchema, mailDocumentRequestSchema } from '../../shared/api/contracts';
import { AppError } from '../core/errors';
import { httpHandler } from '../core/http';
import { contractDeps } from '../deps';
import { mailDocument } from '../usecases/contract-actions';

/** POST /api/documents/{docuId}/mail: the completed document's final PDF to an e-mail address. */
export const handler = httpHandler(
  { auth: 'owner', params: contractParamsSchema, body: mailDocumentRequestSchema },
  async (req) => {
    if (!req.user) throw new AppError('errors.unauthorized', 'Sign-in required');
    return { body: await mailDocument(contractDeps(), req.user, req.params.docuId, req.body) };
  },
);
