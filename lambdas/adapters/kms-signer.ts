// The deployed sealing key (issue #30, architecture §22): an asymmetric AWS KMS key (RSA_2048,
// SIGN_VERIFY) whose private half never leaves KMS. The sealing module hashes what it signs (the DER
// of the CMS signed attributes); KMS signs the SHA-256 digest with RSASSA-PKCS1-v1_5, which is the
// same signature node's `sign('sha256', data, key)` makes with the key itself. The certificate the
// operator had issued for the key (`npm run kms-csr`, docs/deploy.md) is configuration: `chain`.
import { createHash, createPublicKey, verify, X509Certificate, type KeyObject } from 'node:crypto';
import { GetPublicKeyCommand, KMSClient, SignCommand } from '@aws-sdk/client-kms';
import type { SealingKey } from '../sealing/types';
import { sdkBounds } from './sdk-bounds';

/** The one algorithm the CMS builder writes (rsaEncryption with SHA-256, lambdas/sealing/cms.ts). */
export const KMS_SIGNING_ALGORITHM = 'RSASSA_PKCS1_V1_5_SHA_256';

let shared: KMSClient | undefined;
/** One client per process, with the project's bounds on a stalled call (sdk-bounds.ts). */
export function kmsClient(): KMSClient {
  shared ??= new KMSClient(sdkBounds());
  return shared;
}

/** What a failed KMS call says, without the data: the SDK error's name and message. */
const reasonOf = (error: unknown): string =>
  error instanceof Error ? `${error.name}: ${error.message}` : String(error);

export interface KmsSealingKeyOptions {
  /** Key id, key ARN, alias name or alias ARN. */
  readonly keyId: string;
  /** The key's certificate first (DER), then its issuers. */
  readonly chain: readonly Uint8Array[];
  /** @default one client per process with sdkBounds() */
  readonly client?: KMSClient;
}

/**
 * RSASSA-PKCS1-v1_5 SHA-256 over `data` by the KMS key: KMS is sent SHA-256(data) as a DIGEST (the
 * data itself never leaves the function). Errors name the key and KMS's reason, never the data.
 */
export async function kmsSign(
  keyId: string,
  data: Uint8Array,
  client: KMSClient = kmsClient(),
): Promise<Uint8Array> {
  const digest = createHash('sha256').update(data).digest();
  let signature: Uint8Array | undefined;
  try {
    const res = await client.send(
      new SignCommand({
        KeyId: keyId,
        Message: digest,
        MessageType: 'DIGEST',
        SigningAlgorithm: KMS_SIGNING_ALGORITHM,
      }),
    );
    signature = res.Signature;
  } catch (error) {
    throw new Error(`KMS key ${keyId} could not sign (${reasonOf(error)})`, { cause: error });
  }
  if (!signature || signature.length === 0) {
    throw new Error(`KMS key ${keyId} answered Sign without a signature`);
  }
  return signature;
}

/**
 * A SealingKey whose signatures KMS makes: `sign(data)` sends SHA-256(data) with MessageType DIGEST.
 * Each signature is checked against the leaf certificate's public key before it is used (a fraction
 * of a millisecond), so a key that is not the certificate's can never seal a PDF no validator accepts.
 */
export function kmsSealingKey(options: KmsSealingKeyOptions): SealingKey {
  const { keyId } = options;
  const chain = options.chain.map((c) => new Uint8Array(c));
  if (chain.length === 0) throw new Error(`The KMS sealing key ${keyId} has no certificate`);
  const leafKey: KeyObject = new X509Certificate(Buffer.from(chain[0]!)).publicKey;
  return {
    chain,
    async sign(data: Uint8Array): Promise<Uint8Array> {
      const signature = await kmsSign(keyId, data, options.client ?? kmsClient());
      if (!verify('sha256', data, leafKey, signature)) {
        throw new Error(
          `KMS key ${keyId} made a signature the sealing certificate's public key does not verify: the certificate is not this key's`,
        );
      }
      return new Uint8Array(signature);
    },
  };
}

/** The key's public half as DER SubjectPublicKeyInfo, after checking it can sign as the CMS needs. */
export async function kmsPublicKey(keyId: string, client: KMSClient = kmsClient()): Promise<Buffer> {
  let res;
  try {
    res = await client.send(new GetPublicKeyCommand({ KeyId: keyId }));
  } catch (error) {
    throw new Error(`KMS key ${keyId}: its public key could not be read (${reasonOf(error)})`, {
      cause: error,
    });
  }
  if (res.KeyUsage !== 'SIGN_VERIFY') {
    throw new Error(`KMS key ${keyId} is for ${res.KeyUsage ?? 'unknown use'}, not SIGN_VERIFY`);
  }
  if (!res.SigningAlgorithms?.includes(KMS_SIGNING_ALGORITHM)) {
    throw new Error(
      `KMS key ${keyId} (${res.KeySpec ?? 'unknown spec'}) cannot sign with ${KMS_SIGNING_ALGORITHM}: create an RSA key`,
    );
  }
  if (!res.PublicKey) throw new Error(`KMS key ${keyId} answered GetPublicKey without a public key`);
  return Buffer.from(res.PublicKey);
}

/**
 * Fails unless the KMS key's public key is the leaf certificate's: a mismatch would seal PDFs whose
 * signature no validator accepts. Called once per cold start (lambdas/adapters/service-signer.ts).
 */
export async function assertKmsKeyMatches(
  keyId: string,
  leaf: Uint8Array,
  client: KMSClient = kmsClient(),
): Promise<void> {
  const kms = createPublicKey({ key: await kmsPublicKey(keyId, client), format: 'der', type: 'spki' });
  const certificate = new X509Certificate(Buffer.from(leaf));
  const spki = (key: KeyObject) => key.export({ format: 'der', type: 'spki' });
  if (!spki(kms).equals(spki(certificate.publicKey))) {
    throw new Error(
      `KMS key ${keyId} is not the key of the sealing certificate "${certificate.subject.replace(/\n/g, ', ')}": put the certificate issued for this key (npm run kms-csr) in certificateChainPem`,
    );
  }
}
