// Phone numbers of contractor contacts: E.164 normalisation with libphonenumber's metadata (spec doc 1
// §5). Apart from ./contact.ts so that a module needing only a contact's shape, its e-mail check or its
// mask does not carry the metadata (~30 KB compressed in the SPA: the entry chunk of every page carried
// it before, issue #33; docs/performance.md § Phone).

import { parsePhoneNumberFromString, type CountryCode } from '../droppable/libphonenumber';
import { classifyContact, isValidEmail, normaliseEmail } from './contact';
import type { ContactMethod } from './entities';

/** A phone number in E.164 ('+819012345678'), or null when it is not a valid number. */
export function normalisePhone(raw: string, defaultCountry?: CountryCode): string | null {
  const text = raw.trim();
  if (classifyContact(text) !== 'phone') return null;
  const parsed = parsePhoneNumberFromString(text, defaultCountry);
  return parsed?.isValid() ? parsed.number : null;
}

/**
 * The normalised form of any contact — lower-case e-mail, E.164 phone — or null when it is neither a
 * valid e-mail nor a valid phone number.
 */
export function normaliseContact(
  raw: string,
  defaultCountry?: CountryCode,
): { method: ContactMethod; contact: string } | null {
  switch (classifyContact(raw)) {
    case 'email':
      return isValidEmail(raw) ? { method: 'email', contact: normaliseEmail(raw) } : null;
    case 'phone': {
      const phone = normalisePhone(raw, defaultCountry);
      return phone ? { method: 'phone', contact: phone } : null;
    }
    default:
      return null;
  }
}
