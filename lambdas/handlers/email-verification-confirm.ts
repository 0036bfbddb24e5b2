import { confirmEmailVerificationRequestSchema } from '../../shared/api/schemas';
import { AppError } from '../core/errors';
import { httpHandler } from '../core/http';
import { confirmEmailVerification } from '../usecases/account';
import { accountDeps } from '../deps';

/** POST /api/me/email/verification/confirm: the mailed code → the address is recorded as verified. */
export const handler = httpHandler(
  { auth: 'owner', body: confirmEmailVerificationRequestSchema },
  async (req) => {
    if (!req.user) throw new AppError('errors.unauthorized', 'Sign-in required');
    const profile = await confirmEmailVerification(accountDeps(), req.user, req.body);
    req.log.info('e-mail verified', { userId: req.user.sub });
    return { body: profile };
  },
);
