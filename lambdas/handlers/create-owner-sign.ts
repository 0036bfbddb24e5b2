import { createOwnerSignRequestSchema } from '../../shared/api/schemas';
import { AppError } from '../core/errors';
import { httpHandler } from '../core/http';
import { ownerSignsDeps } from '../deps';
import { createOwnerSign } from '../usecases/owner-signs';

/** POST /api/me/signs: stores a checked PNG sign image in the owner's sign list. */
export const handler = httpHandler({ auth: 'owner', body: createOwnerSignRequestSchema }, async (req) => {
  if (!req.user) throw new AppError('errors.unauthorized', 'Sign-in required');
  const sign = await createOwnerSign(ownerSignsDeps(), req.user, req.body);
  req.log.info('owner sign stored', { userId: req.user.sub, signId: sign.signId, isDefault: sign.isDefault });
  return { status: 201, body: sign };
});
