import { AppError } from '../core/errors';
import { httpHandler } from '../core/http';
import { ownerSignsDeps } from '../deps';
import { listOwnerSigns } from '../usecases/owner-signs';

/** GET /api/me/signs: the signed-in owner's signs and which one is the default. */
export const handler = httpHandler({ auth: 'owner' }, async (req) => {
  if (!req.user) throw new AppError('errors.unauthorized', 'Sign-in required');
  return { body: await listOwnerSigns(ownerSignsDeps(), req.user) };
});
