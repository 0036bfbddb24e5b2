// DER building blocks over forge's ASN.1 writer, shared by the CMS signature (./cms.ts), the RFC 3161
// and OCSP messages (issue #30) and the local trust services (local/trust/). forge only writes and
// reads the structures; node's crypto hashes and signs.
import forge from './forge';

export const { asn1 } = forge;
export const { Class, Type } = asn1;
export type Asn1 = forge.asn1.Asn1;

/** The object identifiers this project writes or reads. */
export const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  tstInfo: '1.2.840.113549.1.9.16.1.4',
  sha1: '1.3.14.3.2.26',
  sha256: '2.16.840.1.101.3.4.2.1',
  rsaEncryption: '1.2.840.113549.1.1.1',
  sha256WithRSAEncryption: '1.2.840.113549.1.1.11',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  signatureTimeStampToken: '1.2.840.113549.1.9.16.2.14',
  ocspBasic: '1.3.6.1.5.5.7.48.1.1',
  ocspNonce: '1.3.6.1.5.5.7.48.1.2',
  ocspNoCheck: '1.3.6.1.5.5.7.48.1.5',
  accessOcsp: '1.3.6.1.5.5.7.48.1',
  accessCaIssuers: '1.3.6.1.5.5.7.48.2',
  authorityInfoAccess: '1.3.6.1.5.5.7.1.1',
  timeStamping: '1.3.6.1.5.5.7.3.8',
  ocspSigning: '1.3.6.1.5.5.7.3.9',
} as const;

export const oid = (value: string): Asn1 =>
  asn1.create(Class.UNIVERSAL, Type.OID, false, encodeOid(value).toString('binary'));

/** An OBJECT IDENTIFIER's contents (X.690 8.19) from its dotted value, arcs of any size (see decodeOid). */
export function encodeOid(value: string): Buffer {
  if (!/^[0-2](\.\d+)+$/.test(value)) throw new Error(`not an OBJECT IDENTIFIER: ${value}`);
  const [a, b, ...rest] = value.split('.').map((n) => BigInt(n));
  const out: number[] = [];
  for (const arc of [a! * 40n + b!, ...rest]) {
    const groups: number[] = [];
    let v = arc;
    do {
      groups.unshift(Number(v & 0x7fn));
      v >>= 7n;
    } while (v > 0n);
    groups.forEach((g, i) => out.push(i < groups.length - 1 ? g | 0x80 : g));
  }
  return Buffer.from(out);
}
export const octets = (bytes: Uint8Array): Asn1 =>
  asn1.create(Class.UNIVERSAL, Type.OCTETSTRING, false, Buffer.from(bytes).toString('binary'));
export const seq = (items: Asn1[]): Asn1 => asn1.create(Class.UNIVERSAL, Type.SEQUENCE, true, items);
export const set = (items: Asn1[]): Asn1 => asn1.create(Class.UNIVERSAL, Type.SET, true, items);
export const int = (value: number): Asn1 =>
  asn1.create(Class.UNIVERSAL, Type.INTEGER, false, asn1.integerToDer(value).getBytes());
/** A positive INTEGER from big-endian bytes (a serial, a nonce): a leading 0 added when needed. */
export const bigInt = (bytes: Uint8Array): Asn1 => {
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0 && bytes[start + 1]! < 0x80) start += 1;
  const body = Buffer.from(bytes.subarray(start));
  const value = body[0]! >= 0x80 ? Buffer.concat([Buffer.from([0]), body]) : body;
  return asn1.create(Class.UNIVERSAL, Type.INTEGER, false, value.toString('binary'));
};
export const bool = (value: boolean): Asn1 =>
  asn1.create(Class.UNIVERSAL, Type.BOOLEAN, false, value ? '\xff' : '\x00');
export const nul = (): Asn1 => asn1.create(Class.UNIVERSAL, Type.NULL, false, '');
export const generalizedTime = (date: Date): Asn1 =>
  asn1.create(Class.UNIVERSAL, Type.GENERALIZEDTIME, false, asn1.dateToGeneralizedTime(date));
/** [n] EXPLICIT (constructed) or IMPLICIT over `value`'s contents (`implicit` true). */
export const tagged = (n: number, value: Asn1 | Asn1[], constructed = true): Asn1 =>
  asn1.create(Class.CONTEXT_SPECIFIC, n, constructed, Array.isArray(value) ? value : [value]);
export const algorithm = (id: string, params = true): Asn1 => seq(params ? [oid(id), nul()] : [oid(id)]);

/** The DER bytes of a node. */
export const der = (node: Asn1): Buffer => Buffer.from(asn1.toDer(node).getBytes(), 'binary');
/** Parses DER bytes (strict: the whole input is one value). */
export const fromDer = (bytes: Uint8Array): Asn1 =>
  asn1.fromDer(forge.util.createBuffer(Buffer.from(bytes).toString('binary')), true);
/** A primitive node's contents as bytes (an OCTET STRING, an INTEGER's two's complement). */
export const bytesOf = (node: Asn1): Buffer => Buffer.from(node.value as string, 'binary');
/** An OBJECT IDENTIFIER node's dotted value. */
export const oidOf = (node: Asn1): string => decodeOid(bytesOf(node));

/**
 * An OBJECT IDENTIFIER's dotted value from its contents (X.690 8.19), each arc a BigInt: forge's own
 * decoder stops at 53-bit arcs, and the UUID arc 2.25 (X.667, the local authority's policy) is 128.
 */
export function decodeOid(bytes: Uint8Array): string {
  const arcs: bigint[] = [];
  let value = 0n;
  for (const byte of bytes) {
    value = (value << 7n) | BigInt(byte & 0x7f);
    if (byte & 0x80) continue;
    arcs.push(value);
    value = 0n;
  }
  if (arcs.length === 0 || (bytes.length > 0 && bytes[bytes.length - 1]! & 0x80)) {
    throw new Error('a truncated OBJECT IDENTIFIER');
  }
  const first = arcs[0]!;
  const head = first < 40n ? [0n, first] : first < 80n ? [1n, first - 40n] : [2n, first - 80n];
  return [...head, ...arcs.slice(1)].join('.');
}
/** A constructed node's children (throws when the node is primitive). */
export const childrenOf = (node: Asn1): Asn1[] => {
  if (!Array.isArray(node.value)) throw new Error('expected a constructed ASN.1 value');
  return node.value;
};

/** A DER SET OF: its members sorted by their encodings (X.690 11.6). */
export function derSetOf(items: Asn1[]): Asn1[] {
  return items
    .map((item) => ({ item, bytes: der(item) }))
    .sort((a, b) => Buffer.compare(a.bytes, b.bytes))
    .map(({ item }) => item);
}

/** tbsCertificate's fields, past the optional explicit version [0]. */
export function tbsFields(certificate: Asn1): Asn1[] {
  const tbs = childrenOf(childrenOf(certificate)[0]!);
  return tbs[0]!.tagClass === Class.CONTEXT_SPECIFIC ? tbs.slice(1) : tbs;
}

/** IssuerAndSerialNumber of a certificate, as they are encoded in it. */
export function issuerAndSerial(certificate: Asn1): Asn1 {
  const [serial, , issuer] = tbsFields(certificate);
  return seq([issuer!, serial!]);
}
