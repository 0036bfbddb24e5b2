import { httpHandler } from '../core/http';
import { adminAuditTrail, repository } from '../deps';
import { requireAdmin } from '../usecases/admin';

/** GET /api/admin/audit (admins): the latest admin actions, newest first. */
export const handler = httpHandler({ auth: 'owner' }, async (req) => {
  await requireAdmin(repository(), req.user);
  return { body: { items: await adminAuditTrail().listAdminActions(50) } };
});
