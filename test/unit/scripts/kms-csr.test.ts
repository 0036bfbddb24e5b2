// `npm run kms-csr` (issue #30): a PKCS#10 request for the KMS sealing key, signed by KMS. KMS is
// aws-sdk-client-mock backed by a local key (test/support/fake-kms.ts); openssl is the referee.
import { GetPublicKeyCommand, KMSClient, SignCommand } from '@aws-sdk/client-kms';
import { mockClient } from 'aws-sdk-client-mock';
import { execFileSync, spawnSync } from 'node:child_process';
import { createPublicKey } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { kmsCsr, parseSubject, regionOfArn } from '../../../scripts/kms-csr';
import { kmsBackedBy, makeTestPki, TEST_KEY_ARN, type TestPki } from '../../support/fake-kms';

const kms = mockClient(KMSClient);
const client = () => new KMSClient({ region: 'ap-northeast-1' });
let pki: TestPki;

beforeAll(() => {
  pki = makeTestPki(mkdtempSync(join(tmpdir(), 'kms-csr-')));
});
afterAll(() => rmSync(pki.dir, { recursive: true, force: true }));
beforeEach(() => {
  kms.reset();
  kmsBackedBy(kms, pki.leafKey);
});

const openssl = (args: string[]) =>
  spawnSync('openssl', args, { cwd: pki.dir, encoding: 'utf8', timeout: 60_000 });

describe('the certificate request', () => {
  const subject = '/C=JP/O=Example KK/organizationIdentifier=NTRJP-1234567890123/CN=Example KK sealing 印鑑';

  it('is a PKCS#10 request whose self-signature openssl verifies, for the KMS key, with the subject given', async () => {
    const pem = await kmsCsr({ keyId: TEST_KEY_ARN, subject: parseSubject(subject), client: client() });
    expect(pem).toMatch(
      /^-----BEGIN CERTIFICATE REQUEST-----\n[A-Za-z0-9+/=\n]+-----END CERTIFICATE REQUEST-----\n$/,
    );
    writeFileSync(join(pki.dir, 'seal.csr'), pem);

    const verified = openssl(['req', '-in', 'seal.csr', '-verify', '-noout']);
    expect(verified.status).toBe(0);
    expect(verified.stdout + verified.stderr).toMatch(/verify OK/);

    const text = openssl(['req', '-in', 'seal.csr', '-noout', '-text', '-nameopt', 'utf8,sep_comma_plus']);
    expect(text.stdout).toContain(
      'Subject: C=JP,O=Example KK,organizationIdentifier=NTRJP-1234567890123,CN=Example KK sealing 印鑑',
    );
    expect(text.stdout).toContain('Signature Algorithm: sha256WithRSAEncryption');
    expect(text.stdout).toMatch(/X509v3 Key Usage: critical\s+Digital Signature, Non Repudiation/);

    // The request's public key is the KMS key's.
    const publicPem = openssl(['req', '-in', 'seal.csr', '-noout', '-pubkey']).stdout;
    expect(createPublicKey(publicPem).export({ format: 'der', type: 'spki' })).toEqual(
      createPublicKey(pki.leafKey).export({ format: 'der', type: 'spki' }),
    );
    expect(kms.commandCalls(GetPublicKeyCommand)).toHaveLength(1);
    expect(kms.commandCalls(SignCommand)[0]!.args[0].input).toMatchObject({
      KeyId: TEST_KEY_ARN,
      MessageType: 'DIGEST',
      SigningAlgorithm: 'RSASSA_PKCS1_V1_5_SHA_256',
    });
  });

  it('gets a certificate a CA can issue from it, and openssl verifies that chain', async () => {
    const pem = await kmsCsr({
      keyId: TEST_KEY_ARN,
      subject: parseSubject('/O=Example KK/CN=Issued'),
      client: client(),
    });
    writeFileSync(join(pki.dir, 'issue.csr'), pem);
    execFileSync(
      'openssl',
      [
        'x509',
        '-req',
        '-in',
        'issue.csr',
        '-CA',
        'ca.pem',
        '-CAkey',
        'ca.key',
        '-set_serial',
        '7',
        '-days',
        '2',
        '-copy_extensions',
        'copy',
        '-out',
        'issued.pem',
      ],
      { cwd: pki.dir, stdio: 'ignore' },
    );
    const check = openssl(['verify', '-CAfile', 'ca.pem', 'issued.pem']);
    expect(check.stdout).toContain('issued.pem: OK');
  });

  it('is refused by openssl when the signature is not the key’s (the check can fail)', async () => {
    // KMS answering with another key than the one it publishes: the script refuses to write it.
    kms.reset();
    kmsBackedBy(kms, pki.otherKey);
    const published = createPublicKey(pki.leafKey).export({ format: 'der', type: 'spki' });
    kms.on(GetPublicKeyCommand).resolves({
      KeyUsage: 'SIGN_VERIFY',
      KeySpec: 'RSA_2048',
      SigningAlgorithms: ['RSASSA_PKCS1_V1_5_SHA_256'],
      PublicKey: new Uint8Array(published),
    });
    await expect(
      kmsCsr({ keyId: TEST_KEY_ARN, subject: parseSubject('/CN=x'), client: client() }),
    ).rejects.toThrow(`KMS key ${TEST_KEY_ARN} made a signature its own public key does not verify`);
  });

  it('refuses a key that cannot sign with RSA PKCS#1 v1.5 SHA-256', async () => {
    kms.on(GetPublicKeyCommand).resolves({
      KeyUsage: 'SIGN_VERIFY',
      KeySpec: 'ECC_NIST_P256',
      SigningAlgorithms: ['ECDSA_SHA_256'],
      PublicKey: new Uint8Array([0x30]),
    });
    await expect(
      kmsCsr({ keyId: TEST_KEY_ARN, subject: parseSubject('/CN=x'), client: client() }),
    ).rejects.toThrow(/cannot sign with RSASSA_PKCS1_V1_5_SHA_256/);
    expect(kms.commandCalls(SignCommand)).toHaveLength(0);
  });
});

