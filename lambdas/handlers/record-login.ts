import { AppError } from '../core/errors';
import { httpHandler } from '../core/http';
import { recordLogin } from '../usecases/account';
import { accountDeps } from '../deps';

/** POST /api/me/login: called by the SPA once after each sign-in. */
export const handler = httpHandler({ auth: 'owner' }, async (req) => {
  if (!req.user) throw new AppError('errors.unauthorized', 'Sign-in required');
  const profile = await recordLogin(accountDeps(), req.user);
  req.log.info('sign-in recorded', { userId: profile.userId, firstLogin: profile.firstLogin });
  return { body: profile };
});
