// A KMS for unit tests (issue #30): aws-sdk-client-mock answering Sign and GetPublicKey with a local
// RSA key, the way KMS answers for an RSA_2048 SIGN_VERIFY key — Sign with MessageType DIGEST is
// RSASSA-PKCS1-v1_5 over the DigestInfo of the digest it is given (RFC 8017 §9.2), made here with the
// raw private-key operation, not with node's sign() (which would hash again). And throwaway
// certificates made by openssl, the independent referee.
import { GetPublicKeyCommand, SignCommand, type KMSClient } from '@aws-sdk/client-kms';
import type { AwsClientStub } from 'aws-sdk-client-mock';
import { execFileSync } from 'node:child_process';
import { constants, createPrivateKey, createPublicKey, privateEncrypt, type KeyObject } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** DER prefix of DigestInfo { sha256, OCTET STRING (32) }. */
const SHA256_DIGEST_INFO = Buffer.from('3031300d060960864801650304020105000420', 'hex');

export const TEST_KEY_ARN =
  'arn:aws:kms:ap-northeast-1:123456789012:key/0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b';

export type KmsMock = AwsClientStub<KMSClient>;

/** Makes the mocked KMS answer for `privateKey` (an RSA key) under any key id. */
export function kmsBackedBy(kms: KmsMock, privateKey: KeyObject): void {
  kms.on(SignCommand).callsFake((input: { KeyId?: string; Message?: Uint8Array; MessageType?: string }) => {
    if (input.MessageType !== 'DIGEST' || input.Message?.length !== 32) {
      throw Object.assign(new Error('Digest is invalid length for algorithm RSASSA_PKCS1_V1_5_SHA_256.'), {
        name: 'ValidationException',
      });
    }
    const signature = privateEncrypt(
      { key: privateKey, padding: constants.RSA_PKCS1_PADDING },
      Buffer.concat([SHA256_DIGEST_INFO, Buffer.from(input.Message)]),
    );
    return {
      KeyId: input.KeyId,
      Signature: new Uint8Array(signature),
      SigningAlgorithm: 'RSASSA_PKCS1_V1_5_SHA_256',
    };
  });
  kms.on(GetPublicKeyCommand).callsFake((input: { KeyId?: string }) => ({
    KeyId: input.KeyId,
    KeySpec: 'RSA_2048',
    KeyUsage: 'SIGN_VERIFY',
    SigningAlgorithms: ['RSASSA_PKCS1_V1_5_SHA_256', 'RSASSA_PSS_SHA_256'],
    PublicKey: new Uint8Array(createPublicKey(privateKey).export({ format: 'der', type: 'spki' })),
  }));
}

export interface TestPki {
  readonly dir: string;
  /** A root CA (self-signed) and its key. */
  readonly caPem: string;
  /** The sealing certificate, issued by the root for `leafKey`. */
  readonly leafPem: string;
  readonly leafKey: KeyObject;
  /** A key no certificate here is for. */
  readonly otherKey: KeyObject;
}

const openssl = (dir: string, args: string[]) =>
  execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });

/** A root CA and a sealing certificate issued by it (RSA 2048, valid from now for 30 days). */
export function makeTestPki(dir: string): TestPki {
  openssl(dir, [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-subj',
    '/O=SignSeal Test/CN=SignSeal Test Root',
    '-days',
    '30',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  ]);
  openssl(dir, ['genpkey', '-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:2048', '-out', 'leaf.key']);
  openssl(dir, ['genpkey', '-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:2048', '-out', 'other.key']);
  openssl(dir, [
    'req',
    '-new',
    '-key',
    'leaf.key',
    '-subj',
    '/O=SignSeal Test/CN=SignSeal Test Sealing',
    '-out',
    'leaf.csr',
  ]);
  writeFileSync(
    join(dir, 'leaf.ext'),
    'basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature,nonRepudiation\n',
  );
  openssl(dir, [
    'x509',
    '-req',
    '-in',
    'leaf.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-set_serial',
    '4660',
    '-days',
    '30',
    '-extfile',
    'leaf.ext',
    '-out',
    'leaf.pem',
  ]);
  const read = (name: string) => readFileSync(join(dir, name), 'utf8');
  return {
    dir,
    caPem: read('ca.pem'),
    leafPem: read('leaf.pem'),
    leafKey: createPrivateKey(read('leaf.key')),
    otherKey: createPrivateKey(read('other.key')),
  };
}

/** DER of the one certificate in `pem`. */
export const derOf = (pem: string): Buffer =>
  Buffer.from(pem.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, ''), 'base64');
