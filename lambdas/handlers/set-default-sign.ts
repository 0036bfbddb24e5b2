import { setDefaultSignRequestSchema } from '../../shared/api/schemas';
import { AppError } from '../core/errors';
import { httpHandler } from '../core/http';
import { ownerSignsDeps } from '../deps';
import { setDefaultOwnerSign } from '../usecases/owner-signs';

/** PUT /api/me/signs/default: chooses the owner's default sign. */
export const handler = httpHandler({ auth: 'owner', body: setDefaultSignRequestSchema }, async (req) => {
  if (!req.user) throw new AppError('errors.unauthorized', 'Sign-in required');
  return { body: await setDefaultOwnerSign(ownerSignsDeps(), req.user, req.body) };
});
