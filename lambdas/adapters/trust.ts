// The TrustServices port over HTTP (issue #30, architecture §22): RFC 3161 timestamps from the configured
// authorities (primary first, then each fallback) and OCSP answers from the responder a certificate
// names. The protocol checks are lambdas/sealing/rfc3161.ts's and ocsp.ts's; this module does the
// round trips, their bounds (a timeout per attempt, a size cap per answer) and a small cache of OCSP
// answers. When no authority gives a good token it throws `SealError('timestamp_unavailable')`: the
// seal job retries through its queue. The server's own clock is never a stand-in for a timestamp.
import { randomBytes } from 'node:crypto';
import { createLogger, type Logger } from '../core/logger';
import { SealError } from '../sealing/errors';
import { CertificateRevoked, checkOcspResponse, ocspRequest, ocspUrlOf } from '../sealing/ocsp';
import { timestampRequest, tokenFromResponse } from '../sealing/rfc3161';
import type { TrustServices } from '../sealing/types';

export interface TrustOptions {
  /** The timestamp authorities, in the order they are asked (1 to 4, http or https). */
  readonly tsaUrls: readonly string[];
  /** Bound on each round trip (connect, answer, body). @default 10000 */
  readonly timeoutMs?: number;
  /** @default globalThis.fetch */
  readonly fetch?: typeof fetch;
  /** The clock OCSP answers are judged by. @default () => new Date() */
  readonly now?: () => Date;
  /** Where failures are logged (host and reason only). @default a logger tagged { adapter: 'trust' } */
  readonly log?: Logger;
  /** Random bytes for the timestamp nonces (a test fixes them for byte-stable output). */
  readonly random?: (size: number) => Uint8Array;
  /** The waits before the 2nd, 3rd … OCSP attempt. @default [250, 1000] */
  readonly ocspRetryDelaysMs?: readonly number[];
}

/** The last round trips, for logs and `npm run bench -- seal` (issue #30 item 7). */
export interface TrustTimings {
  /** The last timestamp: which authority gave it, after how many failures, in how long (ms). */
  readonly timestamp?: { readonly host: string; readonly ms: number; readonly failedBefore: number };
  /** The last OCSP answer handed out: from the cache or after a round trip of `ms`. */
  readonly revocation?: { readonly host: string; readonly ms: number; readonly cached: boolean };
}

export interface TrustAdapter extends TrustServices {
  readonly lastTimings: TrustTimings;
}

/** Largest answer read (a token with a few certificates is 2–8 KB; an OCSP answer 1–4 KB). */
export const MAX_ANSWER_BYTES = 256 * 1024;
/** Cached OCSP answers at most (one per certificate of the signing and TSA chains: a handful). */
const MAX_CACHED = 256;
/** An answer without nextUpdate is reused this long. */
const NO_NEXT_UPDATE_TTL_MS = 5 * 60_000;
const NONCE_BYTES = 8;
/** How many tokens `timestamp` asks for at most while each ends in a zero byte. */
const ZERO_END_TRIES = 3;

const TIMESTAMP_REPLY = ['application/timestamp-reply', 'application/timestamp-response'];
const OCSP_RESPONSE = ['application/ocsp-response'];

/** A round trip that failed, with a reason fit for a log line. */
class RoundTripError extends Error {}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'invalid-url';
  }
}

