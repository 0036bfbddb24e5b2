// Contract management calls (issue #7). Schemas are the shared API contract (shared/api/contracts.ts).

import {
  activityResponseSchema,
  contractDetailsSchema,
  contractListSchema,
  contractStatusSchema,
  contractVideoResponseSchema,
  deleteDocumentResponseSchema,
  downloadResponseSchema,
  mailDocumentResponseSchema,
  signerLinkResponseSchema,
  type ActivityResponse,
  type ContractDetails,
  type ContractList,
  type ContractVideoResponse,
  type DownloadResponse,
} from '../../../../../shared/api/contracts';
import { resendResponseSchema, type ResendResponse } from '../../../../../shared/api/schemas';
import type { DocumentListTab, DocumentStatus } from '../../../../../shared/domain/status';
import type { Lang } from '../../../app/paths';
import { apiRequest } from '../../../lib/api-client';

export type {
  ActivityItem,
  ContractCard,
  ContractDetails,
  ContractRecipient,
  HistoryEntry,
} from '../../../../../shared/api/contracts';

const doc = (docuId: string) => `/documents/${encodeURIComponent(docuId)}`;

export type ListTab = DocumentListTab;
export type ListRole = 'owner' | 'contractor';

export function listContracts(
  input: { tab: ListTab; role: ListRole; cursor?: string | null; limit?: number },
  signal?: AbortSignal,
): Promise<ContractList> {
  const query = new URLSearchParams({ tab: input.tab, role: input.role });
  if (input.cursor) query.set('cursor', input.cursor);
  if (input.limit) query.set('limit', String(input.limit));
  return apiRequest({
    path: `/documents?${query.toString()}`,
    schema: contractListSchema,
    auth: true,
    signal,
  });
}

export function getContractDetails(docuId: string, signal?: AbortSignal): Promise<ContractDetails> {
  return apiRequest({ path: `${doc(docuId)}/details`, schema: contractDetailsSchema, auth: true, signal });
}

export async function getContractStatus(docuId: string, signal?: AbortSignal): Promise<DocumentStatus> {
  const res = await apiRequest({
    path: `${doc(docuId)}/status`,
    schema: contractStatusSchema,
    auth: true,
    signal,
  });
  return res.status;
}

export function getDownload(docuId: string, signal?: AbortSignal): Promise<DownloadResponse> {
  return apiRequest({ path: `${doc(docuId)}/download`, schema: downloadResponseSchema, auth: true, signal });
}

export async function mailDocument(docuId: string, email: string, lang: Lang): Promise<void> {
  await apiRequest({
    method: 'POST',
    path: `${doc(docuId)}/mail`,
    body: { email, lang },
    schema: mailDocumentResponseSchema,
    auth: true,
  });
}

export async function deleteDocument(docuId: string): Promise<void> {
  await apiRequest({ method: 'DELETE', path: doc(docuId), schema: deleteDocumentResponseSchema, auth: true });
}

/** The signed-in contractor's own signer page path (Continue). */
export async function contractorSignerPath(docuId: string, lang: Lang): Promise<string> {
  const res = await apiRequest({
    method: 'POST',
    path: `${doc(docuId)}/signer-link`,
    body: { lang },
    schema: signerLinkResponseSchema,
    auth: true,
  });
  return res.path;
}

export function getActivity(signal?: AbortSignal): Promise<ActivityResponse> {
  return apiRequest({ path: '/activity', schema: activityResponseSchema, auth: true, signal });
}

/** The owner's Resend for a contractor who has not signed (issue #5's endpoint). */
export function resendRequest(docuId: string, index: number): Promise<ResendResponse> {
  return apiRequest({
    method: 'POST',
    path: `${doc(docuId)}/recipients/${index}/resend`,
    schema: resendResponseSchema,
    auth: true,
  });
}

/** Short-lived URLs of a contractor's agreement video and its thumbnail (the owner's details). */
export function getContractVideo(docuId: string, index: number): Promise<ContractVideoResponse> {
  return apiRequest({
    path: `${doc(docuId)}/videos/${index}`,
    schema: contractVideoResponseSchema,
    auth: true,
  });
}
