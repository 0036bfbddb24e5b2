import { adminQueueParamsSchema } from '../../shared/api/admin';
import { httpHandler } from '../core/http';
import { adminAuditTrail, jobsConsole, repository } from '../deps';
import { redrive, requireAdmin } from '../usecases/admin';

/** POST /api/admin/jobs/{queue}/redrive (admins): dead-lettered messages back to their queue. */
export const handler = httpHandler({ auth: 'owner', params: adminQueueParamsSchema }, async (req) => {
  const admin = await requireAdmin(repository(), req.user);
  const result = await redrive({ console: jobsConsole(), audit: adminAuditTrail() }, admin, req.params.queue);
  req.log.info('admin redrive', { queue: req.params.queue, moved: result.moved, by: admin.sub });
  return { body: result };
});
