import { adminDocuParamsSchema } from '../../shared/api/admin';
import { httpHandler } from '../core/http';
import { adminDeps, repository } from '../deps';
import { requireAdmin, reseal } from '../usecases/admin';

/** POST /api/admin/documents/{docuId}/reseal (admins): queues the seal or anchor a stuck document owes. */
export const handler = httpHandler({ auth: 'owner', params: adminDocuParamsSchema }, async (req) => {
  const admin = await requireAdmin(repository(), req.user);
  const result = await reseal(adminDeps(), admin, req.params.docuId);
  req.log.info('admin reseal', { docuId: req.params.docuId, queued: result.queued, by: admin.sub });
  return { body: result };
});
