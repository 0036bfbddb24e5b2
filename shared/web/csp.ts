// The SPA's Content-Security-Policy, in one place: CloudFront sends it in AWS (lib/constructs/web.ts,
// its response headers policy) and the local server sends it with the local endpoints in place of
// the AWS ones (local/server.ts). Only the origins differ between the two.

export interface CspSources {
  /** Origins the SPA calls besides its own (Cognito, an OAuth domain, a chain RPC…). */
  readonly connect: readonly string[];
  /** Origins of the documents bucket (presigned uploads, PDFs, sign images, Show Document's frame). */
  readonly storage: readonly string[];
  /** Over https only: turns any http:// request into https:// (never locally, where all is http://). */
  readonly upgradeInsecureRequests: boolean;
}

export function contentSecurityPolicy(sources: CspSources): string {
  const list = (...items: readonly string[]) => items.filter(Boolean).join(' ');
  return [
    "default-src 'self'",
    "script-src 'self'",
    // UI libraries set inline styles; scripts stay strict.
    "style-src 'self' 'unsafe-inline'",
    `connect-src ${list("'self'", ...sources.connect, ...sources.storage)}`,
    `img-src ${list("'self'", 'data:', 'blob:', ...sources.storage)}`,
    `media-src ${list("'self'", 'blob:', ...sources.storage)}`,
    // Show Document (issue #7) opens the latest PDF in a frame from a presigned S3 URL.
    `frame-src ${list("'self'", ...sources.storage)}`,
    "font-src 'self' data:",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    frameAncestors([]),
    ...(sources.upgradeInsecureRequests ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

const ORIGIN_SOURCE = /^https?:\/\/[^\s;,'"*]+$/;

/** `frame-ancestors` of these origins (already exact origins, shared/domain/embed.ts); none: 'none'.
 *  Anything that is not a plain origin is left out rather than trusted into the header. */
function frameAncestors(origins: readonly string[]): string {
  const list = origins.filter((o) => ORIGIN_SOURCE.test(o));
  return `frame-ancestors ${list.length ? list.join(' ') : "'none'"}`;
}

/**
 * The embedded signer page's policy (issue #31, decision 160): the SPA's own, with its
 * `frame-ancestors 'none'` replaced by the account's allowed origins. Only the embed route's handler
 * sends it (lambdas/handlers/embed.ts); every other response keeps 'none'.
 */
export function embedContentSecurityPolicy(spaPolicy: string, origins: readonly string[]): string {
  const directives = spaPolicy
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean);
  const others = directives.filter((d) => !/^frame-ancestors(\s|$)/i.test(d));
  if (others.length === directives.length) throw new Error('The SPA policy has no frame-ancestors');
  return [...others, frameAncestors(origins)].join('; ');
}
