import { signUpRequestSchema } from '../../shared/api/schemas';
import { httpHandler } from '../core/http';
import { signUp } from '../usecases/account';
import { accountDeps } from '../deps';

/** POST /api/auth/signup: consents and password checked, then 202 whether or not the address has an
 *  account (a code, or an "account exists" mail, goes to the address). */
export const handler = httpHandler({ auth: 'public', body: signUpRequestSchema }, async (req) => {
  const body = await signUp(accountDeps(), req.body, { ip: req.ip });
  req.log.info('sign-up mail sent');
  return { status: 202, body };
});
