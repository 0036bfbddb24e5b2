// The owner's control of a sent contract (issue #28): remind a contractor now, change the contact of
// one who has not answered, void the contract with a reason, set or extend its expiry. Schemas are
// the shared API contract (shared/api/schemas/routing.ts).
import {
  changeContactResponseSchema,
  remindResponseSchema,
  routingActionResponseSchema,
  type RoutingActionResponse,
} from '../../../../../shared/api/schemas/routing';
import type { Lang } from '../../../app/paths';
import { apiRequest } from '../../../lib/api-client';

const doc = (docuId: string) => `/documents/${encodeURIComponent(docuId)}`;
const recipient = (docuId: string, index: number) => `${doc(docuId)}/recipients/${index}`;

export function remindNow(docuId: string, index: number, lang: Lang) {
  return apiRequest({
    method: 'POST',
    path: `${recipient(docuId, index)}/remind`,
    body: { lang },
    schema: remindResponseSchema,
    auth: true,
  });
}

export function changeContact(
  docuId: string,
  index: number,
  body: { name: string; contact: string; lang: Lang },
) {
  return apiRequest({
    method: 'PUT',
    path: `${recipient(docuId, index)}/contact`,
    body,
    schema: changeContactResponseSchema,
    auth: true,
  });
}

export function voidContract(docuId: string, reason: string, lang: Lang): Promise<RoutingActionResponse> {
  return apiRequest({
    method: 'POST',
    path: `${doc(docuId)}/void`,
    body: { reason, lang },
    schema: routingActionResponseSchema,
    auth: true,
  });
}

export function setExpiry(docuId: string, expiresAt: string, lang: Lang): Promise<RoutingActionResponse> {
  return apiRequest({
    method: 'PUT',
    path: `${doc(docuId)}/expiry`,
    body: { expiresAt, lang },
    schema: routingActionResponseSchema,
    auth: true,
  });
}
