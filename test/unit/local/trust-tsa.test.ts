// The local RFC 3161 timestamp authorities (issue #30), started on free ports in a temporary data
// folder and judged by openssl: `ts -query` makes the requests, `ts -reply -text` reads the answers,
// `ts -verify` checks the tokens against the local root CA.
import fs from 'node:fs';
import path from 'node:path';
import { bigInt, der, int, nul, octets, oid, OID, seq, tagged } from '../../../lambdas/sealing/der';
import { normalSerial } from '../../../local/trust/ca';
import { startLocalTrust, type LocalTrust } from '../../../local/trust/index';
import { decodeOid, encodeOid } from '../../../lambdas/sealing/der';
import { generalizedTimeMs, LOCAL_TSA_POLICY } from '../../../local/trust/tsa';
import { bodyOf, fetchErrorCode, openssl, post, tempDir } from '../../support/trust';

const QUERY = 'application/timestamp-query';
// The authorities' clock: a fixed instant with milliseconds.
const CLOCK = new Date('2026-03-04T05:06:07.089Z');
const DAY = 86_400_000;

let dataDir: string;
let work: string;
let trust: LocalTrust;

const start = (serialStart?: bigint) =>
  startLocalTrust({
    dataDir,
    host: '127.0.0.1',
    ports: { tsa: 0, tsaFallback: 0, ocsp: 0 },
    now: () => CLOCK,
    tsaSerialStart: serialStart,
  });

beforeAll(async () => {
  dataDir = tempDir('local-tsa-');
  work = tempDir('local-tsa-work-');
  fs.writeFileSync(path.join(work, 'data.txt'), 'The contract, as signed.\n');
  trust = await start(41n);
}, 120_000);

afterAll(async () => {
  await trust?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(work, { recursive: true, force: true });
});

let counter = 0;
/** openssl ts -query with `args` → POST to `url` → the reply file's name. */
async function timestamp(
  args: readonly string[],
  url = trust.tsaUrls[0],
): Promise<{ query: string; reply: string }> {
  counter += 1;
  const query = `q${counter}.tsq`;
  const made = await openssl(['ts', '-query', '-data', 'data.txt', ...args, '-out', query], work);
  expect(made.code).toBe(0);
  const res = await post(url, QUERY, fs.readFileSync(path.join(work, query)));
  expect(res.status).toBe(200);
  expect(res.type).toBe('application/timestamp-reply');
  const reply = `r${counter}.tsr`;
  fs.writeFileSync(path.join(work, reply), res.body);
  return { query, reply };
}

/** POSTs raw bytes and returns `openssl ts -reply -text` of the answer. */
async function replyTo(body: Uint8Array): Promise<string> {
  counter += 1;
  const res = await post(trust.tsaUrls[0], QUERY, body);
  expect(res.status).toBe(200);
  const reply = `raw${counter}.tsr`;
  fs.writeFileSync(path.join(work, reply), res.body);
  const text = await openssl(['ts', '-reply', '-in', reply, '-text'], work);
  expect(text.code).toBe(0);
  return text.stdout;
}

const replyText = async (reply: string) =>
  (await openssl(['ts', '-reply', '-in', reply, '-text'], work)).stdout;
const verify = (reply: string, untrusted = trust.intermediateFile) =>
  openssl(
    ['ts', '-verify', '-in', reply, '-data', 'data.txt', '-CAfile', trust.rootFile, '-untrusted', untrusted],
    work,
  );
const serialOf = (text: string) => BigInt(/Serial number: (0x[0-9A-F]+)/.exec(text)![1]!);
const sha256Query = (imprint: Uint8Array, extra: ReturnType<typeof int>[] = []) =>
  der(seq([int(1), seq([seq([oid(OID.sha256), nul()]), octets(imprint)]), ...extra]));

