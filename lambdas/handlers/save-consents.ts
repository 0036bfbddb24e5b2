import { consentsRequestSchema } from '../../shared/api/schemas';
import { AppError } from '../core/errors';
import { httpHandler } from '../core/http';
import { saveConsents } from '../usecases/account';
import { accountDeps } from '../deps';

/** POST /api/me/consents: consents of a user who signed up through Google or LINE. */
export const handler = httpHandler({ auth: 'owner', body: consentsRequestSchema }, async (req) => {
  if (!req.user) throw new AppError('errors.unauthorized', 'Sign-in required');
  return { body: await saveConsents(accountDeps(), req.user, req.body) };
});
