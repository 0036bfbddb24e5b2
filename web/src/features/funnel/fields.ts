// The field editor's pure rules (issue #27, architecture §19): the default size of each field type,
// the owner's settings as the properties panel edits them (raw strings, so nothing typed is lost) and
// as they are saved, and which input a settings error belongs to. The rules themselves are
// shared/domain/fields.ts (validateFieldSettings), the same that the server runs.
import {
  FIELD_TYPES,
  fieldTypeOf,
  hasOptions,
  isImageField,
  isRequired,
  isValueField,
  validateFieldSettingsOf,
  type FieldSettings,
  type FieldType,
} from '../../../../shared/domain/fields';
import type { ValidationResult } from '../../../../shared/domain/validation';
import { DEFAULT_AREA } from './geometry';

export { FIELD_TYPES, type FieldSettings, type FieldType };

/** Default size of a new field of each type, in points (a signature keeps the sign area's 150×35). */
export const FIELD_SIZES: Record<FieldType, { width: number; height: number }> = {
  signature: DEFAULT_AREA,
  initials: { width: 60, height: 35 },
  stamp: { width: 50, height: 50 },
  name: { width: 150, height: 22 },
  dateSigned: { width: 100, height: 22 },
  text: { width: 200, height: 22 },
  number: { width: 80, height: 22 },
  date: { width: 100, height: 22 },
  checkbox: { width: 20, height: 20 },
  radio: { width: 120, height: 60 },
  dropdown: { width: 150, height: 22 },
  attachment: { width: 150, height: 35 },
  strikethrough: { width: 150, height: 20 },
};

/** The settings a new field starts with: required as sign areas were; a choice has two options. */
export function defaultSettings(type: FieldType, optionName: (n: number) => string): FieldSettings {
  return {
    type,
    required: isImageField(type),
    ...(hasOptions(type) ? { options: [optionName(1), optionName(2)] } : {}),
  };
}

/** A stored or viewed area's settings (areas saved before issue #27 are required signatures). */
export function settingsOfView(area: Partial<FieldSettings> & { type?: string }): FieldSettings {
  const type = fieldTypeOf(area);
  const settings: FieldSettings = { type, required: isRequired(area) };
  if (area.label) settings.label = area.label;
  if (type === 'text') {
    if (area.placeholder) settings.placeholder = area.placeholder;
    if (area.multiline) settings.multiline = true;
    if (area.maxLength !== undefined) settings.maxLength = area.maxLength;
  }
  if (hasOptions(type)) settings.options = [...(area.options ?? [])];
  if (canPrefill(type) && area.value) settings.value = area.value;
  return settings;
}

/** Whether the owner may fill a field in advance (value fields, but a strikethrough is the signer's). */
export function canPrefill(type: FieldType): boolean {
  return isValueField(type) && type !== 'strikethrough';
}

/** What the properties panel edits: every input as typed. */
export interface FieldDraft {
  type: FieldType;
  required: boolean;
  label: string;
  placeholder: string;
  multiline: boolean;
  maxLength: string;
  options: string[];
  value: string;
}

export function draftOf(settings: FieldSettings): FieldDraft {
  return {
    type: settings.type,
    required: settings.required,
    label: settings.label ?? '',
    placeholder: settings.placeholder ?? '',
    multiline: settings.multiline ?? false,
    maxLength: settings.maxLength === undefined ? '' : String(settings.maxLength),
    options: [...(settings.options ?? [])],
    value: settings.value ?? '',
  };
}

/** The settings a draft stands for: only what its type takes, empty inputs left out. */
export function settingsOfDraft(draft: FieldDraft): FieldSettings {
  const { type } = draft;
  const settings: FieldSettings = { type, required: draft.required };
  const label = draft.label.trim();
  if (label) settings.label = label;
  if (type === 'text') {
    const placeholder = draft.placeholder.trim();
    if (placeholder) settings.placeholder = placeholder;
    if (draft.multiline) settings.multiline = true;
    // A typed "abc" or "1.5" stays NaN or a fraction, which validateFieldSettings refuses.
    if (draft.maxLength.trim() !== '') settings.maxLength = Number(draft.maxLength.trim());
  }
  if (hasOptions(type)) settings.options = draft.options.map((o) => o.trim());
  if (canPrefill(type) && draft.value !== '') {
    settings.value = type === 'text' || type === 'name' ? draft.value : draft.value.trim();
  }
  return settings;
}

/** The inputs of the panel that an error can be shown beside. */
export type DraftInput = 'label' | 'required' | 'placeholder' | 'maxLength' | 'options' | 'value';

/**
 * The server's rules for a field's settings: validateFieldSettings, and for the owner's own fields
 * (the owner agrees when sending) a required value field must be filled in advance.
 */
export function checkSettings(settings: FieldSettings, isOwner: boolean): ValidationResult {
  return validateFieldSettingsOf(settings, isOwner);
}

export interface DraftCheck {
  result: ValidationResult;
  /** The input the error belongs to (when not ok). */
  input?: DraftInput;
}

/** Validates a draft as the server will, and names the input its error belongs to. */
export function checkDraft(draft: FieldDraft, isOwner: boolean, labelMax: number): DraftCheck {
  const settings = settingsOfDraft(draft);
  const result = checkSettings(settings, isOwner);
  if (result.ok) return { result };
  switch (result.error) {
    case 'fields.errors.ownerMustPrefill':
      return { result, input: canPrefill(draft.type) ? 'value' : 'required' };
    case 'fields.errors.labelTooLong':
      return { result, input: [...(settings.label ?? '')].length > labelMax ? 'label' : 'placeholder' };
    case 'fields.errors.badMaxLength':
      return { result, input: 'maxLength' };
    case 'fields.errors.badOptions':
      return { result, input: 'options' };
    default:
      return { result, input: 'value' };
  }
}
