// A signer fills the values of their own fields (issue #27, architecture §19): text, name, number,
// date, checkbox, radio, dropdown and strikethrough, each checked by its type and the owner's settings
// (shared/domain/fields.ts validateFieldValue). Sign fields take a sign image (./signer-signs.ts),
// attachment fields a checked file (./signer-attachments.ts). Values change only while the contractor
// has not answered (assertPending) and are written conditionally on the document's version, as signs
// are; the agreement then fixes them.
import type { FillFieldsRequest, SignerView } from '../../shared/api/schemas';
import { fieldTypeOf, isValueField, validateFieldValue } from '../../shared/domain/fields';
import type { RecipientRecord } from '../adapters/dynamo/documents';
import { AppError } from '../core/errors';
import { withConflictRetry } from './retry';
import {
  assertPending,
  ownAreaAt,
  resolveSigner,
  saveOwnAreas,
  type SignerContext,
  type SigningDeps,
} from './signer-link';
import { getSignerView } from './signing';

type StoredArea = NonNullable<RecipientRecord['areas']>[number];

/** 400 `fields.errors.notYourField` for a field of another contractor (or none at all). */
export function notYourField(areaIndex: number): AppError {
  return new AppError('fields.errors.notYourField', `Field ${areaIndex} is not one of yours`, {
    status: 400,
    details: { areaIndex },
  });
}

/** The link holder's own field at the document-wide `areaIndex`: its position in their areas. */
export function ownField(ctx: SignerContext, areaIndex: number): { area: StoredArea; position: number } {
  const own = ownAreaAt(ctx, areaIndex);
  if (!own) throw notYourField(areaIndex);
  return own;
}

/** PUT /api/sign/{docuId}/{token}/fields: sets the values ('' clears one), all or none. */
export async function fillFields(
  deps: SigningDeps,
  docuId: string,
  token: string,
  input: FillFieldsRequest,
  now = new Date(),
): Promise<SignerView> {
  const filledAt = now.toISOString();
  await withConflictRetry(async () => {
    const ctx = await resolveSigner(deps, docuId, token);
    assertPending(ctx);
    const areas = [...(ctx.me.areas ?? [])];
    for (const { areaIndex, value } of input.values) {
      const { area, position } = ownField(ctx, areaIndex);
      const type = fieldTypeOf(area);
      if (!isValueField(type)) {
        throw new AppError('fields.errors.notAValueField', `Field ${areaIndex} takes no value (${type})`, {
          status: 400,
          details: { areaIndex },
        });
      }
      const check = validateFieldValue({ ...area, type }, value);
      if (!check.ok) {
        throw new AppError(check.error, `Field ${areaIndex} refuses the value: ${check.error}`, {
          status: 400,
          details: { ...(check.values ?? {}), areaIndex },
        });
      }
      areas[position] = { ...areas[position]!, value, signed: value !== '', filledAt };
    }
    await saveOwnAreas(deps, ctx, areas);
  });
  return getSignerView(deps, docuId, token);
}
