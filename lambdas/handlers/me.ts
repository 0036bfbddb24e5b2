import { AppError } from '../core/errors';
import { httpHandler } from '../core/http';
import { identityDirectory, repository } from '../deps';
import { getOrCreateProfile } from '../usecases/profile';

/** GET /api/me: the signed-in owner's profile (created on first sign-in). */
export const handler = httpHandler({ auth: 'owner' }, async (req) => {
  if (!req.user) throw new AppError('errors.unauthorized', 'Sign-in required');
  const profile = await getOrCreateProfile(
    repository(),
    identityDirectory(),
    req.user,
    new Date(),
    repository(),
  );
  req.log.info('profile read', { userId: profile.userId, firstLogin: profile.firstLogin });
  return { body: profile };
});
