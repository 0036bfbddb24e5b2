// The operators' console calls (issue #20): /api/admin/jobs, redrive, seal again, settings, audit.
import {
  adminAuditResponseSchema,
  adminJobsResponseSchema,
  adminRedriveResponseSchema,
  adminResealResponseSchema,
  adminSettingsResponseSchema,
  type AdminAudit,
  type AdminJobs,
  type AdminSettings,
} from '../../../../../shared/api/admin';
import type { WorkerName } from '../../../../../shared/api/routes';
import { apiRequest } from '../../../lib/api-client';

export function getJobs(signal?: AbortSignal): Promise<AdminJobs> {
  return apiRequest({ path: '/admin/jobs', schema: adminJobsResponseSchema, auth: true, signal });
}

export function getAudit(signal?: AbortSignal): Promise<AdminAudit> {
  return apiRequest({ path: '/admin/audit', schema: adminAuditResponseSchema, auth: true, signal });
}

export function getSettings(signal?: AbortSignal): Promise<AdminSettings> {
  return apiRequest({ path: '/admin/settings', schema: adminSettingsResponseSchema, auth: true, signal });
}

export function redrive(queue: WorkerName): Promise<{ moved: number }> {
  return apiRequest({
    method: 'POST',
    path: `/admin/jobs/${queue}/redrive`,
    schema: adminRedriveResponseSchema,
    auth: true,
  });
}

export function sealAgain(docuId: string): Promise<{ queued: 'seal' | 'anchor' }> {
  return apiRequest({
    method: 'POST',
    path: `/admin/documents/${encodeURIComponent(docuId)}/reseal`,
    schema: adminResealResponseSchema,
    auth: true,
  });
}
