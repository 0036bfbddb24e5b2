// Accounts (issue #3): sign-up with consents, sign-in record, consents of federated users, My Info,
// closing an account. Rules and messages come from shared/.
//
// Issue #13: an address counts as verified only when the product itself checked a code it mailed there
// (the user record's emailVerified), never from a token's claim. Sign-up answers the same for a new
// and a taken address (no account enumeration): a new one gets a code, and the account is only
// created once the code comes back; a taken one gets a mail saying an account exists.
import { randomUUID } from 'node:crypto';
import { getAddress } from 'ethers/address';
import {
  TERMS_VERSION,
  type ConfirmSignUpRequest,
  type ConsentsInput,
  type SignUpRequest,
  type SignUpResponse,
  type UpdateMeRequest,
} from '../../shared/api/schemas';
import { SIGN_CLICK_TUTORIAL_INCREMENT } from '../../shared/domain/constants';
import { defaultCountryFor } from '../../shared/domain/contact';
import { normalisePhone } from '../../shared/domain/phone';
import { validateRegistrationConsents } from '../../shared/domain/validation';
import { localeForPath, translate } from '../../shared/i18n/server';
import type { CountryCode } from 'libphonenumber-js';
import { USER_POOL } from '../../shared/infra/definitions';
import type { SeatMemberStore, UserChanges, UserRepository } from '../adapters/dynamo/repository';
import { companyBuyerOf } from './seats';
import { AppError } from '../core/errors';
import { escapeHtml } from '../core/html';
import type { AuthUser } from '../core/http';
import { isVerifiedWallet } from '../../shared/domain/wallet';
import type { WalletLinkStore } from '../adapters/dynamo/repository';
import type { IdentityDirectory, JobQueue, VerificationCodeStore } from '../ports';
import { markAccountClosed } from './account-state';
import { getOrCreateUser, toProfile, trialUser, type Profile } from './profile';
import { CODE_TTL_SECONDS, checkCode, consumeCode, issueCode } from './verification-codes';

/** What a code mail is sent for: the rate limits (lambdas/usecases/limits.ts) key on these. */
export interface CodeMailRequest {
  /** The address the mail goes to (lower case). */
  readonly email: string;
  /** The signed-in user asking (My Info), or undefined for a sign-up. */
  readonly userId?: string;
  /** The caller's IP (sign-up), for a per-address-of-origin limit. */
  readonly ip?: string;
}

