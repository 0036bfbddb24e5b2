// Plans and payments (issue #18): the billing endpoints (shared/api/billing.ts).
import {
  checkoutResponseSchema,
  invoicesResponseSchema,
  myPlanResponseSchema,
  planPricesResponseSchema,
  cancelResponseSchema,
  membersResponseSchema,
  type MembersResponse,
  type InvoicesResponse,
  type MyPlanResponse,
  type PlanPricesResponse,
} from '../../../../../shared/api/billing';
import type { PurchaseKey } from '../../../../../shared/domain/entities';
import { apiRequest } from '../../../lib/api-client';
import type { Lang } from '../../../app/paths';

export function getPrices(): Promise<PlanPricesResponse> {
  return apiRequest({ path: '/plans/prices', schema: planPricesResponseSchema });
}

export function startCheckout(
  plan: PurchaseKey,
  quantity: number,
  lang: Lang,
): Promise<{ url: string; changed?: true }> {
  return apiRequest({
    method: 'POST',
    path: '/billing/checkout',
    schema: checkoutResponseSchema,
    body: { plan, quantity, lang },
    auth: true,
  });
}

export function getMyPlan(sessionId?: string): Promise<MyPlanResponse> {
  const query = sessionId ? `?session_id=${encodeURIComponent(sessionId)}` : '';
  return apiRequest({ path: `/billing/plan${query}`, schema: myPlanResponseSchema, auth: true });
}

export function cancelSubscription(): Promise<{ cancelAt: string }> {
  return apiRequest({ method: 'POST', path: '/billing/cancel', schema: cancelResponseSchema, auth: true });
}

export function getInvoices(): Promise<InvoicesResponse> {
  return apiRequest({ path: '/billing/invoices', schema: invoicesResponseSchema, auth: true });
}

export function getMembers(): Promise<MembersResponse> {
  return apiRequest({ path: '/billing/members', schema: membersResponseSchema, auth: true });
}

export function saveMembers(members: string[]): Promise<MembersResponse> {
  return apiRequest({
    method: 'PUT',
    path: '/billing/members',
    schema: membersResponseSchema,
    body: { members },
    auth: true,
  });
}
