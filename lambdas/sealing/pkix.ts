// Reading the X.509 and CMS pieces that RFC 3161 tokens and OCSP responses carry (issue #30), shared by
// ./rfc3161.ts and ./ocsp.ts: forge's ASN.1 reader (./der.ts) walks the structures, node's crypto
// checks the signatures (X509Certificate, verify). Pure: no I/O, no clock of its own.
import { createHash, verify, X509Certificate, type KeyObject } from 'node:crypto';
import { bytesOf, childrenOf, Class, der, fromDer, oidOf, OID, tbsFields, Type, type Asn1 } from './der';

/** A malformed or unexpected structure; the callers turn it into their SealError. */
export class PkixError extends Error {
  override readonly name = 'PkixError';
}

export const fail = (message: string): never => {
  throw new PkixError(message);
};

/** Parses DER, turning forge's errors into a PkixError naming `what`. */
export function parse(bytes: Uint8Array, what: string): Asn1 {
  try {
    return fromDer(bytes);
  } catch (error) {
    throw new PkixError(`${what} is not DER (${(error as Error).message})`);
  }
}

/** The i-th child of a constructed node, failing with `what` when absent or primitive parent. */
export function child(node: Asn1 | undefined, index: number, what: string): Asn1 {
  const value = node && Array.isArray(node.value) ? node.value[index] : undefined;
  return value ?? fail(`${what} is missing`);
}

/** A constructed node's children, failing with `what` when `node` is absent or primitive. */
export function kids(node: Asn1 | undefined, what: string): Asn1[] {
  if (!node || !Array.isArray(node.value)) return fail(`${what} is not a structure`);
  return childrenOf(node);
}

export const isUniversal = (node: Asn1 | undefined, type: number): boolean =>
  node?.tagClass === Class.UNIVERSAL && node.type === type;
export const isContext = (node: Asn1 | undefined, tag: number): boolean =>
  node?.tagClass === Class.CONTEXT_SPECIFIC && node.type === tag;

export function expectType(node: Asn1 | undefined, type: number, what: string): Asn1 {
  return node && isUniversal(node, type) ? node : fail(`${what} has the wrong type`);
}

export function oidValue(node: Asn1 | undefined, what: string): string {
  return oidOf(expectType(node, Type.OID, what));
}

/** An INTEGER's magnitude as big-endian bytes without leading zeros (serials, nonces; never negative here). */
export function integerBytes(node: Asn1 | undefined, what: string): Buffer {
  const bytes = bytesOf(expectType(node, Type.INTEGER, what));
  if (bytes.length === 0) return fail(`${what} is empty`);
  return stripZeros(bytes);
}

/** A small non-negative INTEGER (a version, a status) as a number. */
export function smallInteger(node: Asn1 | undefined, what: string): number {
  const raw = bytesOf(expectType(node, Type.INTEGER, what));
  if (raw.length === 0 || raw.length > 4 || raw[0]! >= 0x80) return fail(`${what} is out of range`);
  return raw.readUIntBE(0, raw.length);
}

export function stripZeros(bytes: Uint8Array): Buffer {
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start += 1;
  return Buffer.from(bytes.subarray(start));
}

/** An OCTET STRING's bytes (a constructed, BER one joined). */
export function octetBytes(node: Asn1 | undefined, what: string): Buffer {
  const n = expectType(node, Type.OCTETSTRING, what);
  return Array.isArray(n.value) ? Buffer.concat(n.value.map((part) => octetBytes(part, what))) : bytesOf(n);
}

/** A BIT STRING's bytes past its unused-bits octet (which must be 0: whole bytes only). */
export function bitStringBytes(node: Asn1 | undefined, what: string): Buffer {
  const n = expectType(node, Type.BITSTRING, what);
  const raw = (n as Asn1 & { bitStringContents?: string }).bitStringContents;
  const contents = raw === undefined ? der(n).subarray(2) : Buffer.from(raw, 'binary');
  if (contents.length === 0 || contents[0] !== 0) return fail(`${what} is not whole bytes`);
  return contents.subarray(1);
}

const TIME = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(?:\.(\d{1,9}))?Z$/;
const UTC_TIME = /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})Z$/;

