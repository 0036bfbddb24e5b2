// Branding (issue #29 item 2, decision 149): whose brand a user's contracts carry and the snapshot a
// sent document keeps, without the image code (./brand-image.ts), so the send, signer and seal
// bundles stay small. The settings use cases are ./brand.ts.
import { brandLogoPath, type BrandView } from '../../shared/domain/brand';
import { lotsOfRecord, planFeatures } from '../../shared/domain/entitlements';
import type { SeatMemberStore, UserRecord, UserRepository } from '../adapters/dynamo/repository';
import type { ObjectStorage } from '../ports';
import { companyBuyerOf } from './seats';

/** The snapshot a sent document keeps (document item `brand`). */
export interface BrandSnapshot {
  logoSha256?: string;
  color: string;
  name: string;
}

/** The object key of a logo. */
export function brandLogoKey(sha256: string): string {
  return `brands/${sha256}.png`;
}

const LOGO_FILE = /^([0-9a-f]{64})\.png$/;

/** The key of a public logo file name, or null when the name is not one of ours. */
export function logoKeyOfFile(file: string): string | null {
  const m = LOGO_FILE.exec(file);
  return m ? brandLogoKey(m[1]!) : null;
}

export function brandingAllowed(record: UserRecord, now: Date): boolean {
  return planFeatures(
    { plan: record.plan, validDate: record.validDate, seats: record.seats, lots: lotsOfRecord(record, now) },
    now,
  ).branding;
}

export /** The account whose brand a user's contracts carry: the company buyer's for a member, else their own. */
async function brandAccountOf(
  deps: { users: Pick<UserRepository, 'getById'>; seats?: SeatMemberStore | undefined },
  record: UserRecord,
  now: Date,
): Promise<{ account: UserRecord; role: 'owner' | 'member' }> {
  const buyer = deps.seats
    ? await companyBuyerOf({ users: deps.users, seats: deps.seats }, record, now)
    : null;
  return buyer ? { account: buyer, role: 'member' } : { account: record, role: 'owner' };
}

function snapshotOf(account: UserRecord): BrandSnapshot | null {
  const b = account.brand;
  if (!b) return null;
  return { ...(b.logoSha256 ? { logoSha256: b.logoSha256 } : {}), color: b.color, name: account.name };
}

/** The brand as contractors see it, from a document's snapshot (null: SignSeal's). */
export function brandViewOf(snapshot: BrandSnapshot | null | undefined): BrandView | null {
  if (!snapshot) return null;
  return {
    logoPath: snapshot.logoSha256 ? brandLogoPath(snapshot.logoSha256) : null,
    color: snapshot.color,
    name: snapshot.name,
  };
}

/**
 * The brand a contract is sent under, for its snapshot: the managing account's stored brand while its
 * plan includes branding, else none (SignSeal's shows).
 */
export async function brandForSend(
  deps: { users: Pick<UserRepository, 'getById'>; seats?: SeatMemberStore | undefined },
  ownerId: string,
  now = new Date(),
): Promise<BrandSnapshot | null> {
  const record = await deps.users.getById(ownerId);
  if (!record) return null;
  const { account } = await brandAccountOf(deps, record, now);
  return brandingAllowed(account, now) ? snapshotOf(account) : null;
}

/** GET /api/brand/logos/{file}: the stored PNG, or null (404). */
export async function readBrandLogo(
  deps: { storage: ObjectStorage },
  file: string,
): Promise<Uint8Array | null> {
  const key = logoKeyOfFile(file);
  if (!key) return null;
  if (!(await deps.storage.head(key))) return null;
  return deps.storage.getBytes(key);
}

/** The brand of a sent document for its sealed PDF and certificate: the snapshot's colour and the
 *  logo's bytes (null: SignSeal's own). */
export async function documentBrand(
  storage: Pick<ObjectStorage, 'getBytes'>,
  snapshot: { logoSha256?: string | null; color: string } | null | undefined,
): Promise<{ logoPng?: Uint8Array; color: string } | null> {
  if (!snapshot) return null;
  const logoPng = snapshot.logoSha256 ? await storage.getBytes(brandLogoKey(snapshot.logoSha256)) : undefined;
  return { color: snapshot.color, ...(logoPng ? { logoPng } : {}) };
}
