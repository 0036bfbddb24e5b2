import { resendParamsSchema } from '../../shared/api/schemas';
import { AppError } from '../core/errors';
import { httpHandler } from '../core/http';
import { signingDeps } from '../deps';
import { resendRequest } from '../usecases/resend';

/** POST /api/documents/{docuId}/recipients/{index}/resend: a new link for a pending contractor (the
 *  old one is revoked). */
export const handler = httpHandler({ auth: 'owner', params: resendParamsSchema }, async (req) => {
  if (!req.user) throw new AppError('errors.unauthorized', 'Sign-in required');
  return { body: await resendRequest(signingDeps(), req.user, req.params.docuId, req.params.index, req) };
});
