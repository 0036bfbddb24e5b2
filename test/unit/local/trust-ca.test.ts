// The local CA (issue #30): what it makes on first start (checked by openssl x509/verify), what it
// keeps across starts, and what it re-issues — leaves naming another OCSP responder, leaves near
// their end, TSA certificates of another configured lifetime, a self-signed sealing bundle from
// before the CA. Called directly with a responder URL, so no port is bound.
import { execFile } from 'node:child_process';
import { createPublicKey } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseServiceSigner, serializeServiceSigner } from '../../../lambdas/adapters/service-signer';
import { identityOf } from '../../../lambdas/sealing/cms';
import { createServiceSigner, sealPdf } from '../../../lambdas/sealing/index';
import { ensureLocalPki, normalSerial, ocspUrlOf, type LocalPki } from '../../../local/trust/ca';
import { openssl, tempDir } from '../../support/trust';
import { auditData, makeOriginal, makeSignPng, stamps } from '../sealing/fixtures';

const OCSP = 'http://127.0.0.1:2560';
const DAY = 86_400_000;

const dirs: string[] = [];
const fresh = () => {
  const dir = tempDir('local-ca-');
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const files = (pki: LocalPki) =>
  Object.fromEntries(
    fs.readdirSync(pki.dir).map((name) => [name, fs.readFileSync(path.join(pki.dir, name), 'utf8')] as const),
  );
const x509 = async (file: string, cwd: string) =>
  (await openssl(['x509', '-in', file, '-noout', '-text'], cwd)).stdout;
const lifetimeOf = (pki: LocalPki, which: 'sealing' | 0 | 1) => {
  const { validity } = (which === 'sealing' ? pki.sealing : pki.tsa[which]).certificate;
  return validity.notAfter.getTime() - validity.notBefore.getTime() - 60_000;
};

describe('the local CA', () => {
  let dataDir: string;
  let pki: LocalPki;

  beforeAll(async () => {
    dataDir = fresh();
    pki = await ensureLocalPki({ dataDir, ocspUrl: OCSP });
  }, 120_000);

  it('keeps every file of trust/ (keys included) and the sealing bundle readable by its owner only', () => {
    const names = fs.readdirSync(pki.dir).sort();
    expect(names).toEqual(
      [
        'index.json',
        'intermediate.key.pem',
        'intermediate.pem',
        'root.key.pem',
        'root.pem',
        'sealing.key.pem',
        'sealing.pem',
        'tsa1.key.pem',
        'tsa1.pem',
        'tsa2.key.pem',
        'tsa2.pem',
      ].sort(),
    );
    for (const file of [...names.map((n) => path.join(pki.dir, n)), pki.signerFile])
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  it('makes a self-signed root: CA, critical, keyCertSign and cRLSign, 20 years, no AIA', async () => {
    const text = await x509(pki.root.file, dataDir);
    expect(text).toContain('Subject: CN = SignSeal Local Root CA, O = SignSeal');
    expect(text).toContain('Issuer: CN = SignSeal Local Root CA, O = SignSeal');
    expect(text).toMatch(/Basic Constraints: critical\s+CA:TRUE\n/);
    expect(text).toMatch(/Key Usage: critical\s+Certificate Sign, CRL Sign/);
    expect(text).not.toContain('Authority Information Access');
    const { notBefore, notAfter } = pki.root.certificate.validity;
    expect(notAfter.getTime() - notBefore.getTime()).toBeCloseTo(20 * 365 * DAY + 60_000, -4);
  });

  it('makes an intermediate with pathlen 0 and the responder in its AIA, 10 years, under the root', async () => {
    const text = await x509(pki.intermediate.file, dataDir);
    expect(text).toContain('Subject: CN = SignSeal Local Issuing CA, O = SignSeal');
    expect(text).toContain('Issuer: CN = SignSeal Local Root CA, O = SignSeal');
    expect(text).toMatch(/Basic Constraints: critical\s+CA:TRUE, pathlen:0/);
    expect(text).toContain(`OCSP - URI:${OCSP}`);
    const { notBefore, notAfter } = pki.intermediate.certificate.validity;
    expect(notAfter.getTime() - notBefore.getTime()).toBeCloseTo(10 * 365 * DAY + 60_000, -4);
    expect(
      (await openssl(['verify', '-CAfile', pki.root.file, pki.intermediate.file], dataDir)).stdout,
    ).toContain(': OK');
  });

  it('issues the sealing leaf for signing documents, with AIA and key identifiers', async () => {
    const text = await x509(pki.sealing.file, dataDir);
    expect(text).toContain('Subject: CN = SignSeal local sealing, O = SignSeal');
    expect(text).toContain('Issuer: CN = SignSeal Local Issuing CA, O = SignSeal');
    expect(text).toMatch(/Basic Constraints: critical\s+CA:FALSE/);
    expect(text).toMatch(/Key Usage: critical\s+Digital Signature, Non Repudiation\n/);
    expect(text).not.toContain('Extended Key Usage');
    expect(text).toContain(`OCSP - URI:${OCSP}`);
    // its authority key identifier is the intermediate's subject key identifier
    const ski = /Subject Key Identifier: \s*([0-9A-F:]+)/.exec(
      await x509(pki.intermediate.file, dataDir),
    )![1];
    expect(text).toMatch(new RegExp(`Authority Key Identifier: \\s*(keyid:)?${ski}`));
    const verified = await openssl(
      ['verify', '-CAfile', pki.root.file, '-untrusted', pki.intermediate.file, pki.sealing.file],
      dataDir,
    );
    expect(verified.stdout).toContain(': OK');
  });

  it('issues two TSA leaves: timeStamping only and critical, 5 years, fit for timestamp signing', async () => {
    for (const [i, tsa] of pki.tsa.entries()) {
      const text = await x509(tsa.file, dataDir);
      expect(text).toContain(`Subject: CN = SignSeal Local TSA ${i + 1}, O = SignSeal`);
      expect(text).toMatch(/Extended Key Usage: critical\s+Time Stamping\n/);
      expect(text).toMatch(/Key Usage: critical\s+Digital Signature, Non Repudiation\n/);
      expect(text).toContain(`OCSP - URI:${OCSP}`);
      expect(lifetimeOf(pki, i as 0 | 1)).toBe(5 * 365 * DAY);
      const verified = await openssl(
        [
          'verify',
          '-purpose',
          'timestampsign',
          '-CAfile',
          pki.root.file,
          '-untrusted',
          pki.intermediate.file,
          tsa.file,
        ],
        dataDir,
      );
      expect(verified.stdout).toContain(': OK');
    }
  });

  it('writes the sealing key as the handlers read it: leaf, intermediate, root', () => {
    const signer = parseServiceSigner(fs.readFileSync(pki.signerFile, 'utf8'), pki.signerFile);
    const identity = identityOf(signer);
    expect(identity.commonName).toBe('SignSeal local sealing');
    expect(identity.chain.map((c) => Buffer.from(c).toString('base64'))).toEqual(
      [pki.sealing.der, pki.intermediate.der, pki.root.der].map((c) => c.toString('base64')),
    );
    expect(createPublicKey(identity.key).export({ format: 'jwk' })).toEqual(
      createPublicKey(pki.sealing.key).export({ format: 'jwk' }),
    );
  });

  it('signs a sealed PDF with that bundle, its chain of three in the signature, which pdfsig accepts', async () => {
    const signer = parseServiceSigner(fs.readFileSync(pki.signerFile, 'utf8'), pki.signerFile);
    const sealed = await sealPdf({
      original: await makeOriginal(1),
      stamps: stamps(1, 1, [makeSignPng(300, 100)]),
      audit: auditData(['Alice Smith'], 1),
      language: 'en',
      signer,
      signedAt: new Date('2026-11-28T10:00:00Z'),
    });
    const file = path.join(dataDir, 'sealed.pdf');
    fs.writeFileSync(file, sealed.pdf);
    const report = await new Promise<string>((resolve) =>
      execFile('pdfsig', [file], { encoding: 'utf8' }, (_err, stdout) => resolve(stdout)),
    );
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Signer Certificate Common Name: SignSeal local sealing');
    // The signature's certificates (hex in /Contents): leaf, intermediate and root.
    const contents = Buffer.from(sealed.pdf).toString('latin1');
    for (const holder of [pki.sealing, pki.intermediate, pki.root])
      expect(contents).toContain(holder.der.toString('hex'));
  }, 60_000);

  it('indexes every certificate it issued, with its issuer and a random positive serial', () => {
    const entries = pki.entries();
    expect(entries.map((e) => [e.subject, e.issuer])).toEqual([
      ['SignSeal Local Root CA', 'root'],
      ['SignSeal Local Issuing CA', 'root'],
      ['SignSeal local sealing', 'intermediate'],
      ['SignSeal Local TSA 1', 'intermediate'],
      ['SignSeal Local TSA 2', 'intermediate'],
    ]);
    for (const entry of entries) {
      expect(entry.serial).toMatch(/^[0-7][0-9a-f]{31}$/);
      expect(entry.serial.startsWith('00')).toBe(false);
    }
    expect(new Set(entries.map((e) => e.serial)).size).toBe(5);
    expect(pki.lookup('intermediate', pki.sealing.certificate.serialNumber.toUpperCase())?.subject).toBe(
      'SignSeal local sealing',
    );
    expect(pki.lookup('root', pki.sealing.certificate.serialNumber)).toBeUndefined();
    expect(normalSerial('0001ab')).toBe('01ab');
    expect(normalSerial('00')).toBe('00');
  });

  it('keeps everything on a restart with the same responder', async () => {
    const before = files(pki);
    const bundle = fs.readFileSync(pki.signerFile, 'utf8');
    const again = await ensureLocalPki({ dataDir, ocspUrl: OCSP });
    expect(files(again)).toEqual(before);
    expect(fs.readFileSync(pki.signerFile, 'utf8')).toBe(bundle);
  }, 60_000);

  it('re-issues the leaves (same keys) and the intermediate (same key) for a new responder, never the root', async () => {
    const dir = fresh();
    const first = await ensureLocalPki({ dataDir: dir, ocspUrl: OCSP });
    const before = files(first);
    const moved = 'http://127.0.0.1:40123';
    const second = await ensureLocalPki({ dataDir: dir, ocspUrl: moved });
    const after = files(second);
    expect(after['root.pem']).toBe(before['root.pem']);
    for (const key of ['root', 'intermediate', 'sealing', 'tsa1', 'tsa2'])
      expect(after[`${key}.key.pem`]).toBe(before[`${key}.key.pem`]);
    for (const holder of [second.intermediate, second.sealing, ...second.tsa]) {
      expect(ocspUrlOf(holder.der)).toBe(moved);
    }
    for (const cert of ['intermediate', 'sealing', 'tsa1', 'tsa2'])
      expect(after[`${cert}.pem`]).not.toBe(before[`${cert}.pem`]);
    // The leaves verify under the same root; the bundle holds the new sealing certificate.
    const verified = await openssl(
      ['verify', '-CAfile', second.root.file, '-untrusted', second.intermediate.file, second.sealing.file],
      dir,
    );
    expect(verified.stdout).toContain(': OK');
    expect(
      identityOf(parseServiceSigner(fs.readFileSync(second.signerFile, 'utf8'), 'bundle')).chain[0],
    ).toEqual(second.sealing.der);
    // Old and new certificates stay in the index (sealed PDFs carry the old ones).
    expect(second.entries()).toHaveLength(9);
  }, 120_000);

  it('gives the TSAs the configured lifetime (LOCAL_TSA_CERT_DAYS), re-issuing when it changes', async () => {
    const dir = fresh();
    const long = await ensureLocalPki({ dataDir: dir, ocspUrl: OCSP });
    const short = await ensureLocalPki({ dataDir: dir, ocspUrl: OCSP, tsaCertificateDays: 0.002 });
    expect(lifetimeOf(short, 0)).toBe(Math.round(0.002 * DAY));
    expect(lifetimeOf(short, 1)).toBe(Math.round(0.002 * DAY));
    expect(short.sealing.pem).toBe(long.sealing.pem);
    const text = await x509(short.tsa[0].file, dir);
    expect(text).toMatch(/Extended Key Usage: critical\s+Time Stamping/);
    await expect(ensureLocalPki({ dataDir: dir, ocspUrl: OCSP, tsaCertificateDays: 0 })).rejects.toThrow(
      /positive/,
    );
  }, 120_000);

  it('re-issues a leaf in the last tenth of its lifetime, and only then', async () => {
    const dir = fresh();
    const start = Date.now();
    const first = await ensureLocalPki({ dataDir: dir, ocspUrl: OCSP, tsaCertificateDays: 10 });
    // 8.5 days on: 1.5 of 10 days left, more than a tenth — kept.
    const later = await ensureLocalPki({
      dataDir: dir,
      ocspUrl: OCSP,
      tsaCertificateDays: 10,
      now: () => new Date(start + 8.5 * DAY),
    });
    expect(later.tsa[0].pem).toBe(first.tsa[0].pem);
    // 9.5 days on: less than a tenth left — a new certificate from then, for the same key.
    const renewed = await ensureLocalPki({
      dataDir: dir,
      ocspUrl: OCSP,
      tsaCertificateDays: 10,
      now: () => new Date(start + 9.5 * DAY),
    });
    expect(renewed.tsa[0].pem).not.toBe(first.tsa[0].pem);
    expect(renewed.tsa[0].certificate.validity.notAfter.getTime()).toBeGreaterThan(start + 19 * DAY);
    expect(renewed.sealing.pem).toBe(first.sealing.pem); // 5 years: far from its end
    expect(renewed.root.pem).toBe(first.root.pem);
  }, 120_000);

  it('moves a self-signed sealing bundle from before the CA under it, keeping its key', async () => {
    const dir = fresh();
    const old = createServiceSigner('SignSeal local sealing');
    const signerFile = path.join(dir, 'seal', 'service-signer.json');
    fs.mkdirSync(path.dirname(signerFile), { recursive: true });
    fs.writeFileSync(signerFile, serializeServiceSigner(old), { mode: 0o600 });
    const oldIdentity = identityOf(old);
    const lines: string[] = [];
    const migrated = await ensureLocalPki({ dataDir: dir, ocspUrl: OCSP, log: (l) => lines.push(l) });
    expect(migrated.signerFile).toBe(signerFile);
    const identity = identityOf(parseServiceSigner(fs.readFileSync(signerFile, 'utf8'), signerFile));
    expect(identity.chain).toHaveLength(3);
    expect(identity.chain[0]).toEqual(migrated.sealing.der);
    expect(identity.certificate.issuer.getField('CN').value).toBe('SignSeal Local Issuing CA');
    expect(createPublicKey(identity.key).export({ format: 'jwk' })).toEqual(
      createPublicKey(oldIdentity.key).export({ format: 'jwk' }),
    );
    expect(lines.join('\n')).toContain('now holds its certificate from the local CA');
  }, 120_000);

  it('rebuilds a bundle that is missing or damaged', async () => {
    const dir = fresh();
    const first = await ensureLocalPki({ dataDir: dir, ocspUrl: OCSP });
    fs.writeFileSync(first.signerFile, '{"p12Base64":"broken","passphrase":"x"}');
    const second = await ensureLocalPki({ dataDir: dir, ocspUrl: OCSP });
    expect(
      identityOf(parseServiceSigner(fs.readFileSync(second.signerFile, 'utf8'), 'bundle')).chain[0],
    ).toEqual(first.sealing.der);
  }, 120_000);
});
