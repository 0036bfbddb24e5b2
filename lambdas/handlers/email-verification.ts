import { sendEmailVerificationRequestSchema } from '../../shared/api/schemas';
import { AppError } from '../core/errors';
import { httpHandler } from '../core/http';
import { sendEmailVerification } from '../usecases/account';
import { accountDeps } from '../deps';

/** POST /api/me/email/verification: mails the product's code to the account's address (My Info). */
export const handler = httpHandler(
  { auth: 'owner', body: sendEmailVerificationRequestSchema },
  async (req) => {
    if (!req.user) throw new AppError('errors.unauthorized', 'Sign-in required');
    const body = await sendEmailVerification(accountDeps(), req.user, req.body);
    req.log.info('e-mail verification', { userId: req.user.sub, status: body.status });
    return { status: body.status === 'codeSent' ? 202 : 200, body };
  },
);
