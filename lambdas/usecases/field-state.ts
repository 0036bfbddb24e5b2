// How a contractor's decision fills their fields (issue #27): sign fields take the sign image, and a
// `dateSigned` field takes the decision's time in the same write that records the agreement (the
// owner's at sending, a signer's at agreeing). Other fields keep what was filled before.
import { fieldTypeOf, isImageField } from '../../shared/domain/fields';
import type { RecipientRecord } from '../adapters/dynamo/documents';

type StoredArea = NonNullable<RecipientRecord['areas']>[number];

/** A `dateSigned` field filled with the decision's time (ISO 8601); any other field unchanged. */
export function withDecisionDate(area: StoredArea, at: Date): StoredArea {
  if (fieldTypeOf(area) !== 'dateSigned') return area;
  const iso = at.toISOString();
  return { ...area, value: iso, signed: true, filledAt: iso };
}

/** The owner's own field when the owner sends (and so agrees): sign fields get the owner's default
 *  sign, a date-signed field the sending time; value fields keep the owner's pre-filled values. */
export function ownerFieldAtSend(area: StoredArea, signId: string, at: Date): StoredArea {
  if (isImageField(fieldTypeOf(area))) return { ...area, signed: true, signId };
  return withDecisionDate(area, at);
}