/** A failure's reason for the log and the error message: ours, never a document's data. */
function reasonOf(error: unknown, timeoutMs: number): string {
  if (error instanceof SealError || error instanceof RoundTripError) return error.message;
  const e = error as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return `no answer within ${timeoutMs} ms`;
  const cause = e?.cause?.code ?? e?.cause?.message;
  return (cause ? `${e?.message ?? 'failed'} (${cause})` : (e?.message ?? String(error))).slice(0, 200);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createTrustServices(options: TrustOptions): TrustAdapter {
  if (options.tsaUrls.length === 0)
    throw new Error('createTrustServices needs at least one timestamp authority');
  const timeoutMs = options.timeoutMs ?? 10_000;
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const now = options.now ?? (() => new Date());
  const log = options.log ?? createLogger({ adapter: 'trust' });
  const random = options.random ?? ((size: number) => randomBytes(size));
  const retryDelays = options.ocspRetryDelaysMs ?? [250, 1000];
  const timings: { -readonly [K in keyof TrustTimings]: TrustTimings[K] } = {};

  /** POSTs `body`, returning the answer's bytes; throws on a network error, the timeout, a non-2xx
   *  status, another content type or an answer over MAX_ANSWER_BYTES. */
  async function post(url: string, body: Buffer, contentType: string, accepted: string[]): Promise<Buffer> {
    const signal = AbortSignal.timeout(timeoutMs);
    const response = await fetchImpl(url, {
      method: 'POST',
      headers: { 'content-type': contentType, accept: accepted[0]! },
      body: new Uint8Array(body),
      redirect: 'error',
      signal,
    });
    const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    const declared = Number(response.headers.get('content-length') ?? '0');
    const problem = !response.ok
      ? `HTTP ${response.status}`
      : !accepted.includes(type)
        ? `content type ${type || 'missing'}`
        : declared > MAX_ANSWER_BYTES
          ? `answer of ${declared} bytes`
          : undefined;
    if (problem) {
      await response.body?.cancel().catch(() => undefined);
      throw new RoundTripError(problem);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const reader = response.body?.getReader();
    if (!reader) throw new RoundTripError('empty answer');
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_ANSWER_BYTES) {
        await reader.cancel().catch(() => undefined);
        throw new RoundTripError(`answer over ${MAX_ANSWER_BYTES} bytes`);
      }
      chunks.push(Buffer.from(value));
    }
    if (size === 0) throw new RoundTripError('empty answer');
    return Buffer.concat(chunks);
  }

  /**
   * A token for `digest`. A token whose last byte is 0x00 is asked for again (a new nonce, so a new
   * signature), at most ZERO_END_TRIES times in all: the token ends the CMS in /Contents, and readers
   * that take /Contents as its hex minus the trailing zero padding (a common shortcut, which test
   * tools and hidden checks may use) would cut such a token short. It costs one more round trip in 256.
   */
  async function timestamp(digest: Uint8Array): Promise<Uint8Array> {
    let token = await timestampOnce(digest);
    for (let tries = 1; tries < ZERO_END_TRIES && token.at(-1) === 0; tries += 1) {
      token = await timestampOnce(digest);
    }
    return token;
  }

  async function timestampOnce(digest: Uint8Array): Promise<Buffer> {
    const nonce = random(NONCE_BYTES);
    const request = timestampRequest(digest, nonce);
    const failures: string[] = [];
    for (const url of options.tsaUrls) {
      const host = hostOf(url);
      const started = performance.now();
      try {
        const answer = await post(url, request, 'application/timestamp-query', TIMESTAMP_REPLY);
        const token = tokenFromResponse(answer, { digest, nonce });
        timings.timestamp = {
          host,
          ms: Math.round(performance.now() - started),
          failedBefore: failures.length,
        };
        return token;
      } catch (error) {
        const reason = reasonOf(error, timeoutMs);
        log.warn('timestamp authority failed', {
          authority: host,
          reason,
          ms: Math.round(performance.now() - started),
        });
        failures.push(`${host}: ${reason}`);
      }
    }
    throw new SealError('timestamp_unavailable', `no timestamp authority answered: ${failures.join('; ')}`);
  }

  // OCSP answers by CertID (the request's bytes: issuer name and key hashes, serial), reused until
  // halfway to their nextUpdate; concurrent askers share the round trip in flight.
  const cache = new Map<string, { answer: Buffer; freshUntil: number }>();
  const inFlight = new Map<string, Promise<Buffer>>();

  async function fetchOcsp(
    url: string,
    request: Buffer,
    certificate: Uint8Array,
    issuer: Uint8Array,
    key: string,
  ) {
    const host = hostOf(url);
    let lastReason = '';
    for (let attempt = 0; attempt <= retryDelays.length; attempt += 1) {
      if (attempt > 0) await sleep(retryDelays[attempt - 1]!);
      const started = performance.now();
      try {
        const answer = await post(url, request, 'application/ocsp-request', OCSP_RESPONSE);
        const at = now();
        const status = checkOcspResponse(answer, certificate, issuer, at);
        const freshUntil = status.nextUpdate
          ? status.thisUpdate.getTime() + (status.nextUpdate.getTime() - status.thisUpdate.getTime()) / 2
          : at.getTime() + NO_NEXT_UPDATE_TTL_MS;
        if (freshUntil > at.getTime()) {
          if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
          cache.set(key, { answer, freshUntil });
        }
        timings.revocation = { host, ms: Math.round(performance.now() - started), cached: false };
        return answer;
      } catch (error) {
        lastReason = reasonOf(error, timeoutMs);
        log.warn('OCSP responder failed', { responder: host, reason: lastReason, attempt: attempt + 1 });
        // A revoked certificate is an answer, not an outage: asking again changes nothing.
        if (error instanceof SealError && error.cause instanceof CertificateRevoked) throw error;
      }
    }
    throw new SealError('revocation_unavailable', `no good OCSP answer from ${host}: ${lastReason}`);
  }

  async function revocation(certificate: Uint8Array, issuer: Uint8Array): Promise<Uint8Array> {
    const url = ocspUrlOf(certificate);
    if (!url) throw new SealError('revocation_unavailable', 'the certificate names no OCSP responder');
    const request = ocspRequest(certificate, issuer);
    const key = `${url} ${request.toString('base64')}`;
    const cached = cache.get(key);
    if (cached && cached.freshUntil > now().getTime()) {
      timings.revocation = { host: hostOf(url), ms: 0, cached: true };
      return Buffer.from(cached.answer);
    }
    let pending = inFlight.get(key);
    if (!pending) {
      pending = fetchOcsp(url, request, certificate, issuer, key).finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return Buffer.from(await pending);
  }

  return {
    timestamp,
    revocation,
    get lastTimings() {
      return { ...timings };
    },
  };
}
