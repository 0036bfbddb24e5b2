// The sealing key's two forms (issues #6 and #30): a PKCS#12 bundle (the local cloud), or a KMS key
// and the certificate chain issued for it (deployed). Secrets Manager and KMS are aws-sdk-client-mock,
// KMS backed by a local key (test/support/fake-kms.ts); the certificates are openssl's.
import { GetPublicKeyCommand, KMSClient, SignCommand } from '@aws-sdk/client-kms';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { execFileSync } from 'node:child_process';
import { sign } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  parseCertificateChain,
  parseSealingKey,
  serializeServiceSigner,
  serviceSignerLoader,
} from '../../../../lambdas/adapters/service-signer';
import { createServiceSigner } from '../../../../lambdas/sealing';
import type { SealingKey, ServiceSigner } from '../../../../lambdas/sealing/types';
import { derOf, kmsBackedBy, makeTestPki, TEST_KEY_ARN, type TestPki } from '../../../support/fake-kms';

const kms = mockClient(KMSClient);
const secrets = mockClient(SecretsManagerClient);
const kmsClient = () => new KMSClient({ region: 'ap-northeast-1' });
const secretsClient = () => new SecretsManagerClient({ region: 'ap-northeast-1' });
let pki: TestPki;
let chainPem: string;

beforeAll(() => {
  pki = makeTestPki(mkdtempSync(join(tmpdir(), 'service-signer-')));
  chainPem = pki.leafPem + pki.caPem;
});
afterAll(() => rmSync(pki.dir, { recursive: true, force: true }));
beforeEach(() => {
  kms.reset();
  secrets.reset();
  kmsBackedBy(kms, pki.leafKey);
});

const kmsSecret = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({ kmsKeyId: TEST_KEY_ARN, certificateChainPem: chainPem, ...extra });
const fromSecret = (text: string) => {
  secrets.on(GetSecretValueCommand).resolves({ SecretString: text });
  return serviceSignerLoader({
    secretId: 'signseal/sealing-key',
    secrets: secretsClient(),
    kms: kmsClient(),
  });
};

describe('the sealing key loader', () => {
  it('still reads a PKCS#12 bundle from a file (the local cloud)', async () => {
    const signer = createServiceSigner('SignSeal local sealing');
    const file = join(pki.dir, 'service-signer.json');
    writeFileSync(file, serializeServiceSigner(signer), { mode: 0o600 });
    const loaded = (await serviceSignerLoader({ file, kms: kmsClient() })()) as ServiceSigner;
    expect(Buffer.from(loaded.p12).equals(Buffer.from(signer.p12))).toBe(true);
    expect(loaded.passphrase).toBe(signer.passphrase);
    expect(kms.calls()).toHaveLength(0);
  });

  it('makes a KMS key of {kmsKeyId, certificateChainPem}: the chain as DER, leaf first, signing through KMS', async () => {
    const load = fromSecret(kmsSecret());
    const key = (await load()) as SealingKey;
    expect('sign' in key).toBe(true);
    expect(key.chain.map((c) => Buffer.from(c))).toEqual([derOf(pki.leafPem), derOf(pki.caPem)]);
    const data = Buffer.from('signed attributes');
    expect(Buffer.from(await key.sign(data)).equals(sign('sha256', data, pki.leafKey))).toBe(true);
    expect(kms.commandCalls(SignCommand)[0]!.args[0].input.KeyId).toBe(TEST_KEY_ARN);
  });

  it("compares the key's public key with the certificate once per process", async () => {
    const load = fromSecret(kmsSecret());
    const first = await load();
    const second = await load();
    expect(second).toBe(first);
    expect(kms.commandCalls(GetPublicKeyCommand)).toHaveLength(1);
    expect(secrets.commandCalls(GetSecretValueCommand)).toHaveLength(1);
  });

  it("refuses a key that is not the certificate's, and tries again on the next call", async () => {
    kms.reset();
    kmsBackedBy(kms, pki.otherKey);
    const load = fromSecret(kmsSecret());
    await expect(load()).rejects.toThrow(
      `KMS key ${TEST_KEY_ARN} is not the key of the sealing certificate "O=SignSeal Test, CN=SignSeal Test Sealing"`,
    );
    kms.reset();
    kmsBackedBy(kms, pki.leafKey);
    await expect(load()).resolves.toHaveProperty('sign');
    expect(kms.commandCalls(SignCommand)).toHaveLength(0);
  });

  it('reads the KMS form from a file too', async () => {
    const file = join(pki.dir, 'kms-signer.json');
    writeFileSync(file, kmsSecret(), { mode: 0o600 });
    await expect(serviceSignerLoader({ file, kms: kmsClient() })()).resolves.toHaveProperty('sign');
  });

  it('says when nothing is configured, or the secret has no string', async () => {
    await expect(serviceSignerLoader({})()).rejects.toThrow(
      'No sealing key configured (SEAL_SIGNER_FILE or SEAL_SIGNER_SECRET_ID)',
    );
    secrets.on(GetSecretValueCommand).resolves({});
    await expect(
      serviceSignerLoader({ secretId: 's', secrets: secretsClient(), kms: kmsClient() })(),
    ).rejects.toThrow('The sealing key secret has no string value');
  });
});

