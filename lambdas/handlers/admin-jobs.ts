import { httpHandler } from '../core/http';
import { getConfig } from '../config';
import { adminDeps, jobFailures, jobsConsole, repository } from '../deps';
import { jobsOverview, requireAdmin } from '../usecases/admin';

/** GET /api/admin/jobs (admins): each queue's counts and dead letters, and the stuck documents. */
export const handler = httpHandler({ auth: 'owner' }, async (req) => {
  await requireAdmin(repository(), req.user);
  const body = await jobsOverview(
    { console: jobsConsole(), seals: adminDeps().seals, failures: jobFailures() },
    getConfig().SWEEP_MIN_AGE_SECONDS,
  );
  return { body };
});
