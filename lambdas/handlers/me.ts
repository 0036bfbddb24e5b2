import { AppError } from '../core/errors';
import { httpHandler } from '../core/http';
import { getDeps } from '../deps';
import { getOrCreateProfile } from '../usecases/profile';

/** GET /api/me: the signed-in owner's profile (created on first sign-in). */
export const handler = httpHandler({ auth: 'owner' }, async (req) => {
  if (!req.user) throw new AppError('errors.unauthorized', 'Sign-in required');
  const { repo, directory } = getDeps();
  const profile = await getOrCreateProfile(repo, directory, req.user);
  req.log.info('profile read', { userId: profile.userId, firstLogin: profile.firstLogin });
  return { body: profile };
});
