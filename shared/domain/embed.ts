// Embedded signing (issue #31 item 4, architecture §23, decision 160): the origins an account lets
// frame its signing sessions, checked and written one way on the server (the only judge) and in the
// SPA (an early hint). An origin is exactly `scheme://host[:port]`: no path, query, fragment,
// credentials or wildcard. https only; http://localhost, 127.0.0.1 and [::1] (any port) only where the
// configuration allows loopback (the local cloud), and loopback over https neither, since no deployed
// service can be framed by a visitor's own machine.

/** At most this many allowed origins per account. */
export const MAX_EMBED_ORIGINS = 10;
/** The longest origin accepted (a host name is at most 253 characters, plus scheme and port). */
export const MAX_EMBED_ORIGIN_LENGTH = 270;
/** A session URL must be opened within this many minutes of being made. */
export const EMBED_OPEN_MINUTES = 10;
/** Once opened, the session signs for at most this many minutes. */
export const EMBED_SESSION_MINUTES = 60;

/** The postMessage event types the embedded page sends to its parent. */
export const EMBED_EVENTS = ['signseal:signed', 'signseal:denied', 'signseal:error'] as const;
export type EmbedEventType = (typeof EMBED_EVENTS)[number];

/** What the parent receives: the document and recipient, never a token. */
export interface EmbedEventMessage {
  readonly type: EmbedEventType;
  readonly docuId: string;
  readonly recipientIndex: number;
  /** `signseal:error` only: a message key of the catalogues (e.g. signing.errors.invalidLink). */
  readonly code?: string;
}

/** Why an origin is refused (each a message key `embed.errors.<reason>`). */
export type EmbedOriginProblem = 'notOrigin' | 'notHttps' | 'loopback';

export type EmbedOriginResult =
  | { readonly ok: true; readonly origin: string }
  | { readonly ok: false; readonly reason: EmbedOriginProblem };

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether a URL host (as URL parses it, lower case) is the visitor's own machine. */
export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || hostname.endsWith('.localhost');
}

/**
 * An origin as the browser writes it (`URL.origin`: lower-case host, punycode, no default port), or
 * why not. One trailing slash is tolerated (people paste `https://shop.example/`); anything else after
 * the host is refused rather than cut, so nobody believes a path narrows the rule.
 */
export function normalizeEmbedOrigin(
  input: string,
  options: { readonly allowLoopback: boolean },
): EmbedOriginResult {
  const text = input.trim();
  if (!text || text.length > MAX_EMBED_ORIGIN_LENGTH || text.includes('*') || /\s/.test(text)) {
    return { ok: false, reason: 'notOrigin' };
  }
  const m = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]+)\/?$/i.exec(text);
  if (!m || m[2]!.includes('@')) return { ok: false, reason: 'notOrigin' };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, reason: 'notOrigin' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, reason: 'notOrigin' };
  if (!url.hostname || url.origin === 'null') return { ok: false, reason: 'notOrigin' };
  if (isLoopbackHost(url.hostname)) {
    return options.allowLoopback ? { ok: true, origin: url.origin } : { ok: false, reason: 'loopback' };
  }
  if (url.protocol !== 'https:') return { ok: false, reason: 'notHttps' };
  return { ok: true, origin: url.origin };
}

/** The first refused entry of a list, or the list normalised, duplicates dropped, order kept. */
export function normalizeEmbedOrigins(
  inputs: readonly string[],
  options: { readonly allowLoopback: boolean },
):
  | { readonly ok: true; readonly origins: string[] }
  | { readonly ok: false; readonly index: number; readonly reason: EmbedOriginProblem } {
  const origins: string[] = [];
  for (const [index, input] of inputs.entries()) {
    const result = normalizeEmbedOrigin(input, options);
    if (!result.ok) return { ok: false, index, reason: result.reason };
    if (!origins.includes(result.origin)) origins.push(result.origin);
  }
  return { ok: true, origins };
}
