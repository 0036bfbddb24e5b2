// The local OCSP responder (issue #30), started on a free port in a temporary data folder and asked
// by openssl: `openssl ocsp -issuer … -cert … -url … -CAfile root.pem -resp_text` sends the request
// (with a nonce), verifies the signature and the nonce, and prints the status.
import fs from 'node:fs';
import path from 'node:path';
import { startLocalTrust, type LocalTrust } from '../../../local/trust/index';
import { MAX_OCSP_REQUESTS } from '../../../local/trust/ocsp-responder';
import { openssl, post, tempDir } from '../../support/trust';

const REQUEST = 'application/ocsp-request';
const NEXT_UPDATE_SECONDS = 7200;

let dataDir: string;
let work: string;
let trust: LocalTrust;

beforeAll(async () => {
  dataDir = tempDir('local-ocsp-');
  work = tempDir('local-ocsp-work-');
  trust = await startLocalTrust({
    dataDir,
    host: '127.0.0.1',
    ports: { tsa: 0, tsaFallback: 0, ocsp: 0 },
    ocspNextUpdateSeconds: NEXT_UPDATE_SECONDS,
  });
}, 120_000);

afterAll(async () => {
  await trust?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(work, { recursive: true, force: true });
});

/** openssl ocsp asking the responder about `target` (certificate file args or -serial). */
const ask = (issuer: string, target: readonly string[], extra: readonly string[] = []) =>
  openssl(
    [
      'ocsp',
      '-issuer',
      issuer,
      ...target,
      '-url',
      trust.ocspUrl,
      '-CAfile',
      trust.rootFile,
      '-resp_text',
      ...extra,
    ],
    work,
  );

/** `openssl ocsp -respin` of a response's bytes. */
async function readResponse(bytes: Buffer): Promise<string> {
  const file = path.join(work, `resp-${Date.now()}-${Math.random()}.der`);
  fs.writeFileSync(file, bytes);
  return (await openssl(['ocsp', '-respin', file, '-resp_text', '-noverify'], work)).stdout;
}

const utcOf = (text: string, label: string) => Date.parse(new RegExp(`${label}: (.+ GMT)`).exec(text)![1]!);

