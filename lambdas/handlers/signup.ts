import { signUpRequestSchema } from '../../shared/api/schemas';
import { httpHandler } from '../core/http';
import { signUp } from '../usecases/account';
import { accountDeps } from '../deps';

/** POST /api/auth/signup: an e-mail + password account with its consents (checked in order). */
export const handler = httpHandler({ auth: 'public', body: signUpRequestSchema }, async (req) => {
  const profile = await signUp(accountDeps(), req.body);
  req.log.info('account created', { userId: profile.userId });
  return { status: 201, body: profile };
});
