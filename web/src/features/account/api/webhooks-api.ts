// My Info → Webhooks (issue #31 item 3): the owner routes under /api/me/webhooks.
import * as z from 'zod';
import {
  webhookDeliveryListSchema,
  webhookEndpointSchema,
  webhookListSchema,
  webhookQueuedSchema,
  webhookSecretResponseSchema,
  type CreateWebhookRequest,
  type UpdateWebhookRequest,
  type WebhookDeliveryList,
  type WebhookEndpointView,
  type WebhookList,
  type WebhookQueued,
  type WebhookSecretResponse,
} from '../../../../../shared/api/schemas/webhooks';
import { apiRequest } from '../../../lib/api-client';

const base = '/me/webhooks';
const one = (id: string) => `${base}/${encodeURIComponent(id)}`;

export const listWebhooks = (): Promise<WebhookList> =>
  apiRequest({ path: base, schema: webhookListSchema, auth: true });

export const createWebhook = (body: CreateWebhookRequest): Promise<WebhookSecretResponse> =>
  apiRequest({ method: 'POST', path: base, schema: webhookSecretResponseSchema, body, auth: true });

export const updateWebhook = (id: string, body: UpdateWebhookRequest): Promise<WebhookEndpointView> =>
  apiRequest({ method: 'PATCH', path: one(id), schema: webhookEndpointSchema, body, auth: true });

export const deleteWebhook = (id: string): Promise<unknown> =>
  apiRequest({ method: 'DELETE', path: one(id), schema: z.unknown(), auth: true });

export const revealWebhookSecret = (id: string): Promise<WebhookSecretResponse> =>
  apiRequest({ path: `${one(id)}/secret`, schema: webhookSecretResponseSchema, auth: true });

export const rotateWebhookSecret = (id: string): Promise<WebhookSecretResponse> =>
  apiRequest({
    method: 'POST',
    path: `${one(id)}/rotate`,
    schema: webhookSecretResponseSchema,
    body: {},
    auth: true,
  });

export const sendTestWebhook = (id: string): Promise<WebhookQueued> =>
  apiRequest({ method: 'POST', path: `${one(id)}/test`, schema: webhookQueuedSchema, auth: true });

export const listWebhookDeliveries = (id: string, cursor?: string): Promise<WebhookDeliveryList> =>
  apiRequest({
    path: `${one(id)}/deliveries${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
    schema: webhookDeliveryListSchema,
    auth: true,
  });

export const replayWebhookDelivery = (id: string, deliveryId: string): Promise<WebhookQueued> =>
  apiRequest({
    method: 'POST',
    path: `${one(id)}/deliveries/${encodeURIComponent(deliveryId)}/replay`,
    schema: webhookQueuedSchema,
    auth: true,
  });
