// Contractor contacts: e-mail or phone (spec doc 1 §5, Contact type), normalisation and masking.
//
// Classification follows the spec — digits and hyphens only → phone; an '@' after the first character
// → e-mail; anything else → unknown — with two additions a user would expect: a leading '+' (E.164,
// "+81 90-1234-5678") and spaces between digit groups are also read as a phone number.
//
// Parsing a phone number (libphonenumber's metadata, ~30 KB compressed) is in ./phone.ts: this module is
// imported by the SPA's entry (the public pages' e-mail check) and by the signer page (masking), which
// must not download the metadata (issue #33, docs/performance.md § Phone).

import type { CountryCode } from '../droppable/libphonenumber';
import { callingCodeOf } from './calling-codes';
import type { Language } from './constants';
import type { ContactMethod } from './entities';

export type ContactKind = ContactMethod | 'unknown';

const PHONE_SHAPE = /^\+?[0-9][0-9 -]*$/;

/** Classifies a (trimmed) contact by its shape only; see `isValidEmail` for the e-mail format check. */
export function classifyContact(raw: string): ContactKind {
  const contact = raw.trim();
  if (contact === '') return 'unknown';
  if (PHONE_SHAPE.test(contact) && /[0-9]$/.test(contact)) return 'phone';
  if (contact.indexOf('@') > 0) return 'email';
  return 'unknown';
}

// The HTML living standard's `input type=email` rule, plus what real mail systems need: a dot in the
// domain, a top-level domain of letters, no dot at either end of the local part, no '..'.
const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,63}$/;

/** The e-mail format check behind 'Invalid email address'. */
export function isValidEmail(raw: string): boolean {
  const email = raw.trim();
  if (email.length > 254 || !EMAIL.test(email)) return false;
  const local = email.slice(0, email.lastIndexOf('@'));
  return local.length <= 64 && !local.startsWith('.') && !local.endsWith('.') && !local.includes('..');
}

/** E-mails are compared and stored in lower case (mail systems treat them case-insensitively). */
export function normaliseEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

/**
 * The country assumed for a phone number written without '+', from the UI language: jp → JP,
 * ko → KR; English has no implied country, so the caller passes one (e.g. from the visitor's country),
 * or only international numbers are accepted. Accepts URL prefixes ('jp') and locales ('ja').
 */
export function defaultCountryFor(
  language: Language | 'ja',
  englishDefaultCountry?: CountryCode,
): CountryCode | undefined {
  switch (language) {
    case 'jp':
    case 'ja':
      return 'JP';
    case 'ko':
      return 'KR';
    default:
      return englishDefaultCountry;
  }
}

const STARS = '***';

function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  const lastDot = domain.lastIndexOf('.');
  const tld = lastDot > 0 ? domain.slice(lastDot) : '';
  return `${Array.from(local)[0] ?? ''}${STARS}@${Array.from(domain)[0] ?? ''}${STARS}${tld}`;
}

function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  const code = callingCodeOf(phone) ?? '';
  const national = digits.slice(code.length);
  const keep = national.length > 4 ? 2 : 0;
  const masked = '*'.repeat(national.length - keep) + national.slice(national.length - keep);
  return code ? `+${code}${masked}` : masked;
}

/**
 * A contact as certificates and the public verification page show it: e-mail 'john@example.com' →
 * 'j***@e***.com'; phone '+819012345678' → '+81********78' (country code and last two digits kept);
 * anything else → its first character and '***'.
 */
export function maskContact(contact: string): string {
  const text = contact.trim();
  switch (classifyContact(text)) {
    case 'email':
      return maskEmail(text);
    case 'phone':
      return maskPhone(text);
    default:
      return text === '' ? '' : `${Array.from(text)[0]}${STARS}`;
  }
}
