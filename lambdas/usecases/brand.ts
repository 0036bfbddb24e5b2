// Branding (issue #29 item 2, architecture §21, decision 149): a logo and an accent colour per account
// — the company's (a standard plan's buyer) for its members, else the user's own — on everything
// contractors see. Only while the managing account's plan includes branding (planFeatures): a brand
// stored while the plan lapses is kept but not applied until it returns. Remove restores SignSeal's.
// Logos are our own re-encoding (./brand-image.ts), stored once under the SHA-256 of their bytes and
// served publicly (GET /api/brand/logos/{sha256}.png); a sent contract keeps a snapshot of the brand
// it was sent under (brandForSend), so a later change never alters a contract in flight.
import { createHash } from 'node:crypto';
import type { BrandSettings, SaveBrandRequest } from '../../shared/api/schemas';
import { accentPassesAA, brandLogoPath, normalizeHexColor } from '../../shared/domain/brand';
import type { SeatMemberStore, UserRecord, UserRepository } from '../adapters/dynamo/repository';
import { AppError } from '../core/errors';
import type { AuthUser } from '../core/http';
import type { ObjectStorage } from '../ports';
import { processLogo } from './brand-image';
import { decodeImageBase64 } from './sign-images';
import { enforceLimits, type Limits } from './limits';
import { brandAccountOf, brandingAllowed, brandLogoKey } from './brand-account';

export { brandForSend, brandViewOf, readBrandLogo } from './brand-account';

/** Where the disabled control links to (spec: VIEW PLANS). */
export const BRAND_PLANS_PATH = '/home/select_plan';

export interface BrandDeps {
  readonly users: Pick<UserRepository, 'getById' | 'update'>;
  readonly seats: SeatMemberStore;
  readonly storage: ObjectStorage;
  readonly limits: Limits;
}

async function settingsOf(deps: BrandDeps, record: UserRecord, now: Date): Promise<BrandSettings> {
  const { account, role } = await brandAccountOf(deps, record, now);
  const allowed = brandingAllowed(account, now);
  const b = account.brand;
  return {
    role,
    allowed,
    managedBy: role === 'member' ? { name: account.name, email: account.email } : null,
    brand: b
      ? {
          logoPath: b.logoSha256 ? brandLogoPath(b.logoSha256) : null,
          color: b.color,
          name: account.name,
          logoWidth: b.logoWidth ?? null,
          logoHeight: b.logoHeight ?? null,
        }
      : null,
    applied: allowed && b !== undefined && b !== null,
    plansPath: BRAND_PLANS_PATH,
  };
}

async function requireRecord(deps: BrandDeps, user: AuthUser): Promise<UserRecord> {
  const record = await deps.users.getById(user.sub);
  if (!record) throw new AppError('errors.unauthorized', 'Sign-in required');
  return record;
}

/** The caller may change the brand: their own account (not a company's) on a plan with branding. */
async function requireEditor(deps: BrandDeps, user: AuthUser, now: Date): Promise<UserRecord> {
  const record = await requireRecord(deps, user);
  const { account, role } = await brandAccountOf(deps, record, now);
  if (role === 'member') {
    throw new AppError('brand.errors.managedByCompany', 'The company buyer manages the brand', {
      status: 403,
      details: { email: account.email },
    });
  }
  if (!brandingAllowed(record, now)) {
    throw new AppError('brand.errors.planRequired', 'The plan does not include branding', {
      status: 403,
      details: { plansPath: BRAND_PLANS_PATH },
    });
  }
  return record;
}

/** GET /api/me/brand. */
export async function getBrand(deps: BrandDeps, user: AuthUser, now = new Date()): Promise<BrandSettings> {
  return settingsOf(deps, await requireRecord(deps, user), now);
}

const badLogo = (reason: string, detail: string) =>
  new AppError(`brand.errors.${reason}`, `The logo is refused: ${detail}`, { status: 400 });

/** PUT /api/me/brand: the colour (AA against white), and a new logo, none, or the stored one. */
export async function saveBrand(
  deps: BrandDeps,
  user: AuthUser,
  input: SaveBrandRequest,
  now = new Date(),
): Promise<BrandSettings> {
  const color = normalizeHexColor(input.color);
  if (!color) throw new AppError('brand.errors.badColor', 'Not a #rrggbb colour', { status: 400 });
  if (!accentPassesAA(color)) {
    throw new AppError('brand.errors.lowContrast', 'The colour is under 4.5:1 against white', {
      status: 400,
    });
  }
  const record = await requireEditor(deps, user, now);
  let logo: { logoSha256?: string; logoWidth?: number; logoHeight?: number } = {};
  if (typeof input.logo === 'string') {
    const bytes = decodeImageBase64(input.logo.replace(/^data:image\/(png|jpeg|jpg);base64,/i, ''));
    if (!bytes || bytes.length === 0) throw badLogo('notImage', 'not base64');
    const result = processLogo(bytes);
    if (!result.ok) throw badLogo(result.reason, result.detail);
    await enforceLimits(deps.limits, [{ rule: 'brandLogosPerOwner', key: user.sub }]);
    const sha256 = createHash('sha256').update(result.png).digest('hex');
    // The same bytes give the same key: a second upload of one logo stores nothing new.
    if (!(await deps.storage.head(brandLogoKey(sha256)))) {
      await deps.storage.put(brandLogoKey(sha256), result.png, 'image/png');
    }
    logo = { logoSha256: sha256, logoWidth: result.width, logoHeight: result.height };
  } else if (input.logo === undefined && record.brand?.logoSha256) {
    const b = record.brand;
    logo = {
      logoSha256: b.logoSha256!,
      ...(b.logoWidth ? { logoWidth: b.logoWidth } : {}),
      ...(b.logoHeight ? { logoHeight: b.logoHeight } : {}),
    };
  }
  const updated = await deps.users.update(user.sub, {
    brand: { ...logo, color, updatedAt: now.toISOString() },
  });
  return settingsOf(deps, updated, now);
}

/** DELETE /api/me/brand: SignSeal's brand again, at once, on contracts sent from now on. Allowed
 *  whatever the plan (a lapsed plan's stored brand can be removed). */
export async function removeBrand(deps: BrandDeps, user: AuthUser, now = new Date()): Promise<BrandSettings> {
  const record = await requireRecord(deps, user);
  const { role, account } = await brandAccountOf(deps, record, now);
  if (role === 'member') {
    throw new AppError('brand.errors.managedByCompany', 'The company buyer manages the brand', {
      status: 403,
      details: { email: account.email },
    });
  }
  const updated = await deps.users.update(user.sub, { brand: null });
  return settingsOf(deps, updated, now);
}
