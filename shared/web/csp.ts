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
    "frame-ancestors 'none'",
    ...(sources.upgradeInsecureRequests ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}
