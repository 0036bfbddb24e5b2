import { ownerSignParamsSchema } from '../../shared/api/schemas';
import { AppError } from '../core/errors';
import { httpHandler } from '../core/http';
import { ownerSignsDeps } from '../deps';
import { deleteOwnerSign } from '../usecases/owner-signs';

/** DELETE /api/me/signs/{signId}: removes one of the owner's signs or stamps; answers the list. */
export const handler = httpHandler({ auth: 'owner', params: ownerSignParamsSchema }, async (req) => {
  if (!req.user) throw new AppError('errors.unauthorized', 'Sign-in required');
  return { body: await deleteOwnerSign(ownerSignsDeps(), req.user, req.params.signId) };
});
