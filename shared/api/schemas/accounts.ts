// Accounts (issue #3).

import * as z from 'zod';
import { PLAN_KEYS } from '../../domain/entities';
import { lineText } from './text';
import { routingDefaultsSchema } from './routing';

/** Version of the terms and privacy texts a user consents to; stored with each consent. */
export const TERMS_VERSION = '2026-11-22';

export const consentsSchema = z.object({
  termsOfService: z.boolean(),
  privacyPolicy: z.boolean(),
  ageConfirmed: z.boolean(),
  marketing: z.boolean(),
  thirdPartyProvision: z.boolean(),
});
export type ConsentsInput = z.infer<typeof consentsSchema>;

/** UI language of a request, as URL prefix. */
export const languageSchema = z.enum(['en', 'jp', 'ko']);

/** POST /api/auth/signup (public): creates an e-mail + password account with its consents. */
export const signUpRequestSchema = z.object({
  email: z.email().max(254),
  password: z.string().min(8).max(256),
  name: lineText().min(1).max(100),
  consents: consentsSchema,
  lang: languageSchema,
});
export type SignUpRequest = z.infer<typeof signUpRequestSchema>;

/** POST /api/auth/signup → 202, the same whether or not the address has an account (issue #13): a
 *  new address gets a code to confirm with, a taken one a mail saying so. */
export const signUpResponseSchema = z.object({ status: z.literal('codeSent'), email: z.string() });
export type SignUpResponse = z.infer<typeof signUpResponseSchema>;

/** An e-mail verification code as the user types it (spaces around it are ignored). */
export const verificationCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'auth.errors.invalidCode');

/** POST /api/auth/signup/confirm (public): the mailed code and the password chosen at sign-up → 201
 *  MeResponse; the account exists from now on and the SPA signs in. */
export const confirmSignUpRequestSchema = z.object({
  email: z.email().max(254),
  code: verificationCodeSchema,
  password: z.string().min(8).max(256),
});
export type ConfirmSignUpRequest = z.infer<typeof confirmSignUpRequestSchema>;

/** POST /api/me/email/verification (owner): mails a code to the account's address → 202, or 200
 *  `verified` when it is verified already. */
export const sendEmailVerificationRequestSchema = z.object({ lang: languageSchema }).strict();
export const emailVerificationResponseSchema = z.object({
  status: z.enum(['codeSent', 'verified']),
  email: z.string(),
});
export type EmailVerificationResponse = z.infer<typeof emailVerificationResponseSchema>;

/** POST /api/me/email/verification/confirm (owner): the mailed code → 200 MeResponse (verified). */
export const confirmEmailVerificationRequestSchema = z.object({ code: verificationCodeSchema }).strict();

/** POST /api/me/consents (owner): a federated (Google, LINE) user's consents at first sign-in. */
export const consentsRequestSchema = z.object({ consents: consentsSchema, lang: languageSchema });

/** PATCH /api/me (owner): My Info. Phone is normalised to E.164 by the server (null clears it);
 *  the wallet must be an EVM address (checksummed when mixed-case; null clears it). */
export const updateMeRequestSchema = z
  .object({
    name: lineText().min(1).max(100).optional(),
    phone: lineText().max(32).nullable().optional(),
    walletAddress: lineText().max(64).nullable().optional(),
    lang: languageSchema.optional(),
    /** Issue #17: OK on the sign-click tutorial popup adds 10 to its counter (spec: comp_signclick). */
    signClickTutorialSeen: z.literal(true).optional(),
    /** Issue #28: what a new contract's contractors step starts with. */
    routingDefaults: routingDefaultsSchema.optional(),
  })
  .strict();
export type UpdateMeRequest = z.infer<typeof updateMeRequestSchema>;

export const meResponseSchema = z.object({
  userId: z.string().min(1),
  email: z.string(),
  emailVerified: z.boolean(),
  name: z.string(),
  phone: z.string().nullable(),
  walletAddress: z.string().nullable(),
  /** Issue #32: when the wallet was proved by a signed message; null for a typed, unverified one (no
   *  token is delivered to it). */
  walletVerifiedAt: z.string().nullable().optional(),
  plan: z.enum(PLAN_KEYS),
  /** End of the current plan period (ISO date-time). */
  validDate: z.iso.datetime({ offset: true }),
  /** Usable tickets (bought one-time contracts, grants, an unexpired trial's): `remaining.tickets`. */
  availableTickets: z.number().int().nonnegative(),
  /** This month's sends left of the subscription (issue #18; 0 on the trial): `remaining.subscription`. */
  sendsLeftThisMonth: z.number().int().nonnegative().optional(),
  /** Remaining contracts, the one number every page shows (issue #34 item 5, decision 135):
   *  `total` = `subscription` + `tickets`, as GET /api/billing/plan answers it. */
  remaining: z
    .object({
      subscription: z.number().int().nonnegative(),
      tickets: z.number().int().nonnegative(),
      total: z.number().int().nonnegative(),
    })
    .optional(),
  /** The buyer's e-mail when the user shares a company's standard plan (plan, validDate are its). */
  companyOwnerEmail: z.string().nullable().optional(),
  isAdmin: z.boolean(),
  /** The user has not given the required consents yet (a first federated sign-in). */
  consentsRequired: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
  /** Previous sign-in, if any. */
  lastLoginAt: z.iso.datetime({ offset: true }).nullable(),
  /** The sign-click tutorial popup shows while this is below 5 (spec: comp_signclick; absent = 0). */
  signClickTutorialCount: z.number().int().nonnegative().optional(),
  /** True on the first sign-in (the SPA then shows the thank-you page). */
  firstLogin: z.boolean().optional(),
  /** Issue #28: My Info's routing defaults (reminders, expiry, delegation) for new contracts. */
  routingDefaults: routingDefaultsSchema,
});
export type MeResponse = z.infer<typeof meResponseSchema>;

/** POST /api/me/login (owner), called once after each sign-in: records it; firstLogin is true the
 *  first time ever (then the SPA shows /thankyou, else 'Logged in successfully.'). */
export const loginResponseSchema = meResponseSchema.extend({ firstLogin: z.boolean() });

/** GET /api/locale (public): the language a visitor without a prefix should get — from CloudFront's
 *  viewer country when deployed (JP → jp), else from Accept-Language; English otherwise. */
export const localeResponseSchema = z.object({ lang: languageSchema, country: z.string().nullable() });

/** DELETE /api/me: the account is closed. */
export const closeAccountResponseSchema = z.object({ closed: z.literal(true) });
