// The trust adapter over real HTTP (issue #30): small node servers on port 0 play the authorities —
// one answers through `openssl ts -reply` / `openssl ocsp`, others hang, fail, answer HTML, too much,
// a replayed token or a refusal. A failing primary falls back to the next authority; when none answers
// the error is `timestamp_unavailable`, within the timeouts; OCSP answers are cached and shared.
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type net from 'node:net';
import { readFileSync } from 'node:fs';
import { createTrustServices, MAX_ANSWER_BYTES } from '../../../../lambdas/adapters/trust';
import { createLogger } from '../../../../lambdas/core/logger';
import { SealError } from '../../../../lambdas/sealing/errors';
import { checkOcspResponse } from '../../../../lambdas/sealing/ocsp';
import { timestampRequest, verifyTimestampToken } from '../../../../lambdas/sealing/rfc3161';
import { makePki, type Pki } from '../../sealing/trust-fixtures';

let pki: Pki;
let server: http.Server;
let base: string;
let host: string;
let replayed: Buffer;
let ocspMode: 'good' | 'fail' | 'flaky' = 'good';
let ocspAsked = 0;
let flakyFailed = false;
let zeroEndAsked = 0;
const ZERO_END_NONCE = Buffer.from('5a000000000000a5', 'hex');
const zeroEnding = readFileSync(new URL('./fixtures/zero-ending-tsa-reply.der', import.meta.url));

const digest = createHash('sha256').update('a signature value').digest();
const DIGEST_HEX = digest.toString('hex');

async function body(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function reply(res: http.ServerResponse, type: string, bytes: Buffer | string, status = 200) {
  res.writeHead(status, { 'content-type': type });
  res.end(bytes);
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    void body(req).then((request) => {
      switch (req.url) {
        case '/tsa':
          return reply(res, 'application/timestamp-reply', pki.tsReply(request));
        case '/tsa-hang':
          return; // never answers
        case '/tsa-500':
          return reply(res, 'text/plain', 'down', 500);
        case '/tsa-html':
          return reply(res, 'text/html', '<html>maintenance</html>');
        case '/tsa-huge':
          return reply(res, 'application/timestamp-reply', Buffer.alloc(MAX_ANSWER_BYTES + 1024, 0x30));
        case '/tsa-zero-end':
          // The first answer: a real granted reply (made once by openssl for ZERO_END_NONCE and this
          // digest) whose token ends in 0x00; later ones are made afresh.
          zeroEndAsked += 1;
          return reply(
            res,
            'application/timestamp-reply',
            zeroEndAsked === 1 ? zeroEnding : pki.tsReply(request),
          );
        case '/tsa-replay':
          return reply(res, 'application/timestamp-reply', replayed);
        case '/tsa-refuse':
          return reply(res, 'application/timestamp-reply', pki.tsReply(request, 'sha512only'));
        case '/ocsp':
          ocspAsked += 1;
          if (ocspMode === 'fail' || (ocspMode === 'flaky' && !flakyFailed)) {
            flakyFailed = true;
            return reply(res, 'text/plain', 'busy', 503);
          }
          return reply(res, 'application/ocsp-response', pki.ocspReply(request, 'ca', ['-ndays', '1']));
        default:
          return reply(res, 'text/plain', 'no such path', 404);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  host = `127.0.0.1:${port}`;
  base = `http://${host}`;
  pki = makePki({ ocspUrl: `${base}/ocsp` });
  // A granted answer for another request (another nonce): a replay must not pass as ours.
  replayed = pki.tsReply(timestampRequest(digest, Buffer.from('0102030405060708', 'hex')));
}, 60_000);

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  pki.cleanup();
});

beforeEach(() => {
  ocspMode = 'good';
  ocspAsked = 0;
  flakyFailed = false;
});

function logged() {
  const lines: string[] = [];
  const log = createLogger({}, 'debug', (line) => lines.push(line));
  return { log, lines, entries: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

async function sealError(promise: Promise<unknown>): Promise<SealError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SealError) return error;
    throw error;
  }
  throw new Error('it succeeded');
}

