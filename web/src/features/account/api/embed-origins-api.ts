// My Info → Embedded signing (issue #31 item 4): GET and PUT /api/account/embed-origins.
import {
  embedOriginsSettingsSchema,
  type EmbedOriginsSettings,
  type SaveEmbedOriginsRequest,
} from '../../../../../shared/api/schemas';
import { apiRequest } from '../../../lib/api-client';

export function getEmbedOrigins(): Promise<EmbedOriginsSettings> {
  return apiRequest({
    method: 'GET',
    path: '/account/embed-origins',
    schema: embedOriginsSettingsSchema,
    auth: true,
  });
}

export function saveEmbedOrigins(body: SaveEmbedOriginsRequest): Promise<EmbedOriginsSettings> {
  return apiRequest({
    method: 'PUT',
    path: '/account/embed-origins',
    schema: embedOriginsSettingsSchema,
    body,
    auth: true,
  });
}
