import { signerParamsSchema } from '../../shared/api/schemas';
import { AppError } from '../core/errors';
import { httpHandler } from '../core/http';
import { signingDeps } from '../deps';
import { signerIdentity } from '../usecases/signer-identity';

/** POST /api/sign/{docuId}/{token}/identity: whether the signed-in user is the link's contractor. */
export const handler = httpHandler({ auth: 'owner', params: signerParamsSchema }, async (req) => {
  if (!req.user) throw new AppError('errors.unauthorized', 'Sign-in required');
  return { body: await signerIdentity(signingDeps(), req.user, req.params.docuId, req.params.token) };
});
