// Validation rules of spec doc 1 §5 other than contractors (see contractors.ts): upload, deny reason,
// sign and stamp makers, seats and contracts, registration consents. Every failure is a message key of
// the catalogues (shared/i18n), with the values its message interpolates; the same functions run in
// the SPA (to show the message) and in the handlers (to refuse the request with 400).

import type { MessageKey } from '../i18n/keys';
import {
  AUTO_SIGN_MAX_CHARS,
  CORPORATE_STAMP_MAX_CHARS,
  DEFAULT_MAX_UPLOAD_BYTES,
  DEFAULT_MIN_AGE,
  DENY_REASON_MAX_CHARS,
  GENERAL_STAMP_MAX_CHARS,
  PDF_CONTENT_TYPE,
  PERSONAL_PLAN_SEATS,
  STANDARD_PLAN_MAX_SEATS,
} from './constants';
import type { PurchaseKey, RegistrationConsents } from './entities';

export type MessageValues = Record<string, string | number>;

/** A refused input: the message key, the values it interpolates, and for lists the offending row. */
export interface ValidationFailure {
  ok: false;
  error: MessageKey;
  values?: MessageValues;
  /** 0-based index of the offending row in the list that was passed in. */
  row?: number;
}

export type ValidationResult<T = undefined> =
  ({ ok: true } & (T extends undefined ? unknown : T)) | ValidationFailure;

export const OK = { ok: true } as const;

export function fail(error: MessageKey, values?: MessageValues, row?: number): ValidationFailure {
  return {
    ok: false,
    error,
    ...(values === undefined ? {} : { values }),
    ...(row === undefined ? {} : { row }),
  };
}

/** Length as a person counts it: code points, so '𠮷' or an emoji is one character. */
export function charCount(text: string): number {
  return Array.from(text).length;
}

/** At most `max` characters as a person counts them: never half of a surrogate pair (which the
 *  server refuses as unsafe text) nor half of an emoji written as one code point. */
export function clipChars(text: string, max: number): string {
  return Array.from(text).slice(0, max).join('');
}

// --- Text of names and titles ---------------------------------------------------------------

/**
 * Characters no name, title or reason may hold (issue #13): they make text read differently from
 * what it is — C0 and C1 control characters and DEL (NUL, escapes, line breaks in a one-line field),
 * the bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069: 'U+202E fdp.exe' shows as
 * 'exe.pdf'), the invisible direction marks (U+200E, U+200F, U+061C), the line and paragraph
 * separators (U+2028, U+2029), and lone UTF-16 surrogates (not text at all; JSON lets them through as
 * \ud800). Multi-line fields (a deny reason) may also hold tab and line feed; a carriage return is
 * normalised to a line feed first.
 */
const UNSAFE_ONE_LINE =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]|\p{Cs}/u;
const UNSAFE_MULTI_LINE =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]|\p{Cs}/u;

/** Whether text holds a character of the rule above (`multiline`: tab and line feed are allowed). */
export function hasUnsafeText(text: string, options: { multiline?: boolean } = {}): boolean {
  return (options.multiline ? UNSAFE_MULTI_LINE : UNSAFE_ONE_LINE).test(text);
}

/**
 * The one form a name or title is stored in: NFC (so 'é' typed as e + U+0301 and as U+00E9 is the same
 * name, and its length is counted once), line breaks as '\n', trimmed. Well-formed text only: a lone
 * surrogate would make normalize() keep garbage, so it is checked (refused) first.
 */
export function normaliseText(text: string): string {
  return text.replace(/\r\n?/g, '\n').normalize('NFC').trim();
}

/** The rule for one field: refused when it holds an unsafe character, else its normal form. */
export function validateText(
  text: string,
  options: { multiline?: boolean } = {},
): ValidationResult<{ text: string }> {
  const normal = text.replace(/\r\n?/g, '\n');
  if (hasUnsafeText(normal, options)) return fail('errors.unsafeText');
  return { ok: true, text: normaliseText(normal) };
}

// --- Upload -----------------------------------------------------------------------------------

/** One PDF, not empty, within the configured limit (architecture §14: one limit, 50 MB by default). */
export function validateUpload(
  file: { contentType: string; sizeBytes: number },
  maxBytes: number = DEFAULT_MAX_UPLOAD_BYTES,
): ValidationResult {
  if (file.contentType.split(';')[0]!.trim().toLowerCase() !== PDF_CONTENT_TYPE) {
    return fail('upload.errors.onlyPdf');
  }
  if (!(file.sizeBytes > 0)) return fail('upload.errors.empty');
  if (file.sizeBytes > maxBytes) return fail('upload.errors.tooLarge', { limitMb: uploadLimitMb(maxBytes) });
  return OK;
}

