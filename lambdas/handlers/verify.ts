import { verifyQuerySchema } from '../../shared/api/verify';
import { httpHandler } from '../core/http';
import { verifyDeps } from '../deps';
import { verify } from '../usecases/verify';

/** GET /api/verify?hash=… | ?document=…: public; the on-chain record is read live. */
export const handler = httpHandler({ auth: 'public', query: verifyQuerySchema }, async (req) => {
  return { body: await verify(verifyDeps(), req.query, req.log) };
});
