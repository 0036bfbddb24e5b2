// My Info → Brand (issue #29 item 2): GET, PUT and DELETE /api/me/brand.
import {
  brandSettingsSchema,
  type BrandSettings,
  type SaveBrandRequest,
} from '../../../../../shared/api/schemas';
import { apiRequest } from '../../../lib/api-client';

export function getBrand(): Promise<BrandSettings> {
  return apiRequest({ method: 'GET', path: '/me/brand', schema: brandSettingsSchema, auth: true });
}

export function saveBrand(body: SaveBrandRequest): Promise<BrandSettings> {
  return apiRequest({ method: 'PUT', path: '/me/brand', schema: brandSettingsSchema, body, auth: true });
}

export function removeBrand(): Promise<BrandSettings> {
  return apiRequest({ method: 'DELETE', path: '/me/brand', schema: brandSettingsSchema, auth: true });
}
