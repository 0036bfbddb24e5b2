import { getConfig } from '../config';
import { httpHandler } from '../core/http';
import { repository } from '../deps';
import { requireAdmin, safeSettings } from '../usecases/admin';

/** GET /api/admin/settings (admins): the effective configuration that is safe to show. */
export const handler = httpHandler({ auth: 'owner' }, async (req) => {
  await requireAdmin(repository(), req.user);
  return { body: safeSettings(getConfig()) };
});