describe('the local timestamp authority', () => {
  it('grants a SHA-256 query with a nonce and certReq: its policy, serial, clock, and a token openssl verifies', async () => {
    const { query, reply } = await timestamp(['-sha256', '-cert']);
    const text = await replyText(reply);
    expect(text).toContain('Status: Granted.');
    expect(text).toContain(`Policy OID: ${LOCAL_TSA_POLICY}`);
    expect(text).toContain('Hash Algorithm: sha256');
    expect(serialOf(text)).toBe(41n);
    // genTime is the injected clock, milliseconds included; accuracy 1 s; no ordering.
    expect(text).toContain('Time stamp: Mar  4 05:06:07.089 2026 GMT');
    expect(text).toContain('Accuracy: 0x01 seconds');
    expect(text).toContain('Ordering: no');
    const asked = (await openssl(['ts', '-query', '-in', query, '-text'], work)).stdout;
    const nonce = /Nonce: (0x[0-9A-F]+)/.exec(asked)![1];
    expect(text).toContain(`Nonce: ${nonce}`);

    const verified = await verify(reply);
    expect(verified.stdout.trim()).toBe('Verification: OK');
    // certReq: the token carries the authority's certificate and the intermediate.
    const token = `token${counter}.der`;
    await openssl(['ts', '-reply', '-in', reply, '-token_out', '-out', token], work);
    const certs = await openssl(['pkcs7', '-inform', 'DER', '-in', token, '-print_certs', '-noout'], work);
    expect(certs.stdout).toContain('subject=CN = SignSeal Local TSA 1, O = SignSeal');
    expect(certs.stdout).toContain('subject=CN = SignSeal Local Issuing CA, O = SignSeal');
  }, 60_000);

  it('leaves the certificates out without certReq, and verifies with them given separately', async () => {
    const { reply } = await timestamp(['-sha256', '-no_nonce']);
    const text = await replyText(reply);
    expect(text).toContain('Status: Granted.');
    expect(text).toContain('Nonce: unspecified');
    const token = `token${counter}.der`;
    await openssl(['ts', '-reply', '-in', reply, '-token_out', '-out', token], work);
    const certs = await openssl(['pkcs7', '-inform', 'DER', '-in', token, '-print_certs', '-noout'], work);
    expect(certs.stdout).not.toContain('subject=');
    // Without its certificate in the token, openssl cannot find the signer…
    expect((await verify(reply)).stdout).not.toContain('Verification: OK');
    // …and with it, it can.
    const untrusted = path.join(work, 'tsa-and-intermediate.pem');
    fs.writeFileSync(untrusted, fs.readFileSync(trust.pki.tsa[0].file, 'utf8') + trust.intermediatePem);
    expect((await verify(reply, untrusted)).stdout.trim()).toBe('Verification: OK');
  }, 60_000);

  it.each(['-sha384', '-sha512'])(
    'grants %s imprints',
    async (digest) => {
      const { reply } = await timestamp([digest, '-cert']);
      expect(await replyText(reply)).toContain(`Hash Algorithm: ${digest.slice(1)}`);
      expect((await verify(reply)).stdout.trim()).toBe('Verification: OK');
    },
    60_000,
  );

  it('the fallback authority signs with its own certificate', async () => {
    const { reply } = await timestamp(['-sha256', '-cert'], trust.tsaUrls[1]);
    expect(await replyText(reply)).toContain('Status: Granted.');
    const token = `token${counter}.der`;
    await openssl(['ts', '-reply', '-in', reply, '-token_out', '-out', token], work);
    const certs = await openssl(['pkcs7', '-inform', 'DER', '-in', token, '-print_certs', '-noout'], work);
    expect(certs.stdout).toContain('subject=CN = SignSeal Local TSA 2, O = SignSeal');
    expect((await verify(reply)).stdout.trim()).toBe('Verification: OK');
  }, 60_000);

  it('rejects SHA-1 with badAlg', async () => {
    const { reply } = await timestamp(['-sha1', '-cert']);
    const text = await replyText(reply);
    expect(text).toContain('Status: Rejected.');
    expect(text).toMatch(/Failure info:\s*\n?\s*unrecognized or unsupported algorithm identifier/i);
  }, 60_000);

  it('rejects another policy with unacceptedPolicy, and grants its own when asked for it', async () => {
    const other = await replyText((await timestamp(['-tspolicy', '1.2.3.4'])).reply);
    expect(other).toContain('Status: Rejected.');
    expect(other).toMatch(/requested TSA policy is not supported/i);
    const own = await replyText((await timestamp(['-tspolicy', LOCAL_TSA_POLICY])).reply);
    expect(own).toContain('Status: Granted.');
  }, 60_000);

  it('rejects what is not a version-1 query over a digest of the right length', async () => {
    const badFormat = /Failure info:\s*\n?\s*the data submitted has the wrong format/i;
    // not DER at all
    const garbage = await replyTo(Buffer.from('this is not a timestamp query'));
    expect(garbage).toContain('Status: Rejected.');
    expect(garbage).toMatch(badFormat);
    // an empty body
    expect(await replyTo(Buffer.alloc(0))).toMatch(badFormat);
    // a SHA-256 imprint of 20 bytes
    expect(await replyTo(sha256Query(Buffer.alloc(20, 1)))).toMatch(badFormat);
    // version 2
    const v2 = der(seq([int(2), seq([seq([oid(OID.sha256), nul()]), octets(Buffer.alloc(32, 1))])]));
    const version = await replyTo(v2);
    expect(version).toContain('Status: Rejected.');
    expect(version).toMatch(/transaction not permitted or supported/i);
    // request extensions
    const extensions = sha256Query(Buffer.alloc(32, 2), [
      tagged(0, [seq([oid('1.2.3.4'), octets(Buffer.from('x'))])], true),
    ]);
    expect(await replyTo(extensions)).toMatch(/requested extension is not supported/i);
    // trailing bytes after the query
    expect(await replyTo(Buffer.concat([sha256Query(Buffer.alloc(32, 3)), Buffer.from([0])]))).toMatch(
      badFormat,
    );
    // and it still grants afterwards
    expect(await replyTo(sha256Query(Buffer.alloc(32, 4), [bigInt(Buffer.from([1, 2, 3]))]))).toContain(
      'Status: Granted.',
    );
  }, 60_000);

  it('answers HTTP mistakes with HTTP statuses: GET 405, another type 415, more than 64 KB 413', async () => {
    expect((await fetch(trust.tsaUrls[0])).status).toBe(405);
    expect(
      (await post(trust.tsaUrls[0], 'application/octet-stream', sha256Query(Buffer.alloc(32)))).status,
    ).toBe(415);
    const big = await post(trust.tsaUrls[0], QUERY, Buffer.alloc(70 * 1024));
    expect(big.status).toBe(413);
    expect(await replyTo(sha256Query(Buffer.alloc(32, 5)))).toContain('Status: Granted.');
  }, 60_000);

  it('numbers its tokens one after another, and goes on after a restart', async () => {
    const first = serialOf(await replyText((await timestamp(['-sha256'])).reply));
    const second = serialOf(await replyText((await timestamp(['-sha256'])).reply));
    expect(second).toBe(first + 1n);
    await trust.stop();
    trust = await start();
    const third = serialOf(await replyText((await timestamp(['-sha256'])).reply));
    expect(third).toBe(second + 1n);
    // The fallback keeps its own counter.
    const fallback = serialOf(await replyText((await timestamp(['-sha256'], trust.tsaUrls[1])).reply));
    expect(fallback).toBeLessThan(third);
  }, 120_000);

  it('refuses connections while paused and answers again, on the same URL, once resumed', async () => {
    const { primary, fallback } = trust.authorities;
    const url = primary.url;
    await primary.pause();
    expect(primary.paused).toBe(true);
    const init = {
      method: 'POST',
      headers: { 'content-type': QUERY },
      body: bodyOf(sha256Query(Buffer.alloc(32, 6))),
    };
    expect(await fetchErrorCode(url, init)).toBe('ECONNREFUSED');
    // the fallback is unaffected
    expect((await post(fallback.url, QUERY, sha256Query(Buffer.alloc(32, 7)))).status).toBe(200);
    await primary.resume();
    expect(primary.paused).toBe(false);
    expect(primary.url).toBe(url);
    expect(await replyTo(sha256Query(Buffer.alloc(32, 8)))).toContain('Status: Granted.');
  }, 60_000);
});

