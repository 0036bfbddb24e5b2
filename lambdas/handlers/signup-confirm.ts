import { confirmSignUpRequestSchema } from '../../shared/api/schemas';
import { httpHandler } from '../core/http';
import { confirmSignUp } from '../usecases/account';
import { accountDeps } from '../deps';

/** POST /api/auth/signup/confirm: the mailed code → the account (address verified) and its record. */
export const handler = httpHandler({ auth: 'public', body: confirmSignUpRequestSchema }, async (req) => {
  const profile = await confirmSignUp(accountDeps(), req.body);
  req.log.info('account created', { userId: profile.userId });
  return { status: 201, body: profile };
});
