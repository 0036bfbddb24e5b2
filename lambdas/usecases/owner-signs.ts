// The signed-in owner's own signs (issue #4: the owner as a contractor). An owner who is one of the
// contractors signs at sending with their default sign (spec doc 1 §5 "Sending and signing",
// `is_owner`); the funnel's sign maker saves the sign here first. Images get the same checks as a
// signer's upload (checkSignPng) and live in the documents bucket under a per-user key; the default
// is a user field (spec `default_sign_index`, here an id), else the oldest sign.
import { randomBytes } from 'node:crypto';
import type {
  CreateOwnerSignRequest,
  OwnerSign,
  OwnerSignsResponse,
  SetDefaultSignRequest,
} from '../../shared/api/schemas';
import type { SignerRepository, SignRecord } from '../adapters/dynamo/documents';
import type { UserRepository } from '../adapters/dynamo/repository';
import { AppError } from '../core/errors';
import type { AuthUser } from '../core/http';
import type { ObjectStorage } from '../ports';
import { pickDefaultSign } from './default-sign';
import { enforceLimits, type Limits } from './limits';
import { checkSignPng, decodeImageBase64 } from './sign-images';

export { defaultSignOf, pickDefaultSign } from './default-sign';

/** At most this many signs per account (the sign manager lists them all on one screen). */
export const MAX_OWNER_SIGNS = 20;
/** Presigned GETs of sign images are valid this long. */
export const SIGN_URL_SECONDS = 10 * 60;

export interface OwnerSignsDeps {
  readonly users: Pick<UserRepository, 'getById' | 'update'>;
  readonly signs: Pick<SignerRepository, 'putSign' | 'listSigns' | 'deleteSign'>;
  readonly storage: ObjectStorage;
  /** Abuse limits (architecture §18): stored images count against the owner's. */
  readonly limits: Limits;
}

/** The one object key of an owner's sign image. */
export function ownerSignKey(userId: string, signId: string): string {
  return `signs/user/${userId}/${signId}.png`;
}

async function toView(deps: OwnerSignsDeps, s: SignRecord, defaultId: string | null): Promise<OwnerSign> {
  return {
    signId: s.signId,
    kind: s.kind,
    url: await deps.storage.presignDownload(s.imageKey, { expiresSeconds: SIGN_URL_SECONDS }),
    createdAt: s.createdAt,
    isDefault: s.signId === defaultId,
  };
}

export async function listOwnerSigns(deps: OwnerSignsDeps, user: AuthUser): Promise<OwnerSignsResponse> {
  const [record, signs] = await Promise.all([
    deps.users.getById(user.sub),
    deps.signs.listSigns('user', user.sub),
  ]);
  const ordered = [...signs].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const defaultId = pickDefaultSign(ordered, record?.defaultSignId)?.signId ?? null;
  return {
    signs: await Promise.all(ordered.map((s) => toView(deps, s, defaultId))),
    defaultSignId: defaultId,
    max: MAX_OWNER_SIGNS,
  };
}

function badSignImage(reason: string): AppError {
  return new AppError('ownerSigns.errors.badImage', `The sign image is refused: ${reason}`, { status: 400 });
}

/** The profile must exist (GET /api/me creates it at the first sign-in) to hold the default. */
async function requireProfile(deps: OwnerSignsDeps, user: AuthUser) {
  const record = await deps.users.getById(user.sub);
  if (!record) {
    throw new AppError('ownerSigns.errors.noProfile', `No profile for user ${user.sub}`, { status: 409 });
  }
  return record;
}

export async function createOwnerSign(
  deps: OwnerSignsDeps,
  user: AuthUser,
  input: CreateOwnerSignRequest,
  now = new Date(),
): Promise<OwnerSign> {
  const bytes = decodeImageBase64(input.image);
  if (!bytes) throw badSignImage('not base64');
  const png = checkSignPng(bytes);
  if (!png.ok) throw badSignImage(png.reason);
  const record = await requireProfile(deps, user);
  const existing = await deps.signs.listSigns('user', user.sub);
  if (existing.length >= MAX_OWNER_SIGNS) {
    throw new AppError('ownerSigns.errors.tooMany', `At most ${MAX_OWNER_SIGNS} signs per account`, {
      status: 409,
      details: { max: MAX_OWNER_SIGNS },
    });
  }
  // Also bounds what concurrent requests can store past MAX_OWNER_SIGNS (each saw room in the list).
  await enforceLimits(deps.limits, [{ rule: 'signImagesPerOwner', key: user.sub }]);
  const signId = randomBytes(12).toString('hex');
  const imageKey = ownerSignKey(user.sub, signId);
  await deps.storage.put(imageKey, bytes, 'image/png');
  const sign: SignRecord = {
    ownerKind: 'user',
    ownerId: user.sub,
    signId,
    kind: input.kind ?? 'draw',
    imageKey,
    width: png.width,
    height: png.height,
    createdAt: now.toISOString(),
  };
  await deps.signs.putSign(sign);
  const current = pickDefaultSign(existing, record.defaultSignId);
  const becomesDefault = input.makeDefault === true || current === null;
  if (becomesDefault) await deps.users.update(user.sub, { defaultSignId: signId });
  return toView(deps, sign, becomesDefault ? signId : (current?.signId ?? null));
}

export async function setDefaultOwnerSign(
  deps: OwnerSignsDeps,
  user: AuthUser,
  input: SetDefaultSignRequest,
): Promise<OwnerSignsResponse> {
  await requireProfile(deps, user);
  const signs = await deps.signs.listSigns('user', user.sub);
  if (!signs.some((s) => s.signId === input.signId)) {
    // Another user's sign id answers the same: nothing is revealed.
    throw new AppError('ownerSigns.errors.unknownSign', `Sign ${input.signId} is not one of your signs`, {
      status: 404,
    });
  }
  await deps.users.update(user.sub, { defaultSignId: input.signId });
  return listOwnerSigns(deps, user);
}

/**
 * Removes one of the owner's signs or stamps (issue #17, the sign manager). Only the record goes: a
 * sent document whose owner signed with it still needs the image to seal (decision 97). When it was
 * the default, the oldest remaining sign becomes the default.
 */
export async function deleteOwnerSign(
  deps: OwnerSignsDeps,
  user: AuthUser,
  signId: string,
): Promise<OwnerSignsResponse> {
  const record = await requireProfile(deps, user);
  const signs = await deps.signs.listSigns('user', user.sub);
  if (!signs.some((s) => s.signId === signId)) {
    // Another user's sign id answers the same: nothing is revealed.
    throw new AppError('ownerSigns.errors.unknownSign', `Sign ${signId} is not one of your signs`, {
      status: 404,
    });
  }
  await deps.signs.deleteSign('user', user.sub, signId);
  if (record.defaultSignId === signId) await deps.users.update(user.sub, { defaultSignId: null });
  return listOwnerSigns(deps, user);
}
