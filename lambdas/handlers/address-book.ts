import { AppError } from '../core/errors';
import { httpHandler } from '../core/http';
import { documentDeps } from '../deps';
import { listAddressBook } from '../usecases/recipients';

/** GET /api/address-book: contractors of the owner's earlier contracts. */
export const handler = httpHandler({ auth: 'owner' }, async (req) => {
  if (!req.user) throw new AppError('errors.unauthorized', 'Sign-in required');
  return { body: await listAddressBook(documentDeps(), req.user) };
});
