// The service's sealing identity (issue #6), as JSON — in AWS the value of a Secrets Manager secret
// that the operator creates (docs/deploy.md), locally a file the local cloud generates on first start:
// - `{ "p12Base64": "...", "passphrase": "..." }`: a PKCS#12 bundle (the local cloud's form);
// - `{ "kmsKeyId": "arn:aws:kms:…", "certificateChainPem": "-----BEGIN CERTIFICATE-----…" }` (issue
//   #30): an asymmetric KMS key whose private half never leaves KMS, and the certificate issued for
//   it, then its issuers. The chain is checked (each certificate issued by the next) and the key's
//   public key compared with the certificate's once per cold start.
import { readFile } from 'node:fs/promises';
import { X509Certificate } from 'node:crypto';
import type { KMSClient } from '@aws-sdk/client-kms';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import * as z from 'zod';
import type { SealingKey, ServiceSigner } from '../sealing/types';
import { assertKmsKeyMatches, kmsClient, kmsSealingKey } from './kms-signer';
import { sdkBounds } from './sdk-bounds';

const signerJson = z.object({ p12Base64: z.string().min(100), passphrase: z.string() });

/** A key id, key ARN, alias name or alias ARN, as KMS's KeyId takes them. */
const KMS_KEY_ID =
  /^(?:arn:aws[a-z-]*:kms:[a-z0-9-]+:\d{12}:(?:key\/[0-9a-f-]{36}|key\/mrk-[0-9a-f]{32}|alias\/[\w/-]{1,250})|[0-9a-f-]{36}|mrk-[0-9a-f]{32}|alias\/[\w/-]{1,250})$/;
/** A chain is a handful of certificates; anything larger is not one. */
const MAX_CHAIN_PEM = 64_000;
const MAX_CHAIN_LENGTH = 8;

const kmsJson = z.object({ kmsKeyId: z.string(), certificateChainPem: z.string() });

/** What a sealing key's JSON names: a PKCS#12 bundle, or a KMS key with its certificate chain. */
export type SealingKeySource =
  | { readonly kind: 'p12'; readonly signer: ServiceSigner }
  | { readonly kind: 'kms'; readonly keyId: string; readonly chain: readonly Buffer[] };

function parseJson(text: string, source: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`The sealing key in ${source} is not JSON`);
  }
}

/**
 * The certificates of a PEM chain, leaf first, as DER; each must be issued (name and signature) by
 * the next, the leaf must hold an RSA key (the CMS writes rsaEncryption) and be valid at `now`.
 */
export function parseCertificateChain(pem: string, source: string, now = new Date()): Buffer[] {
  const where = `The sealing key's certificateChainPem in ${source}`;
  if (pem.length > MAX_CHAIN_PEM) throw new Error(`${where} is over ${MAX_CHAIN_PEM} characters`);
  const blocks = [...pem.matchAll(/-----BEGIN CERTIFICATE-----([\s\S]*?)-----END CERTIFICATE-----/g)];
  if (blocks.length === 0) throw new Error(`${where} holds no -----BEGIN CERTIFICATE----- block`);
  if (blocks.length > MAX_CHAIN_LENGTH) {
    throw new Error(`${where} holds ${blocks.length} certificates (at most ${MAX_CHAIN_LENGTH})`);
  }
  const certificates = blocks.map((block, i) => {
    const body = block[1]!.replace(/\s+/g, '');
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(body)) throw new Error(`${where}: certificate ${i + 1} is not base64`);
    try {
      return new X509Certificate(Buffer.from(body, 'base64'));
    } catch {
      throw new Error(`${where}: certificate ${i + 1} does not parse as X.509`);
    }
  });
  for (let i = 0; i + 1 < certificates.length; i += 1) {
    const [child, parent] = [certificates[i]!, certificates[i + 1]!];
    if (!child.checkIssued(parent) || !child.verify(parent.publicKey)) {
      throw new Error(
        `${where}: certificate ${i + 2} (${parent.subject.replace(/\n/g, ', ')}) did not issue certificate ${i + 1} (${child.subject.replace(/\n/g, ', ')}); give the sealing certificate first, then each issuer`,
      );
    }
  }
  const leaf = certificates[0]!;
  if (leaf.publicKey.asymmetricKeyType !== 'rsa') {
    throw new Error(`${where}: the first certificate's key is ${leaf.publicKey.asymmetricKeyType}, not RSA`);
  }
  if (
    new Date(leaf.validTo).getTime() < now.getTime() ||
    new Date(leaf.validFrom).getTime() > now.getTime()
  ) {
    throw new Error(
      `${where}: the first certificate is not valid now (${leaf.validFrom} to ${leaf.validTo})`,
    );
  }
  return certificates.map((c) => c.raw);
}

