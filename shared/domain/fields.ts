// Fields (issue #27, architecture §19): what a contractor fills on the document. A sign area is a
// field of type `signature`; one model holds every type, stored in the recipient's `areas` list in
// PDF coordinates (entities.ts SignArea). The same rules run in the SPA (to say why at once) and in the
// handlers (to refuse with 400): a field's properties when the owner places it, its value when the
// contractor fills it, and whether a required field is still empty when the contractor agrees.

import type { MessageKey } from '../i18n/keys';
import { charCount, fail, OK, type ValidationResult } from './validation';

export const FIELD_TYPES = [
  'signature',
  'initials',
  'stamp',
  'name',
  'dateSigned',
  'text',
  'number',
  'date',
  'checkbox',
  'radio',
  'dropdown',
  'attachment',
  'strikethrough',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** Fields filled with one of the contractor's sign or stamp images (a `signId`), as areas were. */
export const IMAGE_FIELD_TYPES = ['signature', 'initials', 'stamp'] as const satisfies readonly FieldType[];
/** Fields whose value is text the contractor types or picks (stored as a string in `value`). */
export const VALUE_FIELD_TYPES = [
  'name',
  'text',
  'number',
  'date',
  'checkbox',
  'radio',
  'dropdown',
  'strikethrough',
] as const satisfies readonly FieldType[];
/** Fields with a list of options. */
export const OPTION_FIELD_TYPES = ['radio', 'dropdown'] as const satisfies readonly FieldType[];

export function isImageField(type: FieldType): boolean {
  return (IMAGE_FIELD_TYPES as readonly FieldType[]).includes(type);
}
export function isValueField(type: FieldType): boolean {
  return (VALUE_FIELD_TYPES as readonly FieldType[]).includes(type);
}
export function hasOptions(type: FieldType): boolean {
  return (OPTION_FIELD_TYPES as readonly FieldType[]).includes(type);
}

export const FIELD_LIMITS = {
  /** A field's label (shown to the signer, named in the audit pages and in CSV columns). */
  labelMaxChars: 100,
  placeholderMaxChars: 100,
  /** Options of a radio group or dropdown. */
  minOptions: 2,
  maxOptions: 30,
  optionMaxChars: 100,
  /** A text field's value; an owner's `maxLength` is at most this. */
  textMaxChars: 2000,
  numberMaxChars: 30,
  /** Attachments: PDF, JPEG or PNG, each at most 10 MB, at most 10 per contractor. */
  attachmentMaxBytes: 10 * 1024 * 1024,
  attachmentsPerRecipient: 10,
  attachmentNameMaxChars: 255,
  /** Fields per document (all contractors). */
  maxFieldsPerDocument: 1000,
} as const;

export const ATTACHMENT_CONTENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type AttachmentContentType = (typeof ATTACHMENT_CONTENT_TYPES)[number];

/** A file a contractor attached to an `attachment` field: checked bytes under a key no form names. */
export interface FieldAttachment {
  key: string;
  fileName: string;
  contentType: AttachmentContentType;
  sizeBytes: number;
  /** Lower-case hex SHA-256 of the bytes. */
  sha256: string;
}

/** What the owner decides about a field when placing it (every property optional but the type). */
export interface FieldSettings {
  type: FieldType;
  required: boolean;
  label?: string;
  placeholder?: string;
  /** text: several lines. */
  multiline?: boolean;
  /** text: at most this many characters (1..textMaxChars). */
  maxLength?: number;
  /** radio, dropdown: the choices, in order. */
  options?: string[];
  /** A value the owner fills in advance (name, text, number, date, checkbox, radio, dropdown). */
  value?: string;
}

/** The optional settings of a field that are set (undefined ones left out; options copied). */
export function setSettings(
  a: Pick<FieldSettings, 'label' | 'placeholder' | 'multiline' | 'maxLength'> & {
    options?: readonly string[] | undefined;
  },
): Pick<FieldSettings, 'label' | 'placeholder' | 'multiline' | 'maxLength' | 'options'> {
  return {
    ...(a.label === undefined ? {} : { label: a.label }),
    ...(a.placeholder === undefined ? {} : { placeholder: a.placeholder }),
    ...(a.multiline === undefined ? {} : { multiline: a.multiline }),
    ...(a.maxLength === undefined ? {} : { maxLength: a.maxLength }),
    ...(a.options === undefined ? {} : { options: [...a.options] }),
  };
}

/** The type of a stored area: areas saved before issue #27 have none and are signatures. */
export function fieldTypeOf(area: { type?: string | undefined }): FieldType {
  return (FIELD_TYPES as readonly string[]).includes(area.type ?? '')
    ? (area.type as FieldType)
    : 'signature';
}

/** Whether a field must be filled before its contractor can agree: sign areas always were required. */
export function isRequired(area: { type?: string | undefined; required?: boolean | undefined }): boolean {
  return area.required ?? isImageField(fieldTypeOf(area));
}

/** The message a signer sees on a required field that is still empty (one per type). */
export function requiredMessage(type: FieldType): MessageKey {
  return `fields.required.${type}` as MessageKey;
}

// --- The owner's settings -----------------------------------------------------------------------

export function validateFieldSettings(settings: FieldSettings): ValidationResult {
  const { type } = settings;
  if (!(FIELD_TYPES as readonly string[]).includes(type)) return fail('fields.errors.badType');
  if (settings.label !== undefined && charCount(settings.label) > FIELD_LIMITS.labelMaxChars) {
    return fail('fields.errors.labelTooLong', { max: FIELD_LIMITS.labelMaxChars });
  }
  if (
    settings.placeholder !== undefined &&
    charCount(settings.placeholder) > FIELD_LIMITS.placeholderMaxChars
  ) {
    return fail('fields.errors.labelTooLong', { max: FIELD_LIMITS.placeholderMaxChars });
  }
  if (settings.maxLength !== undefined) {
    const ok =
      type === 'text' &&
      Number.isInteger(settings.maxLength) &&
      settings.maxLength >= 1 &&
      settings.maxLength <= FIELD_LIMITS.textMaxChars;
    if (!ok) return fail('fields.errors.badMaxLength', { max: FIELD_LIMITS.textMaxChars });
  }
  if (hasOptions(type)) {
    const options = settings.options ?? [];
    if (options.length < FIELD_LIMITS.minOptions || options.length > FIELD_LIMITS.maxOptions) {
      return fail('fields.errors.badOptions', { min: FIELD_LIMITS.minOptions, max: FIELD_LIMITS.maxOptions });
    }
    const trimmed = options.map((o) => o.trim());
    const bad = trimmed.some((o) => o === '' || charCount(o) > FIELD_LIMITS.optionMaxChars);
    if (bad || new Set(trimmed).size !== trimmed.length) {
      return fail('fields.errors.badOptions', { min: FIELD_LIMITS.minOptions, max: FIELD_LIMITS.maxOptions });
    }
  } else if (settings.options !== undefined && settings.options.length > 0) {
    return fail('fields.errors.badOptions', { min: FIELD_LIMITS.minOptions, max: FIELD_LIMITS.maxOptions });
  }
  if (settings.value !== undefined && settings.value !== '') {
    if (!isValueField(type) || type === 'strikethrough') return fail('fields.errors.noPrefill');
    const value = validateFieldValue(settings, settings.value);
    if (!value.ok) return value;
  }
  return OK;
}

/**
 * A field's settings as a given contractor's: for the owner, who agrees at sending, each required
 * field other than a sign or a date signed must also carry the owner's pre-filled value. The rule of
 * Set Position in the SPA and of `PUT …/areas` on the server.
 */
export function validateFieldSettingsOf(settings: FieldSettings, isOwner: boolean): ValidationResult {
  const result = validateFieldSettings(settings);
  if (!result.ok || !isOwner) return result;
  const { type } = settings;
  const needsValue = settings.required && !isImageField(type) && type !== 'dateSigned';
  return needsValue && (settings.value ?? '') === '' ? fail('fields.errors.ownerMustPrefill') : OK;
}

// --- The contractor's values --------------------------------------------------------------------

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const NUMBER = /^-?\d+(\.\d+)?$/;

/** A real calendar date written YYYY-MM-DD (2026-02-30 is refused). */
export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d && y >= 1000;
}

