// API keys of the public REST API (issue #31, architecture §23): the scopes a key may hold and who a
// key speaks for. The key's format is `ssk_{prefix}_{secret}`; only the secret's SHA-256 is stored and
// the prefix stays visible in My Info → API.

export const API_SCOPES = ['documents:read', 'documents:write', 'templates:read'] as const;
export type ApiScope = (typeof API_SCOPES)[number];

/** Who an authenticated API request speaks for: the key's owner, the key and what it may do. */
export interface ApiPrincipal {
  /** The owner's Cognito subject, as `AuthUser.sub` of the SPA's requests. */
  readonly userId: string;
  /** The owner as the SPA's use cases take them (captured when the key was made, refreshed on use). */
  readonly user: {
    readonly sub: string;
    readonly email: string;
    readonly emailVerified: boolean;
    readonly name: string;
  };
  readonly keyId: string;
  readonly scopes: readonly ApiScope[];
}

/** Requests a key may make per minute unless API_KEY_RATE_PER_MINUTE says otherwise (lambdas/config.ts). */
export const DEFAULT_API_KEY_RATE_PER_MINUTE = 600;