/** Reads either form of the sealing key's JSON; says which key is missing or wrong. */
export function parseSealingKey(text: string, source: string, now = new Date()): SealingKeySource {
  const value = parseJson(text, source);
  const kms = kmsJson.safeParse(value);
  if (kms.success) {
    if (!KMS_KEY_ID.test(kms.data.kmsKeyId)) {
      throw new Error(
        `The sealing key's kmsKeyId in ${source} is not a KMS key id, key ARN or alias (arn:aws:kms:<region>:<account>:key/<id>)`,
      );
    }
    return {
      kind: 'kms',
      keyId: kms.data.kmsKeyId,
      chain: parseCertificateChain(kms.data.certificateChainPem, source, now),
    };
  }
  if (value && typeof value === 'object' && ('kmsKeyId' in value || 'certificateChainPem' in value)) {
    throw new Error(`The sealing key in ${source} needs both kmsKeyId and certificateChainPem as strings`);
  }
  const parsed = signerJson.safeParse(value);
  if (!parsed.success) {
    throw new Error(
      `The sealing key in ${source} lacks p12Base64 and passphrase (or kmsKeyId and certificateChainPem)`,
    );
  }
  return {
    kind: 'p12',
    signer: {
      p12: new Uint8Array(Buffer.from(parsed.data.p12Base64, 'base64')),
      passphrase: parsed.data.passphrase,
    },
  };
}

/** A PKCS#12 sealing key file (the local cloud's, local/trust/ca.ts); a KMS key is refused here. */
export function parseServiceSigner(text: string, source: string): ServiceSigner {
  const key = parseSealingKey(text, source);
  if (key.kind !== 'p12') throw new Error(`The sealing key in ${source} is not a PKCS#12 bundle`);
  return key.signer;
}

export function serializeServiceSigner(signer: ServiceSigner): string {
  return JSON.stringify({
    p12Base64: Buffer.from(signer.p12).toString('base64'),
    passphrase: signer.passphrase,
  });
}

/** The signer a source names; a KMS key is checked against its certificate first. */
export async function sealingKeyFrom(
  source: SealingKeySource,
  kms: KMSClient = kmsClient(),
): Promise<ServiceSigner | SealingKey> {
  if (source.kind === 'p12') return source.signer;
  await assertKmsKeyMatches(source.keyId, source.chain[0]!, kms);
  return kmsSealingKey({ keyId: source.keyId, chain: source.chain, client: kms });
}

/** Loads the signer once per process from a file (local) or a secret (AWS). */
export function serviceSignerLoader(source: {
  file?: string;
  secretId?: string;
  /** Tests: the clients to use. */
  secrets?: SecretsManagerClient;
  kms?: KMSClient;
}): () => Promise<ServiceSigner | SealingKey> {
  let cached: Promise<ServiceSigner | SealingKey> | undefined;
  return () => {
    cached ??= (async () => {
      if (source.file) {
        return sealingKeyFrom(parseSealingKey(await readFile(source.file, 'utf8'), source.file), source.kms);
      }
      if (source.secretId) {
        const res = await (source.secrets ?? new SecretsManagerClient(sdkBounds())).send(
          new GetSecretValueCommand({ SecretId: source.secretId }),
        );
        if (!res.SecretString) throw new Error('The sealing key secret has no string value');
        return sealingKeyFrom(parseSealingKey(res.SecretString, 'the sealing key secret'), source.kms);
      }
      throw new Error('No sealing key configured (SEAL_SIGNER_FILE or SEAL_SIGNER_SECRET_ID)');
    })();
    cached.catch(() => {
      cached = undefined;
    });
    return cached;
  };
}