export interface AccountDeps {
  readonly repo: UserRepository;
  /** Company seat members (issue #18): a member's profile shows the company's plan. */
  readonly seats?: SeatMemberStore;
  readonly directory: IdentityDirectory;
  readonly minAge: number;
  /** Country assumed for a phone number without '+' on English pages. */
  readonly englishPhoneCountry: CountryCode;
  /** The product's pending verification codes (sign-up and My Info). */
  readonly codes: VerificationCodeStore;
  /** Mails go out through the notify job, as every e-mail does (architecture §7). */
  readonly queue: JobQueue;
  /** Public base URL of the SPA (links in the mails). */
  readonly appUrl: string;
  /**
   * RATE LIMIT CALL SITE (issue #13 defect 3): called before every verification-code or
   * account-exists mail; throws the 429 AppError when over a limit. Wire it in lambdas/deps.ts to
   * enforceLimits (lambdas/usecases/limits.ts) with `verificationCodesPerUser` (userId, when set) and
   * `verificationCodesPerAddress` (email). Until then nothing is limited here but the tries per code.
   */
  readonly limitCodeMail?: (request: CodeMailRequest) => Promise<void>;
  /** Verified wallets by verified e-mail (issue #32). @default - none written */
  readonly links?: WalletLinkStore;
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

/** The password policy of the user pool (shared/infra/definitions.ts), checked before Cognito sees it. */
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

function weakPassword(): AppError {
  return new AppError('auth.errors.weakPassword', 'The password does not meet the policy', { status: 400 });
}

/** One answer for every code that cannot be used: unknown, wrong, expired, used up, out of tries. */
function invalidCode(): AppError {
  return new AppError('auth.errors.invalidCode', 'The code is not valid', { status: 400 });
}

/** A mail of the accountMail namespace (paragraphs under a subject, signed SignSeal), queued for the
 *  notify job. */
async function sendAccountMail(
  deps: AccountDeps,
  to: string,
  lang: Lang,
  kind: 'signUpCode' | 'accountExists' | 'emailCode',
  values: Record<string, string | number>,
): Promise<void> {
  const locale = localeForPath(lang);
  const paragraphs = ['intro', 'body', 'ignore'].map((p) =>
    translate(`accountMail.${kind}.${p}`, values, locale),
  );
  await deps.queue.enqueue('notify', {
    kind: 'email',
    idempotencyKey: `account-mail#${randomUUID()}`,
    to: [to],
    subject: translate(`accountMail.${kind}.subject`, values, locale),
    text: [...paragraphs, 'SignSeal'].join('\n\n'),
    html: paragraphs.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n'),
  });
}

const minutes = Math.round(CODE_TTL_SECONDS / 60);

/** What a sign-up waits with until its code comes back (never the password). */
interface PendingSignUp {
  readonly name: string;
  readonly consents: ConsentsInput;
  readonly lang: Lang;
}

/**
 * POST /api/auth/signup: consents (in the spec's order) and the password policy are checked first;
 * then the same answer whether or not the address has an account. A new address gets a code (the
 * name, consents and language wait with it); a taken one gets a mail saying so (sign in, or reset
 * the password). Nothing is created in the user pool until the code is confirmed.
 */
export async function signUp(
  deps: AccountDeps,
  input: SignUpRequest,
  context: { ip?: string } = {},
): Promise<SignUpResponse> {
  checkConsents(input.consents, deps.minAge);
  if (!meetsPasswordPolicy(input.password)) throw weakPassword();
  const email = input.email.trim().toLowerCase();
  await deps.limitCodeMail?.({ email, ip: context.ip });
  if (await deps.directory.emailExists(email)) {
    await sendAccountMail(deps, email, input.lang, 'accountExists', {
      loginLink: `${deps.appUrl}/${input.lang}/login`,
    });
  } else {
    const pending: PendingSignUp = { name: input.name, consents: input.consents, lang: input.lang };
    const code = await issueCode(deps.codes, {
      purpose: 'signup',
      key: email,
      email,
      payload: JSON.stringify(pending),
    });
    await sendAccountMail(deps, email, input.lang, 'signUpCode', { code, minutes });
  }
  return { status: 'codeSent', email };
}

/**
 * POST /api/auth/signup/confirm: the code mailed at sign-up, with the password chosen then. Creates
 * the confirmed user (address verified) and its record with the consents, then the SPA signs in.
 * Every code that cannot be used — including any code for an address that already has an account —
 * answers the same 400.
 */
export async function confirmSignUp(
  deps: AccountDeps,
  input: ConfirmSignUpRequest,
  now = new Date(),
): Promise<Profile> {
  if (!meetsPasswordPolicy(input.password)) throw weakPassword();
  const email = input.email.trim().toLowerCase();
  const record = await checkCode(deps.codes, 'signup', email, input.code.trim(), now.getTime());
  if (!record?.payload) throw invalidCode();
  const pending = JSON.parse(record.payload) as PendingSignUp;
  const created = await deps.directory.createUser({ email, password: input.password, name: pending.name });
  if (!created.ok) {
    // An account made meanwhile (another confirmation of the same sign-up) or a password the pool
    // refused (its policy is checked above, so hardly ever).
    if (created.reason === 'weakPassword') throw weakPassword();
    await consumeCode(deps.codes, record);
    throw invalidCode();
  }
  await consumeCode(deps.codes, record);
  const user = await deps.repo.createIfAbsent(
    trialUser(
      {
        userId: created.sub,
        email,
        emailVerified: true,
        name: pending.name,
        consents: consentRecord(pending.consents, pending.lang, now),
      },
      now,
    ),
  );
  return toProfile(user);
}

/** POST /api/me/login: records the sign-in; firstLogin is true the first time ever. */
export async function recordLogin(deps: AccountDeps, user: AuthUser, now = new Date()): Promise<Profile> {
  const { record } = await getOrCreateUser(deps.repo, deps.directory, user, now);
  const firstLogin = !record.lastLoginAt;
  // Whether the address is verified is the record's own (set only when the product checked a code).
  const updated = await deps.repo.update(record.userId, { lastLoginAt: now.toISOString() });
  const buyer = deps.seats
    ? await companyBuyerOf({ users: deps.repo, seats: deps.seats }, updated, now)
    : null;
  // The response reports the sign-in before this one.
  return { ...toProfile(updated, firstLogin, now, buyer), lastLoginAt: record.lastLoginAt ?? null };
}

/** POST /api/me/email/verification: mails a code to the account's address (202), unless verified. */
export async function sendEmailVerification(
  deps: AccountDeps,
  user: AuthUser,
  input: { lang: Lang },
  now = new Date(),
): Promise<{ status: 'codeSent' | 'verified'; email: string }> {
  const { record } = await getOrCreateUser(deps.repo, deps.directory, user, now);
  if (record.emailVerified) return { status: 'verified', email: record.email };
  await deps.limitCodeMail?.({ email: record.email, userId: record.userId });
  const code = await issueCode(
    deps.codes,
    { purpose: 'email', key: record.userId, email: record.email },
    now.getTime(),
  );
  await sendAccountMail(deps, record.email, input.lang, 'emailCode', { code, minutes });
  return { status: 'codeSent', email: record.email };
}

/**
 * POST /api/me/email/verification/confirm: the code mailed to the account's address. Records the
 * address as verified on the user record and in the user pool (admin API). A code mailed to an
 * address the account no longer has is not valid.
 */
export async function confirmEmailVerification(
  deps: AccountDeps,
  user: AuthUser,
  input: { code: string },
  now = new Date(),
): Promise<Profile> {
  const { record } = await getOrCreateUser(deps.repo, deps.directory, user, now);
  if (record.emailVerified) return toProfile(record);
  const checked = await checkCode(deps.codes, 'email', record.userId, input.code.trim(), now.getTime());
  if (!checked || checked.email !== record.email) throw invalidCode();
  if (!(await consumeCode(deps.codes, checked))) throw invalidCode();
  await deps.directory.markEmailVerified(record.userId, record.email);
  const updated = await deps.repo.update(record.userId, { emailVerified: true });
  // Issue #32: a wallet connected before the address was verified now receives the user's own video
  // tokens too (the link is written only for a verified address).
  if (deps.links && isVerifiedWallet(updated)) {
    await deps.links.putWalletLink(updated.email, updated.userId, updated.walletAddress!);
  }
  return toProfile(updated);
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
    // Issue #32: a typed address is not a verified one; the verified one stays only when unchanged.
    const next = changes.walletAddress ?? null;
    if (record.walletVerifiedAt && next !== record.walletAddress) changes.walletVerifiedAt = null;
  }
  if (input.signClickTutorialSeen) {
    changes.signClickTutorialCount = (record.signClickTutorialCount ?? 0) + SIGN_CLICK_TUTORIAL_INCREMENT;
  }
  if (input.routingDefaults) {
    // Issue #28: a plan of zero reminders is none.
    const { reminders, expiryDays, allowDelegation } = input.routingDefaults;
    changes.routingDefaults = {
      ...(reminders && reminders.max > 0 ? { reminders: { ...reminders } } : {}),
      ...(expiryDays === null ? {} : { expiryDays }),
      allowDelegation,
    };
  }
  if (Object.keys(changes).length === 0) return toProfile(record);
  return toProfile(await deps.repo.update(record.userId, changes));
}

/** DELETE /api/me: the account can no longer sign in, its refresh tokens are revoked, and every
 *  owner request with a token it still holds gets 401 (account.errors.closed). Its documents stay (other parties hold
 *  contracts with it) until the owner deletes them or the retention policy removes them. */
export async function closeAccount(deps: AccountDeps, user: AuthUser, now = new Date()): Promise<void> {
  const { record } = await getOrCreateUser(deps.repo, deps.directory, user, now);
  // The user pool first (both steps can be repeated), so that a failure leaves the account usable
  // for a retry; then the record, which every owner request checks (lambdas/usecases/account-state.ts).
  await deps.directory.disableUser(user.sub);
  await deps.directory.signOutEverywhere(user.sub);
  await deps.repo.update(record.userId, { closed: true, closedAt: now.toISOString() });
  markAccountClosed(record.userId);
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
