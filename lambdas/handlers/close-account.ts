import { AppError } from '../core/errors';
import { httpHandler } from '../core/http';
import { closeAccount } from '../usecases/account';
import { accountDeps } from '../deps';

/** DELETE /api/me: closes the account (it can no longer sign in). */
export const handler = httpHandler({ auth: 'owner' }, async (req) => {
  if (!req.user) throw new AppError('errors.unauthorized', 'Sign-in required');
  await closeAccount(accountDeps(), req.user);
  req.log.info('account closed', { userId: req.user.sub });
  return { body: { closed: true } };
});
