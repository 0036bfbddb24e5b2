// Webhook deliveries over HTTP(S) behind the SSRF guard (lambdas/core/ssrf.ts, issue #31 item 3).
// The host is resolved once per attempt, every address it resolves to is checked, and the socket
// connects to a checked address: node's `lookup` option is where the resolution happens, so the
// check and the connection see the same answer (no DNS rebinding between them). No redirects are
// followed (a 3xx is a failed attempt); at most `maxResponseBytes` of the answer is read.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { AppError } from '../core/errors';
import { addressAllowed, classifyAddress, type AddressPolicy } from '../core/ssrf';

export interface WebhookPostResult {
  /** The HTTP status; 0 when no answer came (refused address, timeout, connection error). */
  readonly status: number;
  readonly latencyMs: number;
  /** Why no answer came: 'blocked' (SSRF guard), 'timeout', 'network'. */
  readonly error?: 'blocked' | 'timeout' | 'network';
}

export interface WebhookSender {
  /** Throws a 400 AppError (`webhooks.errors.urlRefused` / `urlUnresolvable`) when the URL may not be
   *  an endpoint: scheme, credentials in it, or any address its host resolves to. */
  checkUrl(url: string): Promise<void>;
  post(url: string, headers: Record<string, string>, body: string): Promise<WebhookPostResult>;
}

class BlockedAddressError extends Error {
  constructor(readonly kind: string) {
    super(`The endpoint's host resolves to a ${kind} address`);
    this.name = 'BlockedAddressError';
  }
}

const refused = (message: string, reason: string) =>
  new AppError('webhooks.errors.urlRefused', message, { status: 400, details: { reason } });

/** The scheme, userinfo and literal-address rules (no DNS). */
export function urlProblem(url: string, policy: AddressPolicy): string | null {
  if (!URL.canParse(url)) return 'invalid';
  const u = new URL(url);
  if (u.protocol !== 'https:' && !(u.protocol === 'http:' && policy.allowLoopback)) return 'scheme';
  if (u.username || u.password) return 'credentials';
  const host = u.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && !addressAllowed(host, policy)) return classifyAddress(host);
  if (!isIP(host) && (host === 'localhost' || host.endsWith('.localhost')) && !policy.allowLoopback) {
    return 'loopback';
  }
  return null;
}

export class HttpWebhookSender implements WebhookSender {
  constructor(
    private readonly policy: AddressPolicy,
    private readonly timeoutMs: number,
    private readonly maxResponseBytes = 1024,
  ) {}

  private readonly lookup: LookupFunction = (hostname, options, callback) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 4);
      const bad = addresses.find((a) => !addressAllowed(a.address, this.policy));
      if (bad || addresses.length === 0) {
        return callback(new BlockedAddressError(bad ? classifyAddress(bad.address) : 'missing'), '', 4);
      }
      if ((options as { all?: boolean }).all) {
        (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      } else {
        callback(null, addresses[0]!.address, addresses[0]!.family);
      }
    });
  };

  async checkUrl(url: string): Promise<void> {
    const problem = urlProblem(url, this.policy);
    if (problem) throw refused('The endpoint URL is not allowed', problem);
    const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
    if (isIP(host)) return;
    const addresses = await new Promise<LookupAddress[]>((resolve, reject) =>
      dnsLookup(host, { all: true, verbatim: true }, (err, a) => (err ? reject(err) : resolve(a))),
    ).catch(() => null);
    if (!addresses || addresses.length === 0) {
      throw new AppError('webhooks.errors.urlUnresolvable', 'The endpoint host does not resolve', {
        status: 400,
      });
    }
    const bad = addresses.find((a) => !addressAllowed(a.address, this.policy));
    if (bad)
      throw refused('The endpoint host resolves to a non-public address', classifyAddress(bad.address));
  }

  post(url: string, headers: Record<string, string>, body: string): Promise<WebhookPostResult> {
    const started = performance.now();
    const took = () => Math.round(performance.now() - started);
    if (urlProblem(url, this.policy)) return Promise.resolve({ status: 0, latencyMs: 0, error: 'blocked' });
    const u = new URL(url);
    const options: RequestOptions = {
      method: 'POST',
      headers: {
        ...headers,
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        'user-agent': 'SignSeal-Webhooks/1',
      },
      lookup: this.lookup,
      timeout: this.timeoutMs,
      agent: false,
    };
    return new Promise<WebhookPostResult>((resolve) => {
      let settled = false;
      const finish = (r: WebhookPostResult) => {
        if (settled) return;
        settled = true;
        clearTimeout(deadline);
        resolve(r);
      };
      const send = u.protocol === 'https:' ? httpsRequest : httpRequest;
      const req = send(u, options, (res) => {
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > this.maxResponseBytes) res.destroy();
        });
        const done = () => finish({ status: res.statusCode ?? 0, latencyMs: took() });
        res.on('end', done);
        res.on('close', done);
        res.on('error', done);
      });
      // The whole attempt (resolution, connection, answer) within the timeout.
      const deadline = setTimeout(() => {
        req.destroy();
        finish({ status: 0, latencyMs: took(), error: 'timeout' });
      }, this.timeoutMs);
      req.on('timeout', () => {
        req.destroy();
        finish({ status: 0, latencyMs: took(), error: 'timeout' });
      });
      req.on('error', (err) => {
        finish({
          status: 0,
          latencyMs: took(),
          error: err instanceof BlockedAddressError ? 'blocked' : 'network',
        });
      });
      req.end(body);
    });
  }
}
