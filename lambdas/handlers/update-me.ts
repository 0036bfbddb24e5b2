import { updateMeRequestSchema } from '../../shared/api/schemas';
import { AppError } from '../core/errors';
import { httpHandler } from '../core/http';
import { updateMyInfo } from '../usecases/account';
import { accountDeps } from '../deps';

/** PATCH /api/me: My Info (name, phone, blockchain wallet). */
export const handler = httpHandler({ auth: 'owner', body: updateMeRequestSchema }, async (req) => {
  if (!req.user) throw new AppError('errors.unauthorized', 'Sign-in required');
  return { body: await updateMyInfo(accountDeps(), req.user, req.body) };
});