/** A GeneralizedTime (UTC, optional fraction) or UTCTime as a Date. */
export function timeValue(node: Asn1 | undefined, what: string): Date {
  const text = node && typeof node.value === 'string' ? node.value : '';
  let m: RegExpExecArray | null = null;
  let year = 0;
  if (isUniversal(node, Type.GENERALIZEDTIME) && (m = TIME.exec(text))) year = Number(m[1]);
  else if (isUniversal(node, Type.UTCTIME) && (m = UTC_TIME.exec(text))) {
    year = Number(m[1]);
    year += year < 50 ? 2000 : 1900;
  }
  if (!m) return fail(`${what} is not a UTC time`);
  const fraction = m[7] ? Number(`0.${m[7]}`) * 1000 : 0;
  const ms = Date.UTC(year, Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]));
  const date = new Date(ms + Math.floor(fraction));
  // Date.UTC rolls 13th months and 61st seconds over: refuse them instead.
  if (Number.isNaN(ms) || date.getUTCMonth() !== Number(m[2]) - 1 || date.getUTCSeconds() !== Number(m[6]))
    return fail(`${what} is not a valid time`);
  return date;
}

const HASHES: Record<string, string> = {
  [OID.sha1]: 'sha1',
  [OID.sha256]: 'sha256',
  '2.16.840.1.101.3.4.2.2': 'sha384',
  '2.16.840.1.101.3.4.2.3': 'sha512',
};

/** node's name of a digest algorithm, or undefined for one we do not compute. */
export const hashNameOf = (oid: string): string | undefined => HASHES[oid];

export const digest = (name: string, data: Uint8Array): Buffer => createHash(name).update(data).digest();

/** Signature algorithms accepted: RSA PKCS#1 v1.5 and ECDSA, with SHA-256 or longer. SHA-1 signatures
 *  and RSA-PSS are refused. `hash` undefined: the digest algorithm named beside it (CMS). */
const SIGNATURES: Record<string, { key: 'rsa' | 'ec'; hash?: string }> = {
  [OID.rsaEncryption]: { key: 'rsa' },
  [OID.sha256WithRSAEncryption]: { key: 'rsa', hash: 'sha256' },
  '1.2.840.113549.1.1.12': { key: 'rsa', hash: 'sha384' },
  '1.2.840.113549.1.1.13': { key: 'rsa', hash: 'sha512' },
  '1.2.840.10045.4.3.2': { key: 'ec', hash: 'sha256' },
  '1.2.840.10045.4.3.3': { key: 'ec', hash: 'sha384' },
  '1.2.840.10045.4.3.4': { key: 'ec', hash: 'sha512' },
};

/** Whether `signature` over `data` verifies with `key` under the AlgorithmIdentifier `algorithm`
 *  (`digestName`: the CMS digest algorithm, for a bare rsaEncryption). */
export function signatureValid(
  algorithm: Asn1 | undefined,
  data: Uint8Array,
  signature: Uint8Array,
  key: KeyObject,
  digestName?: string,
): boolean {
  const scheme =
    SIGNATURES[oidValue(child(algorithm, 0, 'the signature algorithm'), 'the signature algorithm')];
  const hash = scheme?.hash ?? digestName;
  if (!scheme || !hash || hash === 'sha1' || key.asymmetricKeyType !== scheme.key) return false;
  try {
    return verify(hash, data, key, signature);
  } catch {
    return false;
  }
}

/** One certificate, as read from its DER. */
export interface Certificate {
  readonly der: Buffer;
  readonly x509: X509Certificate;
  /** The serial's magnitude (no sign octet). */
  readonly serial: Buffer;
  readonly issuerDer: Buffer;
  readonly subjectDer: Buffer;
  /** subjectPublicKey's bytes (what an OCSP CertID's issuerKeyHash hashes). */
  readonly publicKeyBits: Buffer;
  readonly notBefore: Date;
  readonly notAfter: Date;
  readonly extensions: ReadonlyMap<string, { readonly critical: boolean; readonly value: Buffer }>;
}

