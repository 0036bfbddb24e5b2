// `npm run kms-csr -- --key <key ARN or alias> --subject "/C=JP/O=Example KK/CN=Example KK sealing"`
// (issue #30, docs/deploy.md "Long-term evidence"): a PKCS#10 certificate request for the sealing key
// in AWS KMS, signed by KMS itself — the private key never leaves KMS. The operator sends it to a CA
// of their choice (an AATL or EUTL CA, for a signature PDF readers show as trusted); the certificate
// that comes back, with its issuers, goes into the sealing secret as certificateChainPem.
import { createPublicKey, verify } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { KMSClient } from '@aws-sdk/client-kms';
import { kmsPublicKey, kmsSign } from '../lambdas/adapters/kms-signer';
import { sdkBounds } from '../lambdas/adapters/sdk-bounds';
import {
  algorithm,
  asn1,
  bool,
  Class,
  der,
  fromDer,
  int,
  octets,
  oid,
  OID,
  seq,
  set,
  Type,
  type Asn1,
} from '../lambdas/sealing/der';

/** The attribute types a subject may name, openssl's short names (and the eIDAS seal's two). */
const NAME_TYPES: Record<string, { oid: string; type: number }> = {
  C: { oid: '2.5.4.6', type: Type.PRINTABLESTRING },
  ST: { oid: '2.5.4.8', type: Type.UTF8 },
  L: { oid: '2.5.4.7', type: Type.UTF8 },
  O: { oid: '2.5.4.10', type: Type.UTF8 },
  OU: { oid: '2.5.4.11', type: Type.UTF8 },
  CN: { oid: '2.5.4.3', type: Type.UTF8 },
  serialNumber: { oid: '2.5.4.5', type: Type.PRINTABLESTRING },
  organizationIdentifier: { oid: '2.5.4.97', type: Type.UTF8 },
  emailAddress: { oid: '1.2.840.113549.1.9.1', type: Type.IA5STRING },
};
const EXTENSION_REQUEST = '1.2.840.113549.1.9.14';
const KEY_USAGE = '2.5.29.15';

/** One attribute of a subject, e.g. `O=Example KK`. */
export interface NameEntry {
  readonly type: string;
  readonly value: string;
}

/** openssl's `-subj` form: `/type=value/type=value`, a `/` inside a value written `\/`. */
export function parseSubject(text: string): NameEntry[] {
  if (!text.startsWith('/'))
    throw new Error('--subject must look like /C=JP/O=Example KK/CN=Example KK sealing');
  const parts = text
    .slice(1)
    .split(/(?<!\\)\//)
    .map((part) => part.replace(/\\\//g, '/'));
  const entries = parts.map((part) => {
    const at = part.indexOf('=');
    const type = part.slice(0, at);
    const value = part.slice(at + 1);
    if (at < 1 || !NAME_TYPES[type]) {
      throw new Error(`--subject: "${part}" is not one of ${Object.keys(NAME_TYPES).join(', ')} = value`);
    }
    if (value.length === 0 || value.length > 128)
      throw new Error(`--subject: ${type} must be 1 to 128 characters`);
    if (type === 'C' && !/^[A-Z]{2}$/.test(value))
      throw new Error('--subject: C must be two capital letters (JP)');
    if (NAME_TYPES[type]!.type === Type.PRINTABLESTRING && !/^[A-Za-z0-9 '()+,\-./:=?]+$/.test(value)) {
      throw new Error(`--subject: ${type} holds characters a PrintableString cannot`);
    }
    if (type === 'emailAddress' && !/^[\x21-\x7e]+@[\x21-\x7e]+$/.test(value)) {
      throw new Error('--subject: emailAddress must be an ASCII e-mail address');
    }
    return { type, value };
  });
  if (!entries.some((e) => e.type === 'CN')) throw new Error('--subject needs a CN');
  return entries;
}

/** A Name: one RDN (a SET of one AttributeTypeAndValue) per entry, in the order given. */
function name(entries: readonly NameEntry[]): Asn1 {
  return seq(
    entries.map(({ type, value }) => {
      const { oid: id, type: stringType } = NAME_TYPES[type]!;
      const bytes = stringType === Type.UTF8 ? Buffer.from(value, 'utf8').toString('binary') : value;
      return set([seq([oid(id), asn1.create(Class.UNIVERSAL, stringType, false, bytes)])]);
    }),
  );
}

/** A BIT STRING of `bytes` with `unused` trailing bits. */
const bitString = (bytes: Uint8Array, unused = 0): Asn1 =>
  asn1.create(
    Class.UNIVERSAL,
    Type.BITSTRING,
    false,
    String.fromCharCode(unused) + Buffer.from(bytes).toString('binary'),
  );

/**
 * The request: CertificationRequestInfo { v1, subject, the KMS key's SubjectPublicKeyInfo, [0] an
 * extensionRequest for keyUsage digitalSignature + nonRepudiation (critical) }, signed by KMS with
 * sha256WithRSAEncryption, the signature checked with the public key before it is returned (PEM).
 */
export async function kmsCsr(options: {
  keyId: string;
  subject: readonly NameEntry[];
  client?: KMSClient;
}): Promise<string> {
  const client = options.client ?? new KMSClient({ ...sdkBounds(), region: regionOfArn(options.keyId) });
  const spki = await kmsPublicKey(options.keyId, client);
  // keyUsage: digitalSignature (bit 0) and nonRepudiation (bit 1) → 0b11000000, 6 unused bits.
  const keyUsage = seq([oid(KEY_USAGE), bool(true), octets(der(bitString(Uint8Array.of(0xc0), 6)))]);
  const info = seq([
    int(0),
    name(options.subject),
    fromDer(spki),
    asn1.create(Class.CONTEXT_SPECIFIC, 0, true, [seq([oid(EXTENSION_REQUEST), set([seq([keyUsage])])])]),
  ]);
  const infoDer = der(info);
  const signature = await kmsSign(options.keyId, infoDer, client);
  const publicKey = createPublicKey({ key: spki, format: 'der', type: 'spki' });
  if (!verify('sha256', infoDer, publicKey, signature)) {
    throw new Error(`KMS key ${options.keyId} made a signature its own public key does not verify`);
  }
  const request = der(seq([info, algorithm(OID.sha256WithRSAEncryption), bitString(signature)]));
  const body = request.toString('base64').replace(/.{1,64}/g, '$&\n');
  return `-----BEGIN CERTIFICATE REQUEST-----\n${body}-----END CERTIFICATE REQUEST-----\n`;
}

/** The region of a key or alias ARN; undefined for a bare id (the SDK's default region then). */
export function regionOfArn(keyId: string): string | undefined {
  return /^arn:aws[a-z-]*:kms:([a-z0-9-]+):/.exec(keyId)?.[1];
}

const USAGE =
  'usage: npm run kms-csr -- --key <key ARN, id or alias/...> --subject "/C=JP/O=Example KK/CN=Example KK sealing" [--out seal.csr]';

async function main(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: { key: { type: 'string' }, subject: { type: 'string' }, out: { type: 'string' } },
  });
  if (!values.key || !values.subject) throw new Error(USAGE);
  const pem = await kmsCsr({ keyId: values.key, subject: parseSubject(values.subject) });
  if (values.out) {
    writeFileSync(values.out, pem);
    console.error(
      `kms-csr: wrote ${values.out}; check it with: openssl req -in ${values.out} -verify -noout -text`,
    );
  } else {
    process.stdout.write(pem);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(`kms-csr: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
