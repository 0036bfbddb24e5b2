// The contractor step and the sign-area step (spec doc 1 §5, Contractors). The rules run in the
// spec's order and the first one that fails gives the message; the row index lets the UI point at it.

import type { CountryCode } from 'libphonenumber-js';
import { classifyContact, isValidEmail, normaliseEmail } from './contact';
import { normalisePhone } from './phone';
import type { ContactMethod, PageSize, SignArea } from './entities';
import { fail, type ValidationResult } from './validation';

/** One row of the contractor form, as typed. */
export interface ContractorRow {
  name?: string | null;
  contact?: string | null;
}

/** A contractor that passed validation: trimmed name, normalised contact (lower-case e-mail, E.164). */
export interface Contractor {
  name: string;
  contact: string;
  method: ContactMethod;
}

export interface ContractorOptions {
  /** Country for phone numbers written without '+' (see contact.defaultCountryFor). */
  defaultCountry?: CountryCode;
  /** Video contracts: the list may be empty (the same checks apply to rows that exist). */
  optional?: boolean;
}

interface TrimmedRow {
  name: string;
  contact: string;
  row: number;
}

/** A key under which two contacts are "the same person": e-mails case-insensitively, phones as E.164. */
function sameness(contact: string, defaultCountry?: CountryCode): string {
  switch (classifyContact(contact)) {
    case 'email':
      return `email:${normaliseEmail(contact)}`;
    case 'phone':
      return `phone:${normalisePhone(contact, defaultCountry) ?? contact.replace(/[ -]/g, '')}`;
    default:
      return `other:${contact.toLowerCase()}`;
  }
}

/**
 * Validates the contractor rows, in order: trim names and contacts; drop completely empty rows; none
 * left → noneDesignated; a blank contact → contactMissing; a blank name → nameMissing; two equal
 * contacts → duplicateContact; an e-mail that is malformed → invalidEmail; a contact that is neither
 * e-mail nor phone → unknownContactType; a phone number that is not valid → invalidPhone.
 */
export function validateContractors(
  rows: readonly ContractorRow[],
  options: ContractorOptions = {},
): ValidationResult<{ contractors: Contractor[] }> {
  const filled: TrimmedRow[] = rows
    .map((r, row) => ({ name: (r.name ?? '').trim(), contact: (r.contact ?? '').trim(), row }))
    .filter((r) => r.name !== '' || r.contact !== '');

  if (filled.length === 0) {
    return options.optional ? { ok: true, contractors: [] } : fail('contractors.errors.noneDesignated');
  }

  const noContact = filled.find((r) => r.contact === '');
  if (noContact) return fail('contractors.errors.contactMissing', undefined, noContact.row);

  const noName = filled.find((r) => r.name === '');
  if (noName) return fail('contractors.errors.nameMissing', undefined, noName.row);

  const seen = new Set<string>();
  for (const r of filled) {
    const key = sameness(r.contact, options.defaultCountry);
    if (seen.has(key)) return fail('contractors.errors.duplicateContact', undefined, r.row);
    seen.add(key);
  }

  const kinds = filled.map((r) => classifyContact(r.contact));

  const badEmail = filled.find((r, i) => kinds[i] === 'email' && !isValidEmail(r.contact));
  if (badEmail) return fail('contractors.errors.invalidEmail', undefined, badEmail.row);

  const unknown = filled.find((_, i) => kinds[i] === 'unknown');
  if (unknown) return fail('contractors.errors.unknownContactType', undefined, unknown.row);

  const contractors: Contractor[] = [];
  for (const [i, r] of filled.entries()) {
    if (kinds[i] === 'email') {
      contractors.push({ name: r.name, contact: normaliseEmail(r.contact), method: 'email' });
      continue;
    }
    const phone = normalisePhone(r.contact, options.defaultCountry);
    if (!phone) return fail('contractors.errors.invalidPhone', undefined, r.row);
    contractors.push({ name: r.name, contact: phone, method: 'phone' });
  }
  return { ok: true, contractors };
}

/**
 * Whether the recipient step's Next button is enabled: at least one row has both a name and a contact
 * (video contracts: always, the list being optional; validation still runs on Next).
 */
export function canProceed(
  rows: readonly ContractorRow[],
  options: Pick<ContractorOptions, 'optional'> = {},
): boolean {
  if (options.optional) return true;
  return rows.some((r) => (r.name ?? '').trim() !== '' && (r.contact ?? '').trim() !== '');
}

/** Whether a contractor's contact is the owner's own address (the owner then signs at sending). */
export function isOwnerContact(contact: string, ownerEmail: string): boolean {
  return normaliseEmail(contact) === normaliseEmail(ownerEmail);
}

/**
 * Every contractor needs at least one sign area (noSignArea, with the contractor's index). When the
 * page sizes are given, every area must also lie on an existing page, inside it, with a positive size.
 */
export function validateSignAreas(
  contractors: readonly { signAreas: readonly SignArea[]; needsAreas?: boolean }[],
  pages?: readonly PageSize[],
): ValidationResult {
  // Issue #28: approvers and viewers have no areas (needsAreas false); every signer needs one.
  const without = contractors.findIndex((c) => c.needsAreas !== false && c.signAreas.length === 0);
  if (without >= 0) return fail('contractors.errors.noSignArea', undefined, without);
  if (pages) {
    const outside = contractors.findIndex((c) => c.signAreas.some((a) => !isOnPage(a, pages)));
    if (outside >= 0) return fail('signAreas.errors.outsidePage', undefined, outside);
  }
  return { ok: true };
}

function isOnPage(area: SignArea, pages: readonly PageSize[]): boolean {
  const page = Number.isInteger(area.pageIndex) ? pages[area.pageIndex] : undefined;
  if (!page) return false;
  const values = [area.x, area.y, area.width, area.height];
  if (!values.every(Number.isFinite)) return false;
  return (
    area.width > 0 &&
    area.height > 0 &&
    area.x >= 0 &&
    area.y >= 0 &&
    area.x + area.width <= page.width &&
    area.y + area.height <= page.height
  );
}