describe("the sealing key's JSON", () => {
  const source = 'the sealing key secret';
  const parse = (value: unknown) => () =>
    parseSealingKey(typeof value === 'string' ? value : JSON.stringify(value), source);

  it.each([
    ['not JSON', '{kmsKeyId:', 'The sealing key in the sealing key secret is not JSON'],
    [
      'neither form',
      { passphrase: 'x' },
      'The sealing key in the sealing key secret lacks p12Base64 and passphrase (or kmsKeyId and certificateChainPem)',
    ],
    [
      'a key without its chain',
      { kmsKeyId: TEST_KEY_ARN },
      'The sealing key in the sealing key secret needs both kmsKeyId and certificateChainPem as strings',
    ],
    [
      'a chain without its key',
      { certificateChainPem: '-----BEGIN CERTIFICATE-----' },
      'The sealing key in the sealing key secret needs both kmsKeyId and certificateChainPem as strings',
    ],
    [
      'a key id that is not one',
      { kmsKeyId: 'arn:aws:s3:::bucket', certificateChainPem: 'x' },
      "The sealing key's kmsKeyId in the sealing key secret is not a KMS key id, key ARN or alias",
    ],
  ])('refuses %s', (_name, value, message) => {
    expect(parse(value)).toThrow(message);
  });

  it.each([
    TEST_KEY_ARN,
    '0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b',
    'alias/signseal-sealing',
    'arn:aws:kms:ap-northeast-1:123456789012:alias/signseal-sealing',
    'mrk-0f1e2d3c4b5a69788a9b0c1d2e3f4a5b',
  ])('takes the key id %s', (kmsKeyId) => {
    expect(parse({ kmsKeyId, certificateChainPem: chainPem })()).toMatchObject({
      kind: 'kms',
      keyId: kmsKeyId,
    });
  });
});

describe('the certificate chain', () => {
  const source = 'the sealing key secret';
  const where = "The sealing key's certificateChainPem in the sealing key secret";

  it('is leaf first, then the issuers: each issued by the next', () => {
    expect(parseCertificateChain(chainPem, source)).toEqual([derOf(pki.leafPem), derOf(pki.caPem)]);
    expect(parseCertificateChain(pki.leafPem, source)).toEqual([derOf(pki.leafPem)]);
  });

  it('refuses the issuers first', () => {
    expect(() => parseCertificateChain(pki.caPem + pki.leafPem, source)).toThrow(
      `${where}: certificate 2 (O=SignSeal Test, CN=SignSeal Test Sealing) did not issue certificate 1 (O=SignSeal Test, CN=SignSeal Test Root); give the sealing certificate first, then each issuer`,
    );
  });

  it('refuses an issuer of the same name whose key did not sign the certificate', () => {
    // A second root with the same subject but its own key: the names chain, the signature does not.
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        'fake.key',
        '-out',
        'fake.pem',
        '-subj',
        '/O=SignSeal Test/CN=SignSeal Test Root',
        '-days',
        '30',
      ],
      { cwd: pki.dir, stdio: 'ignore' },
    );
    const fake = readFileSync(join(pki.dir, 'fake.pem'), 'utf8');
    expect(() => parseCertificateChain(pki.leafPem + fake, source)).toThrow(
      /certificate 2 .* did not issue certificate 1/,
    );
  });

  it.each([
    ['no certificate block', 'MIIB', `${where} holds no -----BEGIN CERTIFICATE----- block`],
    [
      'a block that is not base64',
      '-----BEGIN CERTIFICATE-----\nnot*base64\n-----END CERTIFICATE-----',
      `${where}: certificate 1 is not base64`,
    ],
    [
      'a block that is not a certificate',
      `-----BEGIN CERTIFICATE-----\n${Buffer.from('hello').toString('base64')}\n-----END CERTIFICATE-----`,
      `${where}: certificate 1 does not parse as X.509`,
    ],
  ])('refuses %s', (_name, pem, message) => {
    expect(() => parseCertificateChain(pem, source)).toThrow(message);
  });

  it('refuses more than 8 certificates, and more than 64 000 characters', () => {
    expect(() => parseCertificateChain(pki.leafPem.repeat(9), source)).toThrow(
      `${where} holds 9 certificates (at most 8)`,
    );
    expect(() => parseCertificateChain(' '.repeat(64_001), source)).toThrow(
      `${where} is over 64000 characters`,
    );
  });

  it('refuses a leaf that is not valid at the time', () => {
    const later = new Date(Date.now() + 40 * 24 * 3600 * 1000);
    expect(() => parseCertificateChain(chainPem, source, later)).toThrow(
      new RegExp(`^${where.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: the first certificate is not valid now`),
    );
    const before = new Date(Date.now() - 24 * 3600 * 1000);
    expect(() => parseCertificateChain(chainPem, source, before)).toThrow(
      /the first certificate is not valid now/,
    );
  });

  it('refuses a leaf whose key is not RSA (the signature is RSA PKCS#1 v1.5)', () => {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:P-256',
        '-nodes',
        '-keyout',
        'ec.key',
        '-out',
        'ec.pem',
        '-subj',
        '/CN=EC',
        '-days',
        '30',
      ],
      { cwd: pki.dir, stdio: 'ignore' },
    );
    expect(() => parseCertificateChain(readFileSync(join(pki.dir, 'ec.pem'), 'utf8'), source)).toThrow(
      `${where}: the first certificate's key is ec, not RSA`,
    );
  });
});
