import { AppError } from '../core/errors';
import { httpHandler } from '../core/http';
import { contractDeps } from '../deps';
import { activity } from '../usecases/contracts';

/** GET /api/activity: the latest 10 history items across the owner's documents. */
export const handler = httpHandler({ auth: 'owner' }, async (req) => {
  if (!req.user) throw new AppError('errors.unauthorized', 'Sign-in required');
  return { body: await activity(contractDeps(), req.user) };
});
