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
  const trimmed = reason.trim();
  if (trimmed === '') return fail('signing.errors.denyReasonRequired');
  if (charCount(trimmed) > DENY_REASON_MAX_CHARS) {
    return fail('signing.errors.denyReasonTooLong', { max: DENY_REASON_MAX_CHARS });
  }
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