describe('timestamps', () => {
  it('come from the primary when it answers', async () => {
    const { log, lines } = logged();
    const trust = createTrustServices({ tsaUrls: [`${base}/tsa`, `${base}/tsa-500`], log });

    const token = await trust.timestamp(digest);

    expect(verifyTimestampToken(token, digest).authority).toBe('Test TSA');
    expect(trust.lastTimings.timestamp).toMatchObject({ host, failedBefore: 0 });
    expect(trust.lastTimings.timestamp!.ms).toBeGreaterThanOrEqual(0);
    expect(lines).toEqual([]);
  });

  it.each([
    ['hangs', '/tsa-hang', /no answer within 1500 ms/],
    ['answers 500', '/tsa-500', /HTTP 500/],
    ['answers HTML', '/tsa-html', /content type text\/html/],
    ['answers too much', '/tsa-huge', /answer over 262144 bytes/],
    ['replays a token made for another nonce', '/tsa-replay', /nonce is not ours/],
    ['refuses', '/tsa-refuse', /the authority refused: rejection .*badAlg/],
  ])(
    'come from the fallback when the primary %s, the failure logged by host and reason',
    async (_, path, reason) => {
      const { log, entries, lines } = logged();
      const trust = createTrustServices({ tsaUrls: [`${base}${path}`, `${base}/tsa`], timeoutMs: 1500, log });

      const token = await trust.timestamp(digest);

      expect(verifyTimestampToken(token, digest).imprint.equals(digest)).toBe(true);
      expect(trust.lastTimings.timestamp).toMatchObject({ host, failedBefore: 1 });
      expect(entries()).toEqual([
        expect.objectContaining({ level: 'warn', msg: 'timestamp authority failed', authority: host }),
      ]);
      expect(String(entries()[0]!.reason)).toMatch(reason);
      expect(lines.join('\n')).not.toContain(DIGEST_HEX); // no document data in the logs
    },
  );

  it('are asked for again when the token ends in a zero byte, which naive /Contents readers would cut', async () => {
    const nonces = [ZERO_END_NONCE];
    const trust = createTrustServices({
      tsaUrls: [`${base}/tsa-zero-end`],
      random: (size) => nonces.shift() ?? randomBytes(size),
    });

    const token = await trust.timestamp(digest);

    expect(zeroEndAsked).toBeGreaterThanOrEqual(2);
    expect(token.at(-1)).not.toBe(0);
    expect(verifyTimestampToken(token, digest).imprint.equals(digest)).toBe(true);
  });

  it('fail with timestamp_unavailable naming every authority, within the timeouts, when none answers', async () => {
    const { log, entries } = logged();
    const trust = createTrustServices({
      tsaUrls: [`${base}/tsa-hang`, `${base}/tsa-500`],
      timeoutMs: 1500,
      log,
    });
    const started = Date.now();

    const error = await sealError(trust.timestamp(digest));

    const elapsed = Date.now() - started;
    expect(error.code).toBe('timestamp_unavailable');
    expect(error.message).toBe(
      `no timestamp authority answered: ${host}: no answer within 1500 ms; ${host}: HTTP 500`,
    );
    expect(elapsed).toBeGreaterThanOrEqual(1400);
    expect(elapsed).toBeLessThan(1500 + 8000); // one timeout, plus a busy machine's slack
    expect(entries()).toHaveLength(2);
  });

  it('fail with the network error when nothing listens', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const trust = createTrustServices({ tsaUrls: [`http://127.0.0.1:${port}/tsa`], log: logged().log });

    const error = await sealError(trust.timestamp(digest));
    expect(error.code).toBe('timestamp_unavailable');
    expect(error.message).toMatch(/ECONNREFUSED/);
  });

  it('are asked for a SHA-256 only', async () => {
    const trust = createTrustServices({ tsaUrls: [`${base}/tsa`], log: logged().log });
    expect((await sealError(trust.timestamp(digest.subarray(0, 20)))).code).toBe('timestamp_unavailable');
  });
});

