// The pure rules of the signer's fields (issue #27, architecture §19), kept apart from the components
// so they are unit-tested: which fields Next walks and in what order, which are still empty with what
// the page holds right now (signs applied, values typed, files attached), the browser's own check of a
// typed value and of an attachment before it is sent, and when the spec's Next stays disabled.
import type { SignerView } from '../../../../shared/api/schemas';
import {
  ATTACHMENT_CONTENT_TYPES,
  FIELD_LIMITS,
  isFilled,
  isImageField,
  isRequired,
  isValueField,
  validateFieldValue,
} from '../../../../shared/domain/fields';
import type { MessageKey } from '../../../../shared/i18n/keys';
import { ApiError } from '../../lib/api-client';
import { readingOrder, type Area } from './components/sign-order';

export type { Area };

/** What the page holds for the signer's own fields, beyond the view. */
export interface FieldFillState {
  /** Area index → sign id of the image fields (signature, initials, stamp). */
  assigned: ReadonlyMap<number, string>;
  /** Area index → the value typed or picked (value fields; '' is empty). */
  values: ReadonlyMap<number, string>;
  /** Area indexes of the attachment fields that hold a file. */
  attached: ReadonlySet<number>;
}

/** The signer's own fields. */
export const ownFields = (view: SignerView | null): Area[] =>
  view?.recipients.find((r) => r.mine)?.areas ?? [];

/**
 * The fields Next walks, in reading order (page by page, top to bottom, left to right): every type
 * but the date signed, which the server fills in at agreement and nobody edits.
 */
export function walkOrder(areas: readonly Area[], pages: SignerView['pages']): Area[] {
  return readingOrder(
    areas.filter((a) => a.type !== 'dateSigned'),
    pages,
  );
}

/** The image fields (filled with a sign or stamp by Sign All, as sign areas were). */
export const imageFields = (areas: readonly Area[]): Area[] => areas.filter((a) => isImageField(a.type));

/** The value each value field starts with: the saved one, else the contractor's name for a name field. */
export function initialValues(areas: readonly Area[], myName: string): Map<number, string> {
  return new Map(
    areas
      .filter((a) => isValueField(a.type))
      .map((a) => [a.areaIndex, a.value ?? (a.type === 'name' ? myName : '')] as const),
  );
}

/**
 * Whether an own field holds what it must, with the page's signs, values and files: the server's
 * rule (shared/domain/fields.ts isFilled) read on what the page holds rather than what is stored.
 */
export function isFieldFilled(area: Area, fill: FieldFillState): boolean {
  const i = area.areaIndex;
  return isFilled({
    type: area.type,
    signed: fill.assigned.has(i),
    value: fill.values.get(i),
    attachment: fill.attached.has(i) ? true : undefined,
  });
}

/** The required fields still empty, in the order given (the walk's), as area indexes. */
export function emptyRequired(ordered: readonly Area[], fill: FieldFillState): number[] {
  return ordered.filter((a) => isRequired(a) && !isFieldFilled(a, fill)).map((a) => a.areaIndex);
}

/** Why the server would refuse a typed value (fields.ts's rules): its message key and values. */
export interface ValueProblem {
  key: MessageKey;
  values: Record<string, string | number>;
}

export function valueError(area: Area, value: string): ValueProblem | null {
  if (!isValueField(area.type)) return null;
  const result = validateFieldValue(area, value);
  return result.ok ? null : { key: result.error, values: result.values ?? {} };
}

/** A file a signer may attach: PDF, JPEG or PNG, not empty, at most 10 MB (checked again server-side). */
export function acceptableAttachment(file: { type: string; size: number }): boolean {
  return (
    (ATTACHMENT_CONTENT_TYPES as readonly string[]).includes(file.type) &&
    file.size > 0 &&
    file.size <= FIELD_LIMITS.attachmentMaxBytes
  );
}

/** A file's size as people read it: 812 B, 34.5 KB, 2.1 MB. */
export function formatSize(bytes: number, locale: string): string {
  const format = (n: number, unit: string) =>
    `${n.toLocaleString(locale, { maximumFractionDigits: n < 10 ? 1 : 0 })} ${unit}`;
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return format(bytes / 1024, 'KB');
  return format(bytes / (1024 * 1024), 'MB');
}

/**
 * Whether Next is disabled. A contract whose own fields are all signs keeps the spec's rule (doc 1
 * §2: Next is enabled only when no unsigned area remains; Sign All fills them in one press). With any
 * other field, Next stays enabled and a press shows what is still empty instead.
 */
export function nextDisabled(areas: readonly Area[], assigned: ReadonlyMap<number, string>): boolean {
  const signsOnly = areas.length > 0 && areas.every((a) => isImageField(a.type));
  return signsOnly && areas.some((a) => !assigned.has(a.areaIndex));
}

/** The area indexes of a refusal for empty required fields (`fields.errors.requiredFields`). */
export function missingFieldsOf(err: unknown): number[] | undefined {
  if (!(err instanceof ApiError) || err.code !== 'fields.errors.requiredFields') return undefined;
  const details = err.details as { areaIndexes?: unknown } | undefined;
  const list = Array.isArray(details?.areaIndexes) ? details.areaIndexes : [];
  return list.filter((n): n is number => typeof n === 'number');
}
