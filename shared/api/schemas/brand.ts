// Branding (issue #29 item 2): My Info → Brand, and the brand the signer page shows.
import * as z from 'zod';
import { BRAND_LOGO_LIMITS } from '../../domain/brand';

/** The brand as contractors see it (signer view; `null` there: SignSeal's own). */
export const brandViewSchema = z.object({
  /** Public, content-addressed path of the logo (`/api/brand/logos/{sha256}.png`); null: no logo. */
  logoPath: z.string().nullable(),
  /** `#rrggbb`, at least 4.5:1 against white. */
  color: z.string(),
  /** The company's or owner's name: the logo's alt text. */
  name: z.string(),
});
export type BrandViewBody = z.infer<typeof brandViewSchema>;

/** GET/PUT/DELETE /api/me/brand (owner). */
export const brandSettingsSchema = z.object({
  /** 'owner': the caller manages their own brand; 'member': a company's buyer manages it. */
  role: z.enum(['owner', 'member']),
  /** Whether the plan of the account that manages the brand includes branding now. */
  allowed: z.boolean(),
  /** The manager's name and e-mail (members only). */
  managedBy: z.object({ name: z.string(), email: z.string() }).nullable(),
  /** The stored brand (kept while a plan has lapsed), or null. */
  brand: brandViewSchema
    .extend({ logoWidth: z.number().int().nullable(), logoHeight: z.number().int().nullable() })
    .nullable(),
  /** Whether contracts sent now carry it (stored and allowed). */
  applied: z.boolean(),
  /** The plans page, for the disabled control's link. */
  plansPath: z.string(),
});
export type BrandSettings = z.infer<typeof brandSettingsSchema>;

/** Base64 of the logo may run to a third over its byte cap; far larger is refused by the schema. */
const LOGO_MAX_BASE64 = Math.ceil((BRAND_LOGO_LIMITS.maxBytes * 4) / 3) * 2 + 64;

/** PUT /api/me/brand: the accent colour, and a new logo (base64 of a PNG or JPEG, a `data:` prefix
 *  allowed) or `null` to drop the logo; omitted, the stored logo stays. */
export const saveBrandRequestSchema = z.object({
  color: z.string().max(16),
  logo: z.string().max(LOGO_MAX_BASE64).nullable().optional(),
});
export type SaveBrandRequest = z.infer<typeof saveBrandRequestSchema>;