/**
 * A value typed or picked for a value field; '' clears it. Checkbox and strikethrough take 'true' or
 * ''; radio and dropdown one of their options; number a plain decimal ('-12.5'); date YYYY-MM-DD.
 * Text has already been checked for unsafe characters by the request schema (lineText/multilineText).
 */
export function validateFieldValue(
  field: Pick<FieldSettings, 'type' | 'multiline' | 'maxLength' | 'options'>,
  value: string,
): ValidationResult {
  const { type } = field;
  if (!isValueField(type)) return fail('fields.errors.notAValueField');
  if (value === '') return OK;
  // A name, and a text unless multiline, is drawn on one line.
  if ((type === 'name' || (type === 'text' && !field.multiline)) && /[\n\t]/.test(value)) {
    return fail('fields.errors.oneLine');
  }
  switch (type) {
    case 'name':
      return charCount(value) > 200 ? fail('fields.errors.tooLong', { max: 200 }) : OK;
    case 'text': {
      const max = field.maxLength ?? FIELD_LIMITS.textMaxChars;
      return charCount(value) > max ? fail('fields.errors.tooLong', { max }) : OK;
    }
    case 'number':
      return NUMBER.test(value) && value.length <= FIELD_LIMITS.numberMaxChars
        ? OK
        : fail('fields.errors.notANumber');
    case 'date':
      return isIsoDate(value) ? OK : fail('fields.errors.notADate');
    case 'checkbox':
    case 'strikethrough':
      return value === 'true' ? OK : fail('fields.errors.badChoice');
    case 'radio':
    case 'dropdown':
      return (field.options ?? []).includes(value) ? OK : fail('fields.errors.badChoice');
  }
  return fail('fields.errors.notAValueField');
}

/** The stored state of a field as far as "filled" goes. */
export interface FieldFill {
  type?: string | undefined;
  signed: boolean;
  signId?: string | undefined;
  value?: string | undefined;
  attachment?: unknown;
}

/**
 * Whether a field holds what its contractor must give: a sign image, a non-empty value, a file. A
 * `dateSigned` field is filled by the server at agreement, so it never blocks it.
 */
export function isFilled(area: FieldFill): boolean {
  const type = fieldTypeOf(area);
  if (isImageField(type)) return area.signed;
  if (type === 'dateSigned') return true;
  if (type === 'attachment') return area.attachment !== undefined && area.attachment !== null;
  return (area.value ?? '') !== '';
}

/** The 0-based positions of the required fields that are still empty. */
export function missingRequired(areas: readonly (FieldFill & { required?: boolean })[]): number[] {
  return areas.flatMap((a, i) => (isRequired(a) && !isFilled(a) ? [i] : []));
}
