// The deployed sealing key (issue #30): KMS signs the SHA-256 digest of what the sealing module signs.
// KMS is aws-sdk-client-mock backed by a local RSA key (test/support/fake-kms.ts); openssl judges the
// CMS made with it.
import { GetPublicKeyCommand, KMSClient, SignCommand } from '@aws-sdk/client-kms';
import { mockClient } from 'aws-sdk-client-mock';
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash, sign } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assertKmsKeyMatches, kmsPublicKey, kmsSealingKey } from '../../../../lambdas/adapters/kms-signer';
import { signedData } from '../../../../lambdas/sealing/cms';
import { sealPdf } from '../../../../lambdas/sealing/index';
import { auditData, makeOriginal, makeSignPng, stamps } from '../../sealing/fixtures';
import { derOf, kmsBackedBy, makeTestPki, TEST_KEY_ARN, type TestPki } from '../../../support/fake-kms';

const kms = mockClient(KMSClient);
const client = () => new KMSClient({ region: 'ap-northeast-1' });
let pki: TestPki;
let chain: Buffer[];

beforeAll(() => {
  pki = makeTestPki(mkdtempSync(join(tmpdir(), 'kms-signer-')));
  chain = [derOf(pki.leafPem), derOf(pki.caPem)];
});
afterAll(() => rmSync(pki.dir, { recursive: true, force: true }));
beforeEach(() => {
  kms.reset();
  kmsBackedBy(kms, pki.leafKey);
});