describe('the subject', () => {
  it('reads openssl’s -subj form, a slash inside a value escaped', () => {
    expect(parseSubject('/C=JP/O=A\\/B KK/CN=Seal')).toEqual([
      { type: 'C', value: 'JP' },
      { type: 'O', value: 'A/B KK' },
      { type: 'CN', value: 'Seal' },
    ]);
  });

  it.each([
    ['C=JP/CN=x', /must look like/],
    ['/C=JP/O=x', /needs a CN/],
    ['/XX=1/CN=x', /"XX=1" is not one of/],
    ['/CN', /"CN" is not one of/],
    ['/CN=', /CN must be 1 to 128 characters/],
    [`/CN=${'x'.repeat(129)}`, /CN must be 1 to 128 characters/],
    ['/C=Japan/CN=x', /C must be two capital letters/],
    ['/serialNumber=番号/CN=x', /serialNumber holds characters a PrintableString cannot/],
    ['/emailAddress=seal/CN=x', /emailAddress must be an ASCII e-mail address/],
  ])('refuses %s', (text, message) => {
    expect(() => parseSubject(text)).toThrow(message);
  });
});

it('takes the region from a key ARN (else the SDK’s default)', () => {
  expect(regionOfArn(TEST_KEY_ARN)).toBe('ap-northeast-1');
  expect(regionOfArn('alias/signseal-sealing')).toBeUndefined();
});

it('as a command, says how to call it and stops with status 1 before asking KMS anything', () => {
  const run = (args: string[]) =>
    spawnSync(join('node_modules', '.bin', 'tsx'), ['scripts/kms-csr.ts', ...args], {
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, AWS_REGION: 'ap-northeast-1', AWS_ENDPOINT_URL_KMS: 'http://127.0.0.1:9' },
    });
  const none = run([]);
  expect(none.status).toBe(1);
  expect(none.stderr).toContain('kms-csr: usage: npm run kms-csr -- --key');
  const bad = run(['--key', 'alias/signseal-sealing', '--subject', 'CN=x']);
  expect(bad.status).toBe(1);
  expect(bad.stderr).toContain('kms-csr: --subject must look like /C=JP/O=Example KK/CN=Example KK sealing');
}, 60_000);
