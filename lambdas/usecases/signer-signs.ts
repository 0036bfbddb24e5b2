// A signer's sign images (issue #5): uploaded to an account-less record (checked by ./sign-images.ts,
// capped per link and per signer), then applied to the signer's own areas.
import { randomBytes } from 'node:crypto';
import type { ApplySignsRequest, SignerView, UploadSignResponse } from '../../shared/api/schemas';
import { SIGN_IMAGE_LIMITS } from '../../shared/api/schemas';
import { fieldTypeOf, isImageField } from '../../shared/domain/fields';
import { AppError } from '../core/errors';
import { enforceLimits } from './limits';
import { withConflictRetry } from './retry';
import { FILE_URL_SECONDS } from './document-access';
import { hashSignerToken } from './signer-tokens';
import { checkSignPng, decodeImageBase64 } from './sign-images';
import {
  assertPending,
  ownAreaAt,
  resolveSigner,
  savedSigns,
  saveOwnAreas,
  type SigningDeps,
} from './signer-link';
import { getSignerView } from './signing';

// --- Signs --------------------------------------------------------------------------------------

function badSignImage(reason: string): AppError {
  return new AppError('signing.errors.badSignImage', `The sign image is refused: ${reason}`, {
    status: 400,
    details: { ...SIGN_IMAGE_LIMITS },
  });
}

export async function uploadSign(
  deps: SigningDeps,
  docuId: string,
  token: string,
  input: { image: string },
  now = new Date(),
): Promise<UploadSignResponse> {
  const ctx = await resolveSigner(deps, docuId, token);
  assertPending(ctx);
  const bytes = decodeImageBase64(input.image);
  if (!bytes) throw badSignImage('not base64');
  const png = checkSignPng(bytes);
  if (!png.ok) throw badSignImage(png.reason);
  // A capped number of images per link (and per contractor an hour): nothing stored over the cap.
  await enforceLimits(deps.limits, [
    { rule: 'signImagesPerLink', key: hashSignerToken(token) },
    { rule: 'signImagesPerSigner', key: ctx.me.contact },
  ]);
  const outer = await deps.signers.findOrCreateOuterUser({
    contact: ctx.me.contact,
    name: ctx.me.name,
    outerUserId: randomBytes(16).toString('hex'),
    method: ctx.me.method,
    createdAt: now.toISOString(),
  });
  const signId = randomBytes(12).toString('hex');
  const imageKey = `signs/outer/${outer.outerUserId}/${signId}.png`;
  await deps.storage.put(imageKey, bytes, 'image/png');
  await deps.signers.putSign({
    ownerKind: 'outer',
    ownerId: outer.outerUserId,
    signId,
    kind: 'draw',
    imageKey,
    width: png.width,
    height: png.height,
    createdAt: now.toISOString(),
  });
  const url = await deps.storage.presignDownload(imageKey, { expiresSeconds: FILE_URL_SECONDS });
  return { signId, url };
}

export async function applySigns(
  deps: SigningDeps,
  docuId: string,
  token: string,
  input: ApplySignsRequest,
  now = new Date(),
): Promise<SignerView> {
  const filledAt = now.toISOString();
  await withConflictRetry(async () => {
    const ctx = await resolveSigner(deps, docuId, token);
    assertPending(ctx);
    const known = new Set((await savedSigns(deps, ctx.me)).map((s) => s.signId));
    const areas = [...(ctx.me.areas ?? [])];
    for (const { areaIndex, signId } of input.signs) {
      const own = ownAreaAt(ctx, areaIndex);
      if (!own) {
        throw new AppError('signing.errors.notYourArea', `Area ${areaIndex} is not one of your areas`, {
          status: 400,
          details: { areaIndex },
        });
      }
      const type = fieldTypeOf(own.area);
      if (!isImageField(type)) {
        throw new AppError('fields.errors.notASignField', `Field ${areaIndex} takes no sign (${type})`, {
          status: 400,
          details: { areaIndex },
        });
      }
      if (!known.has(signId)) {
        throw new AppError('signing.errors.unknownSign', `Sign ${signId} is not one of your signs`, {
          status: 400,
          details: { signId },
        });
      }
      areas[own.position] = { ...areas[own.position]!, signed: true, signId, filledAt };
    }
    await saveOwnAreas(deps, ctx, areas);
  });
  return getSignerView(deps, docuId, token);
}