describe('OCSP answers', () => {
  it('come from the responder the certificate names, checked, and are asked once while fresh', async () => {
    let now = new Date();
    const trust = createTrustServices({ tsaUrls: [`${base}/tsa`], now: () => now, log: logged().log });

    const first = await trust.revocation(pki.leafDer, pki.caDer);
    const status = checkOcspResponse(first, pki.leafDer, pki.caDer, now);
    expect(trust.lastTimings.revocation).toMatchObject({ host, cached: false });
    const second = await trust.revocation(pki.leafDer, pki.caDer);

    expect(Buffer.from(second).equals(Buffer.from(first))).toBe(true);
    expect(ocspAsked).toBe(1);
    expect(trust.lastTimings.revocation).toEqual({ host, ms: 0, cached: true });

    // Halfway between thisUpdate and nextUpdate (a day apart), the answer is fetched again.
    now = new Date(status.thisUpdate.getTime() + 12 * 3600_000 + 1000);
    await trust.revocation(pki.leafDer, pki.caDer);
    expect(ocspAsked).toBe(2);
  });

  it('are shared by concurrent callers: one request in flight', async () => {
    const trust = createTrustServices({ tsaUrls: [`${base}/tsa`], log: logged().log });

    const answers = await Promise.all([
      trust.revocation(pki.leafDer, pki.caDer),
      trust.revocation(pki.leafDer, pki.caDer),
      trust.revocation(pki.leafDer, pki.caDer),
    ]);

    expect(ocspAsked).toBe(1);
    expect(new Set(answers.map((a) => Buffer.from(a).toString('hex'))).size).toBe(1);
  });

  it('are asked again after a failed attempt (two retries), and a success is kept', async () => {
    ocspMode = 'flaky';
    const { log, entries } = logged();
    const trust = createTrustServices({ tsaUrls: [`${base}/tsa`], ocspRetryDelaysMs: [10, 10], log });

    const answer = await trust.revocation(pki.leafDer, pki.caDer);

    expect(checkOcspResponse(answer, pki.leafDer, pki.caDer, new Date()).thisUpdate).toBeInstanceOf(Date);
    expect(ocspAsked).toBe(2);
    expect(entries()).toEqual([
      expect.objectContaining({
        msg: 'OCSP responder failed',
        responder: host,
        reason: 'HTTP 503',
        attempt: 1,
      }),
    ]);
    await trust.revocation(pki.leafDer, pki.caDer);
    expect(ocspAsked).toBe(2);
  });

  it('fail with revocation_unavailable after three attempts, caching nothing', async () => {
    ocspMode = 'fail';
    const trust = createTrustServices({
      tsaUrls: [`${base}/tsa`],
      ocspRetryDelaysMs: [10, 10],
      log: logged().log,
    });

    const error = await sealError(trust.revocation(pki.leafDer, pki.caDer));

    expect(error.code).toBe('revocation_unavailable');
    expect(error.message).toBe(`no good OCSP answer from ${host}: HTTP 503`);
    expect(ocspAsked).toBe(3);
    ocspMode = 'good';
    await trust.revocation(pki.leafDer, pki.caDer);
    expect(ocspAsked).toBe(4);
  });

  it('say a revoked certificate is revoked at once, without retrying', async () => {
    const trust = createTrustServices({
      tsaUrls: [`${base}/tsa`],
      ocspRetryDelaysMs: [10, 10],
      log: logged().log,
    });

    const error = await sealError(trust.revocation(pki.revokedDer, pki.caDer));

    expect(error.code).toBe('revocation_unavailable');
    expect(error.message).toMatch(/is revoked/);
    expect(ocspAsked).toBe(1);
  });

  it('are not asked for a certificate that names no responder', async () => {
    const trust = createTrustServices({ tsaUrls: [`${base}/tsa`], log: logged().log });

    const error = await sealError(trust.revocation(pki.caDer, pki.caDer));

    expect(error).toMatchObject({
      code: 'revocation_unavailable',
      message: 'the certificate names no OCSP responder',
    });
    expect(ocspAsked).toBe(0);
  });
});

describe('the composition root', () => {
  const ENV = {
    TABLE_NAME: 't',
    DOCUMENTS_BUCKET: 'b',
    SEAL_QUEUE_URL: 'https://q.example/seal',
    ANCHOR_QUEUE_URL: 'https://q.example/anchor',
    NOTIFY_QUEUE_URL: 'https://q.example/notify',
    BULK_QUEUE_URL: 'https://q.example/bulk',
    SCHEDULE_QUEUE_URL: 'https://q.example/schedule',
    USER_POOL_ID: 'p',
    USER_POOL_CLIENT_ID: 'c',
    MAIL_FROM: 'x@example.com',
    APP_URL: 'https://app.example.com',
  };
  let saved: Record<string, string | undefined>;

  beforeEach(() => {
    saved = Object.fromEntries(
      [...Object.keys(ENV), 'TSA_URLS', 'TSA_TIMEOUT_MS'].map((k) => [k, process.env[k]]),
    );
  });

  afterEach(async () => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    (await import('../../../../lambdas/config')).resetConfigCache();
    (await import('../../../../lambdas/deps')).setTrustServices(undefined);
  });

  it('builds one trust service per process from TSA_URLS, the fallback after the primary', async () => {
    const { resetConfigCache } = await import('../../../../lambdas/config');
    const { setTrustServices, trustServices } = await import('../../../../lambdas/deps');
    Object.assign(process.env, ENV, { TSA_URLS: `${base}/tsa-500, ${base}/tsa`, TSA_TIMEOUT_MS: '5000' });
    resetConfigCache();
    setTrustServices(undefined);

    const trust = trustServices();
    expect(trustServices()).toBe(trust);
    const token = await trust.timestamp(digest);
    expect(verifyTimestampToken(token, digest).authority).toBe('Test TSA');
  });

  it('refuses to build without TSA_URLS, naming it', async () => {
    const { resetConfigCache } = await import('../../../../lambdas/config');
    const { setTrustServices, trustServices } = await import('../../../../lambdas/deps');
    Object.assign(process.env, ENV);
    delete process.env.TSA_URLS;
    resetConfigCache();
    setTrustServices(undefined);

    expect(() => trustServices()).toThrow('Configuration error: TSA_URLS is missing');
  });
});