/** The limit as the messages state it, in decimal megabytes: 50,000,000 bytes → 50. */
export function uploadLimitMb(maxBytes: number): number {
  return Math.floor(maxBytes / 1_000_000);
}

// --- Signing ----------------------------------------------------------------------------------

/** Deny reason: required (it is e-mailed to every participant) and 200 characters or less. */
export function validateDenyReason(reason: string): ValidationResult<{ reason: string }> {
  return validateReason(reason, {
    required: 'signing.errors.denyReasonRequired',
    tooLong: 'signing.errors.denyReasonTooLong',
    max: DENY_REASON_MAX_CHARS,
  });
}

/** A required free-text reason (a denial, a void, a delegation): trimmed, not blank, at most `max`
 *  characters (code points), each refusal with its own message key. */
export function validateReason(
  reason: string,
  keys: { required: MessageKey; tooLong: MessageKey; max: number },
): ValidationResult<{ reason: string }> {
  const trimmed = reason.trim();
  if (trimmed === '') return fail(keys.required);
  if (charCount(trimmed) > keys.max) return fail(keys.tooLong, { max: keys.max });
  return { ok: true, reason: trimmed };
}

// --- Sign and stamp makers --------------------------------------------------------------------

/** Auto-generated sign: not blank after trimming, at most 20 characters. */
export function validateAutoSignText(text: string): ValidationResult<{ text: string }> {
  const trimmed = text.trim();
  if (trimmed === '') return fail('signs.errors.autoSignBlank');
  if (charCount(trimmed) > AUTO_SIGN_MAX_CHARS) return fail('signs.errors.autoSignTooLong');
  return { ok: true, text: trimmed };
}

/** General stamp: the family name is mandatory; family and given name at most 3 characters each. */
export function validateGeneralStamp(
  familyName: string,
  givenName: string,
): ValidationResult<{ familyName: string; givenName: string }> {
  const family = familyName.trim();
  const given = givenName.trim();
  if (family === '') return fail('signs.errors.signMandatory');
  if (charCount(family) > GENERAL_STAMP_MAX_CHARS || charCount(given) > GENERAL_STAMP_MAX_CHARS) {
    return fail('signs.errors.generalStampTooLong');
  }
  return { ok: true, familyName: family, givenName: given };
}

/** Corporate stamp: the text is mandatory, at most 11 characters. */
export function validateCorporateStamp(text: string): ValidationResult<{ text: string }> {
  const trimmed = text.trim();
  if (trimmed === '') return fail('signs.errors.signMandatory');
  if (charCount(trimmed) > CORPORATE_STAMP_MAX_CHARS) return fail('signs.errors.corporateStampTooLong');
  return { ok: true, text: trimmed };
}

// --- Seats and contracts ----------------------------------------------------------------------

/**
 * The quantity of a purchase: seats of a subscription or contracts of the one-time purchase. It must
 * be a positive whole number; personal plans have exactly one seat; standard plans up to 50.
 */
export function validateQuantity(purchase: PurchaseKey, quantity: number): ValidationResult {
  if (Number.isNaN(quantity)) return fail('billing.errors.notWholeNumber');
  if (quantity <= 0) return fail('billing.errors.notPositive');
  if (!Number.isInteger(quantity)) return fail('billing.errors.notWholeNumber');
  if (purchase.endsWith('_personal') && quantity !== PERSONAL_PLAN_SEATS) {
    return fail('billing.errors.personalSeats', { seats: PERSONAL_PLAN_SEATS });
  }
  if (purchase.endsWith('_standard') && quantity > STANDARD_PLAN_MAX_SEATS) {
    return fail('billing.errors.tooManySeats', { max: STANDARD_PLAN_MAX_SEATS });
  }
  return OK;
}

// --- Registration -----------------------------------------------------------------------------

/** Required consents, checked in the spec's order: terms, privacy, age (the configured minimum). */
export function validateRegistrationConsents(
  consents: Pick<RegistrationConsents, 'termsOfService' | 'privacyPolicy' | 'ageConfirmed'>,
  minAge: number = DEFAULT_MIN_AGE,
): ValidationResult {
  if (!consents.termsOfService) return fail('registration.errors.termsRequired');
  if (!consents.privacyPolicy) return fail('registration.errors.privacyRequired');
  if (!consents.ageConfirmed) return fail('registration.errors.underMinAge', { minAge });
  return OK;
}
