// Accounts (issue #3): sign-up with consents, sign-in record, consents of federated users, My Info,
// closing an account. Rules and messages come from shared/.
import { getAddress } from 'ethers/address';
import {
  TERMS_VERSION,
  type ConsentsInput,
  type SignUpRequest,
  type UpdateMeRequest,
} from '../../shared/api/schemas';
import { defaultCountryFor, normalisePhone } from '../../shared/domain/contact';
import { validateRegistrationConsents } from '../../shared/domain/validation';
import type { CountryCode } from 'libphonenumber-js';
import { USER_POOL } from '../../lib/definitions';
import type { UserChanges, UserRepository } from '../adapters/dynamo/repository';
import { AppError } from '../core/errors';
import type { AuthUser } from '../core/http';
import type { IdentityDirectory } from '../ports';
import { getOrCreateUser, toProfile, trialUser, type Profile } from './profile';

export interface AccountDeps {
  readonly repo: UserRepository;
  readonly directory: IdentityDirectory;
  readonly minAge: number;
  /** Country assumed for a phone number without '+' on English pages. */
  readonly englishPhoneCountry: CountryCode;
}

type Lang = SignUpRequest['lang'];

function checkConsents(consents: ConsentsInput, minAge: number): void {
  const result = validateRegistrationConsents(consents, minAge);
  if (!result.ok) {
    throw new AppError(result.error, 'A required consent is missing', {
      status: 400,
      details: result.values,
    });
  }
}

function consentRecord(consents: ConsentsInput, lang: Lang, now: Date) {
  return { ...consents, termsVersion: TERMS_VERSION, consentedAt: now.toISOString(), lang };
}

/** The password policy of the user pool (lib/definitions.ts), checked before Cognito sees it. */
export function meetsPasswordPolicy(password: string): boolean {
  const p = USER_POOL.passwordPolicy;
  return (
    password.length >= p.minLength &&
    (!p.requireLowercase || /[a-z]/.test(password)) &&
    (!p.requireUppercase || /[A-Z]/.test(password)) &&
    (!p.requireDigits || /[0-9]/.test(password)) &&
    (!p.requireSymbols || /[^A-Za-z0-9]/.test(password))
  );
}

/** POST /api/auth/signup: consents first (in the spec's order), then the account and its record. */
export async function signUp(deps: AccountDeps, input: SignUpRequest, now = new Date()): Promise<Profile> {
  checkConsents(input.consents, deps.minAge);
  if (!meetsPasswordPolicy(input.password)) {
    throw new AppError('auth.errors.weakPassword', 'The password does not meet the policy', { status: 400 });
  }
  const email = input.email.trim().toLowerCase();
  const created = await deps.directory.createUser({ email, password: input.password, name: input.name });
  if (!created.ok) {
    if (created.reason === 'emailTaken') {
      throw new AppError('auth.errors.emailTaken', 'An account with this e-mail exists', { status: 409 });
    }
    throw new AppError('auth.errors.weakPassword', 'The password does not meet the policy', { status: 400 });
  }
  const record = await deps.repo.createIfAbsent(
    trialUser(
      {
        userId: created.sub,
        email,
        name: input.name,
        consents: consentRecord(input.consents, input.lang, now),
      },
      now,
    ),
  );
  return toProfile(record);
}

/** POST /api/me/login: records the sign-in; firstLogin is true the first time ever. */
export async function recordLogin(deps: AccountDeps, user: AuthUser, now = new Date()): Promise<Profile> {
  const { record } = await getOrCreateUser(deps.repo, deps.directory, user, now);
  const firstLogin = !record.lastLoginAt;
  // The user pool is the source of truth for verification (the user may have verified since).
  const identity = await deps.directory.getProfile(user.sub);
  const updated = await deps.repo.update(record.userId, {
    lastLoginAt: now.toISOString(),
    emailVerified: identity?.emailVerified ?? record.emailVerified ?? false,
  });
  // The response reports the sign-in before this one.
  return { ...toProfile(updated, firstLogin), lastLoginAt: record.lastLoginAt ?? null };
}

/** POST /api/me/consents: a federated user's consents at first sign-in. */
export async function saveConsents(
  deps: AccountDeps,
  user: AuthUser,
  input: { consents: ConsentsInput; lang: Lang },
  now = new Date(),
): Promise<Profile> {
  checkConsents(input.consents, deps.minAge);
  const { record } = await getOrCreateUser(deps.repo, deps.directory, user, now);
  const updated = await deps.repo.update(record.userId, {
    consents: consentRecord(input.consents, input.lang, now),
  });
  return toProfile(updated);
}

/** PATCH /api/me: My Info. Every field is checked before anything is saved. */
export async function updateMyInfo(
  deps: AccountDeps,
  user: AuthUser,
  input: UpdateMeRequest,
  now = new Date(),
): Promise<Profile> {
  const { record } = await getOrCreateUser(deps.repo, deps.directory, user, now);
  const changes: UserChanges = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.phone !== undefined) {
    if (input.phone === null || input.phone === '') changes.phone = null;
    else {
      const phone = normalisePhone(
        input.phone,
        defaultCountryFor(input.lang ?? 'en', deps.englishPhoneCountry),
      );
      if (!phone) {
        throw new AppError('account.errors.invalidPhone', 'Invalid phone number', {
          status: 400,
          details: { field: 'phone' },
        });
      }
      changes.phone = phone;
    }
  }
  if (input.walletAddress !== undefined) {
    if (input.walletAddress === null || input.walletAddress === '') changes.walletAddress = null;
    else {
      let address: string;
      try {
        // Accepts all-lower or all-upper hex, and mixed case only with a valid EIP-55 checksum.
        address = getAddress(input.walletAddress);
      } catch {
        throw new AppError('account.errors.invalidWallet', 'Invalid wallet address', {
          status: 400,
          details: { field: 'walletAddress' },
        });
      }
      changes.walletAddress = address;
    }
  }
  if (Object.keys(changes).length === 0) return toProfile(record);
  return toProfile(await deps.repo.update(record.userId, changes));
}

/** DELETE /api/me: the account can no longer sign in. Its documents stay (other parties hold
 *  contracts with it) until the owner deletes them or the retention policy removes them. */
export async function closeAccount(deps: AccountDeps, user: AuthUser, now = new Date()): Promise<void> {
  const { record } = await getOrCreateUser(deps.repo, deps.directory, user, now);
  await deps.directory.disableUser(user.sub);
  await deps.repo.update(record.userId, { closed: true, closedAt: now.toISOString() });
}

/** GET /api/locale: JP visitors get Japanese (spec doc 1 §2); without a country (locally), the
 *  browser's Accept-Language decides between jp, ko and en. */
export function localeFor(country: string | undefined, acceptLanguage: string | undefined): Lang {
  if (country) return country.toUpperCase() === 'JP' ? 'jp' : 'en';
  const first = (acceptLanguage ?? '').split(',')[0]?.trim().toLowerCase().split(/[-;]/)[0];
  if (first === 'ja') return 'jp';
  if (first === 'ko') return 'ko';
  return 'en';
}