describe('kmsSealingKey', () => {
  const data = Buffer.from('the DER of the signed attributes');

  it('sends KMS the SHA-256 of the data as a DIGEST, with the key and PKCS#1 v1.5 SHA-256', async () => {
    const key = kmsSealingKey({ keyId: TEST_KEY_ARN, chain, client: client() });
    await key.sign(data);
    const calls = kms.commandCalls(SignCommand);
    expect(calls).toHaveLength(1);
    const input = calls[0]!.args[0].input;
    expect(input.KeyId).toBe(TEST_KEY_ARN);
    expect(input.MessageType).toBe('DIGEST');
    expect(input.SigningAlgorithm).toBe('RSASSA_PKCS1_V1_5_SHA_256');
    expect(Buffer.from(input.Message!)).toEqual(createHash('sha256').update(data).digest());
  });

  it("returns KMS's signature as it is, and it is the signature the key itself makes over the data", async () => {
    const key = kmsSealingKey({ keyId: TEST_KEY_ARN, chain, client: client() });
    const signature = Buffer.from(await key.sign(data));
    const fromKms = kms.commandCalls(SignCommand)[0]!;
    const answered = await fromKms.returnValue;
    expect(signature.equals(Buffer.from(answered.Signature!))).toBe(true);
    expect(signature.equals(sign('sha256', data, pki.leafKey))).toBe(true);
    expect(signature).toHaveLength(256);
  });

  it('keeps the chain it was given, leaf first', () => {
    const key = kmsSealingKey({ keyId: TEST_KEY_ARN, chain, client: client() });
    expect(key.chain.map((c) => Buffer.from(c))).toEqual(chain);
  });

  it('makes a CMS signature that openssl verifies against the certificate', async () => {
    const key = kmsSealingKey({ keyId: TEST_KEY_ARN, chain, client: client() });
    const content = Buffer.from('%PDF-1.7 the signed byte ranges of a sealed PDF');
    const cms = await signedData(key, { digest: createHash('sha256').update(content).digest() });
    writeFileSync(join(pki.dir, 'content.bin'), content);
    writeFileSync(join(pki.dir, 'sig.der'), cms.encode());
    const out = execFileSync(
      'openssl',
      [
        'cms',
        '-verify',
        '-binary',
        '-inform',
        'DER',
        '-in',
        'sig.der',
        '-content',
        'content.bin',
        '-CAfile',
        'ca.pem',
        '-purpose',
        'any',
        '-out',
        '/dev/null',
      ],
      { cwd: pki.dir, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    expect(out.toString()).toBe('');
    // …and refuses it over other content: the check can fail.
    writeFileSync(join(pki.dir, 'other.bin'), Buffer.concat([content, Buffer.from(' ')]));
    expect(() =>
      execFileSync(
        'openssl',
        [
          'cms',
          '-verify',
          '-binary',
          '-inform',
          'DER',
          '-in',
          'sig.der',
          '-content',
          'other.bin',
          '-CAfile',
          'ca.pem',
          '-purpose',
          'any',
          '-out',
          '/dev/null',
        ],
        { cwd: pki.dir, stdio: ['ignore', 'pipe', 'pipe'] },
      ),
    ).toThrow();
  });

  it('seals a PDF that pdfsig finds validly signed by the certificate, through the sealing module', async () => {
    const key = kmsSealingKey({ keyId: TEST_KEY_ARN, chain, client: client() });
    const sealed = await sealPdf({
      original: await makeOriginal(1),
      stamps: stamps(1, 1, [makeSignPng(300, 100)]),
      audit: auditData(['Alice Smith'], 2),
      language: 'en',
      signer: key,
      signedAt: new Date('2026-11-22T10:10:00Z'),
    });
    writeFileSync(join(pki.dir, 'sealed.pdf'), sealed.pdf);
    const report = spawnSync('pdfsig', ['sealed.pdf'], {
      cwd: pki.dir,
      encoding: 'utf8',
      timeout: 60_000,
    }).stdout;
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Signer Certificate Common Name: SignSeal Test Sealing');
    expect(kms.commandCalls(SignCommand)).toHaveLength(1);
  }, 60_000);

  it('names the key, and not the data, when KMS refuses', async () => {
    kms.on(SignCommand).rejects(
      Object.assign(new Error('User is not authorized to perform: kms:Sign'), {
        name: 'AccessDeniedException',
      }),
    );
    const key = kmsSealingKey({ keyId: TEST_KEY_ARN, chain, client: client() });
    const error = (await key.sign(data).catch((e: unknown) => e)) as Error;
    expect(error.message).toBe(
      `KMS key ${TEST_KEY_ARN} could not sign (AccessDeniedException: User is not authorized to perform: kms:Sign)`,
    );
    expect(error.message).not.toContain(data.toString());
    expect(error.message).not.toContain(createHash('sha256').update(data).digest('hex'));
    expect((error.cause as Error).name).toBe('AccessDeniedException');
  });

  it('refuses an answer without a signature', async () => {
    kms.on(SignCommand).resolves({ KeyId: TEST_KEY_ARN });
    const key = kmsSealingKey({ keyId: TEST_KEY_ARN, chain, client: client() });
    await expect(key.sign(data)).rejects.toThrow(`KMS key ${TEST_KEY_ARN} answered Sign without a signature`);
  });

  it("refuses a signature the certificate's key does not verify (another key's)", async () => {
    kms.reset();
    kmsBackedBy(kms, pki.otherKey);
    const key = kmsSealingKey({ keyId: TEST_KEY_ARN, chain, client: client() });
    await expect(key.sign(data)).rejects.toThrow(/the certificate is not this key's/);
  });

  it('needs a certificate', () => {
    expect(() => kmsSealingKey({ keyId: TEST_KEY_ARN, chain: [], client: client() })).toThrow(
      `The KMS sealing key ${TEST_KEY_ARN} has no certificate`,
    );
  });
});

describe("the KMS key's public key", () => {
  it('is the DER SubjectPublicKeyInfo KMS gives for a signing RSA key', async () => {
    const spki = await kmsPublicKey(TEST_KEY_ARN, client());
    expect(spki[0]).toBe(0x30);
    expect(kms.commandCalls(GetPublicKeyCommand)[0]!.args[0].input.KeyId).toBe(TEST_KEY_ARN);
  });

  it('is refused for an encryption key', async () => {
    kms
      .on(GetPublicKeyCommand)
      .resolves({ KeyUsage: 'ENCRYPT_DECRYPT', KeySpec: 'RSA_2048', PublicKey: new Uint8Array([0x30]) });
    await expect(kmsPublicKey(TEST_KEY_ARN, client())).rejects.toThrow(
      `KMS key ${TEST_KEY_ARN} is for ENCRYPT_DECRYPT, not SIGN_VERIFY`,
    );
  });

  it('is refused for a key that cannot sign with RSASSA-PKCS1-v1_5 SHA-256 (an EC key)', async () => {
    kms.on(GetPublicKeyCommand).resolves({
      KeyUsage: 'SIGN_VERIFY',
      KeySpec: 'ECC_NIST_P256',
      SigningAlgorithms: ['ECDSA_SHA_256'],
      PublicKey: new Uint8Array([0x30]),
    });
    await expect(kmsPublicKey(TEST_KEY_ARN, client())).rejects.toThrow(
      `KMS key ${TEST_KEY_ARN} (ECC_NIST_P256) cannot sign with RSASSA_PKCS1_V1_5_SHA_256: create an RSA key`,
    );
  });

  it('names the key when it cannot be read', async () => {
    kms
      .on(GetPublicKeyCommand)
      .rejects(Object.assign(new Error('Key … does not exist'), { name: 'NotFoundException' }));
    await expect(kmsPublicKey(TEST_KEY_ARN, client())).rejects.toThrow(
      `KMS key ${TEST_KEY_ARN}: its public key could not be read (NotFoundException: Key … does not exist)`,
    );
  });

  it("matches the certificate issued for it, and not another key's", async () => {
    await expect(assertKmsKeyMatches(TEST_KEY_ARN, chain[0]!, client())).resolves.toBeUndefined();
    kms.reset();
    kmsBackedBy(kms, pki.otherKey);
    await expect(assertKmsKeyMatches(TEST_KEY_ARN, chain[0]!, client())).rejects.toThrow(
      `KMS key ${TEST_KEY_ARN} is not the key of the sealing certificate "O=SignSeal Test, CN=SignSeal Test Sealing"`,
    );
  });
});
