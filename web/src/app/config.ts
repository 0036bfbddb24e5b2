// Runtime configuration, fetched from /config.json (written by the local cloud or the CDK deployment)
// and parsed once at start-up. The SPA is built once and runs against any environment.
import { z } from 'zod';
import { configResponse } from './early-config';

const oauthSchema = z.object({
  domain: z.string().min(1),
  providers: z.array(z.enum(['Google', 'LINE'])),
  redirectSignIn: z.url(),
  redirectSignOut: z.url(),
});

export const appConfigSchema = z.object({
  region: z.string().min(1),
  userPoolId: z.string().min(1),
  userPoolClientId: z.string().min(1),
  /** Local only: cognito-local's endpoint, e.g. http://127.0.0.1:9229. */
  cognitoEndpoint: z.url().optional(),
  apiBase: z.string().min(1),
  /** Minimum age to sign up (architecture §14); the registration dialog shows it. */
  minAge: z.number().int().positive().optional(),
  /** Country assumed for a phone number without '+' on English pages (the server's DEFAULT_PHONE_COUNTRY). */
  defaultPhoneCountry: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional(),
  /** Local only: the emulated mailbox's web UI. */
  mailboxUrl: z.url().optional(),
  oauth: oauthSchema.optional(),
  /** Issue #33: a public JSON-RPC URL of the anchoring chain. The verify page asks it itself whether a
   *  Merkle root is on chain (docs/anchoring.md); the CSP's connect-src allows its origin. */
  chainPublicRpcUrl: z.url({ protocol: /^https?$/ }).optional(),
});

export type AppConfig = z.infer<typeof appConfigSchema>;
export type OAuthProvider = z.infer<typeof oauthSchema>['providers'][number];

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export async function loadConfig(url = '/config.json'): Promise<AppConfig> {
  let body: unknown;
  try {
    // Fetched early by index.html's <link rel="preload">, which the first request picks up (same URL
    // and mode, default cache mode) — the boot script's, if it ran (./early-config.ts); both servers
    // mark the file no-store/no-cache, so it is never stale.
    const response = await configResponse(url);
    if (!response.ok) throw new ConfigError(`${url} answered ${response.status}`);
    body = await response.json();
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    throw new ConfigError(`${url} could not be read: ${String(error)}`);
  }
  const parsed = appConfigSchema.safeParse(body);
  if (!parsed.success) throw new ConfigError(`${url} is invalid: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}