describe('the local OCSP responder', () => {
  it('says the sealing certificate is good, signed by the intermediate, echoing the nonce', async () => {
    const res = await ask(trust.intermediateFile, ['-cert', trust.pki.sealing.file]);
    expect(res.code).toBe(0);
    expect(res.stdout).toContain(`${trust.pki.sealing.file}: good`);
    expect(res.stderr).toContain('Response verify OK');
    // openssl sends a nonce and warns when the answer lacks it or differs.
    expect(res.stderr).not.toMatch(/nonce/i);
    expect(res.stdout).toContain('OCSP Nonce');
    expect(res.stdout).toContain('OCSP Response Status: successful (0x0)');
    expect(res.stdout).toContain('Cert Status: good');
    expect(res.stdout).toMatch(/Responder Id: [0-9A-F]{40}/);
    expect(res.stdout).toContain('Signature Algorithm: sha256WithRSAEncryption');
    // thisUpdate now, nextUpdate as configured
    const thisUpdate = utcOf(res.stdout, 'This Update');
    expect(Math.abs(thisUpdate - Date.now())).toBeLessThan(120_000);
    expect(utcOf(res.stdout, 'Next Update') - thisUpdate).toBe(NEXT_UPDATE_SECONDS * 1000);
  }, 60_000);

  it('answers for both timestamp authorities, and for the intermediate signed by the root', async () => {
    for (const tsa of trust.pki.tsa) {
      const res = await ask(trust.intermediateFile, ['-cert', tsa.file]);
      expect(res.stdout).toContain(`${tsa.file}: good`);
      expect(res.stderr).toContain('Response verify OK');
    }
    const intermediate = await ask(trust.rootFile, ['-cert', trust.intermediateFile]);
    expect(intermediate.stdout).toContain(`${trust.intermediateFile}: good`);
    expect(intermediate.stderr).toContain('Response verify OK');
  }, 60_000);

  it('understands CertIDs hashed with SHA-256', async () => {
    const res = await ask(trust.intermediateFile, ['-sha256', '-cert', trust.pki.sealing.file]);
    expect(res.stdout).toContain('Hash Algorithm: sha256');
    expect(res.stdout).toContain(`${trust.pki.sealing.file}: good`);
    expect(res.stderr).toContain('Response verify OK');
  }, 60_000);

  it('says unknown for a serial the intermediate never issued', async () => {
    const res = await ask(trust.intermediateFile, ['-serial', '0x1234567890ABCDEF']);
    expect(res.stdout).toContain('0x1234567890ABCDEF: unknown');
    expect(res.stderr).toContain('Response verify OK');
    // a serial the root issued (the intermediate's), asked of the intermediate: not its own
    const serial = `0x${trust.pki.intermediate.certificate.serialNumber}`;
    expect((await ask(trust.intermediateFile, ['-serial', serial])).stdout).toContain(`${serial}: unknown`);
  }, 60_000);

  it('says revoked, with the time, once a certificate is revoked', async () => {
    const tsa2 = trust.pki.tsa[1];
    const at = new Date(Math.floor(Date.now() / 1000) * 1000 - 3_600_000);
    expect(trust.pki.revoke(tsa2.certificate.serialNumber, at)).toBe(true);
    const res = await ask(trust.intermediateFile, ['-cert', tsa2.file]);
    expect(res.stdout).toContain(`${tsa2.file}: revoked`);
    expect(utcOf(res.stdout, 'Revocation Time')).toBe(at.getTime());
    expect(res.stderr).toContain('Response verify OK');
    // kept in the index for the next start
    const index = JSON.parse(fs.readFileSync(path.join(trust.pki.dir, 'index.json'), 'utf8')) as {
      certificates: { serial: string; revokedAt?: string }[];
    };
    expect(index.certificates.find((c) => c.revokedAt)?.revokedAt).toBe(at.toISOString());
    expect(trust.pki.revoke('0badbadbad', at)).toBe(false);
  }, 60_000);

  it('answers the GET form (RFC 6960 A.1) as the POST one', async () => {
    const made = await openssl(
      ['ocsp', '-issuer', trust.intermediateFile, '-cert', trust.pki.sealing.file, '-reqout', 'req.der'],
      work,
    );
    expect(made.code).toBe(0);
    const encoded = encodeURIComponent(fs.readFileSync(path.join(work, 'req.der')).toString('base64'));
    const res = await fetch(`${trust.ocspUrl}/${encoded}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/ocsp-response');
    expect(await readResponse(Buffer.from(await res.arrayBuffer()))).toContain('Cert Status: good');
  }, 60_000);

  it('answers garbage with malformedRequest and a foreign CA with unauthorized, never crashing', async () => {
    for (const body of [
      Buffer.from('garbage'),
      Buffer.alloc(0),
      Buffer.from([0x30, 0x03, 0x02, 0x01, 0x01]),
    ]) {
      const res = await post(trust.ocspUrl, REQUEST, body);
      expect(res.status).toBe(200);
      expect(await readResponse(res.body)).toMatch(/Responder Error: malformedrequest \(1\)/i);
    }
    const get = await fetch(`${trust.ocspUrl}/${encodeURIComponent('bm90IGFuIE9DU1AgcmVxdWVzdA==')}`);
    expect(await readResponse(Buffer.from(await get.arrayBuffer()))).toMatch(
      /Responder Error: malformedrequest \(1\)/i,
    );
    // Too many certificates in one request.
    const many = Array.from({ length: MAX_OCSP_REQUESTS + 1 }, (_, i) => ['-serial', String(i + 1)]).flat();
    await openssl(['ocsp', '-issuer', trust.intermediateFile, ...many, '-reqout', 'many.der'], work);
    const tooMany = await post(trust.ocspUrl, REQUEST, fs.readFileSync(path.join(work, 'many.der')));
    expect(await readResponse(tooMany.body)).toMatch(/Responder Error: malformedrequest \(1\)/i);
    // A certificate of a CA that is not ours.
    const made = await openssl(
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        'other.key',
        '-out',
        'other.pem',
        '-subj',
        '/CN=Other CA',
        '-days',
        '2',
      ],
      work,
    );
    expect(made.code).toBe(0);
    const foreign = await ask(path.join(work, 'other.pem'), ['-cert', path.join(work, 'other.pem')]);
    expect(foreign.stdout + foreign.stderr).toMatch(/Responder Error: unauthorized \(6\)/i);
    // and still answers well
    expect((await ask(trust.intermediateFile, ['-cert', trust.pki.sealing.file])).stdout).toContain(': good');
  }, 90_000);

  it('answers HTTP mistakes with HTTP statuses', async () => {
    expect((await fetch(trust.ocspUrl, { method: 'PUT' })).status).toBe(405);
    expect((await post(trust.ocspUrl, 'text/plain', Buffer.from('x'))).status).toBe(415);
    expect((await post(trust.ocspUrl, REQUEST, Buffer.alloc(70 * 1024))).status).toBe(413);
  }, 60_000);
});
