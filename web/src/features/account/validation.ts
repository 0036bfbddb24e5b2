// My Info checks in the browser, with the same rules as the server: the phone number normalised to
// E.164 with libphonenumber-js (a number without '+' is read in the language's country: jp → JP,
// ko → KR, en → US), the wallet an EVM address whose mixed-case form must carry a valid checksum.
import { getAddress } from 'ethers/address';
import type { CountryCode } from 'libphonenumber-js';
import type { UpdateMeRequest } from '../../../../shared/api/schemas';
import { defaultCountryFor } from '../../../../shared/domain/contact';
import { normalisePhone } from '../../../../shared/domain/phone';
import type { MessageKey } from '../../../../shared/i18n';
import type { Lang } from '../../app/paths';

export type MyInfoField = 'name' | 'phone' | 'walletAddress';

export interface MyInfoInput {
  name: string;
  phone: string;
  walletAddress: string;
}

export type MyInfoValidation =
  | { ok: true; body: Required<Pick<UpdateMeRequest, 'name' | 'phone' | 'walletAddress'>> }
  | { ok: false; errors: Partial<Record<MyInfoField, MessageKey>> };

/** The country a phone number without '+' belongs to, for this page language. */
export function phoneCountryFor(lang: Lang): CountryCode {
  return defaultCountryFor(lang, 'US') ?? 'US';
}

/** The checksummed wallet address, or null when it is not a valid EVM address. */
export function normaliseWallet(raw: string): string | null {
  const text = raw.trim();
  if (!/^0x[0-9a-fA-F]{40}$/.test(text)) return null;
  try {
    return getAddress(text); // throws on a mixed-case address with a bad checksum
  } catch {
    return null;
  }
}

export function validateMyInfo(input: MyInfoInput, lang: Lang): MyInfoValidation {
  const errors: Partial<Record<MyInfoField, MessageKey>> = {};
  const name = input.name.trim();
  if (name === '' || name.length > 100) errors.name = 'myPage.myInfo.nameRequired';

  const phoneText = input.phone.trim();
  const phone = phoneText === '' ? null : normalisePhone(phoneText, phoneCountryFor(lang));
  if (phoneText !== '' && !phone) errors.phone = 'account.errors.invalidPhone';

  const walletText = input.walletAddress.trim();
  const walletAddress = walletText === '' ? null : normaliseWallet(walletText);
  if (walletText !== '' && !walletAddress) errors.walletAddress = 'account.errors.invalidWallet';

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, body: { name, phone, walletAddress } };
}