describe('the TSTInfo encodings', () => {
  it('writes genTime with milliseconds, without trailing zeros', () => {
    expect(generalizedTimeMs(new Date('2026-03-04T05:06:07.089Z'))).toBe('20260304050607.089Z');
    expect(generalizedTimeMs(new Date('2026-03-04T05:06:07.500Z'))).toBe('20260304050607.5Z');
    expect(generalizedTimeMs(new Date('2026-03-04T05:06:07.000Z'))).toBe('20260304050607Z');
  });

  it('encodes object identifiers with arcs beyond 2^53', () => {
    expect(encodeOid('1.2.840.113549').toString('hex')).toBe('2a864886f70d');
    // 2.25.<uuid>: the first byte is 2*40+25; the UUID arc is base-128, 19 bytes.
    const policy = encodeOid(LOCAL_TSA_POLICY);
    expect(policy[0]).toBe(105);
    expect(policy.at(-1)).toBe(1);
    // and back, as the clients read it (forge's own decoder stops at 53 bits)
    expect(decodeOid(policy)).toBe(LOCAL_TSA_POLICY);
  });
});

describe('a timestamp authority whose certificate is half through its lifetime', () => {
  it('gets a new certificate (same key) before the next token, which outlives the old one', async () => {
    const dir = tempDir('local-tsa-roll-');
    const start = Date.now();
    let clock = start;
    const rolling = await startLocalTrust({
      dataDir: dir,
      host: '127.0.0.1',
      ports: { tsa: 0, tsaFallback: 0, ocsp: 0 },
      now: () => new Date(clock),
      tsaCertificateDays: 1,
    });
    try {
      fs.writeFileSync(path.join(dir, 'data.txt'), 'rolled\n');
      const tokenCertificate = async (name: string) => {
        await openssl(['ts', '-query', '-data', 'data.txt', '-cert', '-out', `${name}.tsq`], dir);
        const res = await post(rolling.tsaUrls[0], QUERY, fs.readFileSync(path.join(dir, `${name}.tsq`)));
        fs.writeFileSync(path.join(dir, `${name}.tsr`), res.body);
        await openssl(['ts', '-reply', '-in', `${name}.tsr`, '-token_out', '-out', `${name}.der`], dir);
        const certs = await openssl(['pkcs7', '-inform', 'DER', '-in', `${name}.der`, '-print_certs'], dir);
        const verified = await openssl(
          [
            'ts',
            '-verify',
            '-in',
            `${name}.tsr`,
            '-data',
            'data.txt',
            '-CAfile',
            rolling.rootFile,
            '-untrusted',
            rolling.intermediateFile,
            '-attime',
            String(Math.floor(clock / 1000) + 60),
          ],
          dir,
        );
        expect(verified.stdout.trim()).toBe('Verification: OK');
        // the first certificate printed is the authority's
        const pem = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/.exec(certs.stdout)![0];
        fs.writeFileSync(path.join(dir, `${name}.pem`), pem);
        const info = await openssl(
          ['x509', '-in', `${name}.pem`, '-noout', '-serial', '-enddate', '-subject'],
          dir,
        );
        return {
          serial: /serial=(\w+)/.exec(info.stdout)![1]!,
          notAfter: Date.parse(/notAfter=(.+)/.exec(info.stdout)![1]!),
          subject: info.stdout,
        };
      };
      const first = await tokenCertificate('first');
      clock = start + 0.4 * DAY; // before half: the same certificate
      expect((await tokenCertificate('second')).serial).toBe(first.serial);
      clock = start + 0.6 * DAY; // past half: a new one
      const third = await tokenCertificate('third');
      expect(third.serial).not.toBe(first.serial);
      expect(third.subject).toContain('CN = SignSeal Local TSA 1');
      expect(third.notAfter).toBeGreaterThan(first.notAfter + 0.5 * DAY);
      expect(normalSerial(rolling.pki.tsa[0].certificate.serialNumber)).toBe(normalSerial(third.serial));
      expect(rolling.pki.lookup('intermediate', third.serial)?.subject).toBe('SignSeal Local TSA 1');
      // the fallback keeps its own until it is used
      expect(rolling.pki.entries().filter((e) => e.subject === 'SignSeal Local TSA 2')).toHaveLength(1);
    } finally {
      await rolling.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