export function certificateOf(bytes: Uint8Array, what = 'a certificate'): Certificate {
  const node = parse(bytes, what);
  const fields = tbsFields(node);
  const [serial, , issuer, validity, subject, spki] = fields;
  const explicit = fields.slice(6).find((f) => isContext(f, 3));
  const extensions = extensionMap(explicit ? child(explicit, 0, 'extensions') : undefined);
  let x509: X509Certificate;
  try {
    x509 = new X509Certificate(Buffer.from(bytes));
  } catch (error) {
    return fail(`${what} does not open (${(error as Error).message})`);
  }
  return {
    der: Buffer.from(bytes),
    x509,
    serial: integerBytes(serial, 'the serial number'),
    issuerDer: der(issuer ?? fail('the issuer is missing')),
    subjectDer: der(subject ?? fail('the subject is missing')),
    publicKeyBits: bitStringBytes(child(spki, 1, 'the public key'), 'the public key'),
    notBefore: timeValue(child(validity, 0, 'notBefore'), 'notBefore'),
    notAfter: timeValue(child(validity, 1, 'notAfter'), 'notAfter'),
    extensions,
  };
}

/** The certificate's extended key usage purposes and whether the extension is critical. */
export function extendedKeyUsage(
  certificate: Certificate,
): { critical: boolean; purposes: string[] } | undefined {
  const extension = certificate.extensions.get('2.5.29.37');
  if (!extension) return undefined;
  const purposes = kids(parse(extension.value, 'extKeyUsage'), 'extKeyUsage').map((p) =>
    oidValue(p, 'a key purpose'),
  );
  return { critical: extension.critical, purposes };
}

/** keyUsage's bits (bit 0 = digitalSignature first), or undefined without the extension. */
export function keyUsageBits(certificate: Certificate): number[] | undefined {
  const extension = certificate.extensions.get('2.5.29.15');
  if (!extension) return undefined;
  const node = parse(extension.value, 'keyUsage');
  const raw = Buffer.from(
    (node as Asn1 & { bitStringContents?: string }).bitStringContents ?? (node.value as string),
    'binary',
  );
  const bits: number[] = [];
  for (let i = 0; i < (raw.length - 1) * 8; i += 1) if (raw[1 + (i >> 3)]! & (0x80 >> (i & 7))) bits.push(i);
  return bits;
}

const COMMON_NAME = '2.5.4.3';

/** The text of a Name's attribute values of type `type` (a CN), else undefined. */
export function nameAttribute(name: Asn1, type = COMMON_NAME): string | undefined {
  for (const rdn of kids(name, 'a name'))
    for (const attr of kids(rdn, 'a name')) {
      const [id, value] = kids(attr, 'a name attribute');
      if (id && value && oidOf(id) === type && typeof value.value === 'string')
        return value.type === Type.BMPSTRING
          ? value.value
          : Buffer.from(value.value, 'binary').toString('utf8');
    }
  return undefined;
}

/** The certificate's subject common name. */
export const commonNameOf = (certificate: Certificate): string | undefined =>
  nameAttribute(parse(certificate.subjectDer, 'the subject'));

/** A GeneralName as text: a directory name's CN (or its DER in hex), a DNS name, a URI, an e-mail. */
export function generalNameText(node: Asn1): string {
  if (isContext(node, 4) && Array.isArray(node.value) && node.value[0]) {
    return nameAttribute(node.value[0]) ?? der(node.value[0]).toString('hex');
  }
  if (typeof node.value === 'string' && [1, 2, 6].includes(node.type)) return node.value;
  return der(node).toString('hex');
}

/** Whether `certificate` was issued by `issuer`: its issuer name is the issuer's subject and the
 *  issuer's key verifies its signature. */
export function issuedBy(certificate: Certificate, issuer: Certificate): boolean {
  return certificate.issuerDer.equals(issuer.subjectDer) && certificate.x509.verify(issuer.x509.publicKey);
}

export const within = (certificate: Certificate, at: Date): boolean =>
  certificate.notBefore.getTime() <= at.getTime() && at.getTime() <= certificate.notAfter.getTime();

/** An Extensions SEQUENCE as a map of id → { critical, extnValue bytes }. */
export function extensionMap(node: Asn1 | undefined): Map<string, { critical: boolean; value: Buffer }> {
  const out = new Map<string, { critical: boolean; value: Buffer }>();
  for (const extension of node ? kids(node, 'extensions') : []) {
    const parts = kids(extension, 'an extension');
    out.set(oidValue(parts[0], 'an extension id'), {
      critical: isUniversal(parts[1], Type.BOOLEAN) && parts[1]!.value !== '\x00',
      value: octetBytes(parts[parts.length - 1], 'an extension value'),
    });
  }
  return out;
}
