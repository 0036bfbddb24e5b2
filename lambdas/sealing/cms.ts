// The CMS signatures inside the sealed PDF, built here rather than by @signpdf/signer-p12: node's
// crypto hashes and signs (signer-p12 hashes with forge, tens of MB/s in JavaScript, and re-derives
// the PKCS#12 keys on every call), and the signed attributes carry signing-certificate-v2, which
// PAdES B-B requires of an ETSI.CAdES.detached signature. forge only writes the ASN.1 (./der.ts).
// Issue #30: the key signs through `SealingKey` (a PKCS#12 key here, AWS KMS when deployed), the
// SignerInfo may carry unsigned attributes (the signature timestamp), and the same builder signs an
// encapsulated content (a TSTInfo, for the local timestamp authority).
import { createHash, createPrivateKey, sign, type KeyObject } from 'node:crypto';
import forge from './forge';
import {
  algorithm,
  asn1,
  Class,
  der,
  derSetOf,
  fromDer,
  issuerAndSerial,
  int,
  octets,
  oid,
  OID,
  seq,
  set,
  tagged,
  tbsFields,
  type Asn1,
} from './der';
import { SealError } from './errors';
import type { SealingKey, ServiceSigner } from './types';

interface Identity {
  readonly key: KeyObject;
  readonly certificate: forge.pki.Certificate;
  readonly certificateDer: Buffer;
  /** The bundle's certificates: the key's first, then the others as the bundle lists them. */
  readonly chain: readonly Buffer[];
  readonly commonName: string;
}

// Opening a PKCS#12 bundle costs a key derivation in JavaScript: once per bundle per process.
const identities = new WeakMap<Uint8Array, { passphrase: string; identity: Identity }>();

export function identityOf(signer: ServiceSigner): Identity {
  const cached = identities.get(signer.p12);
  if (cached?.passphrase === signer.passphrase) return cached.identity;
  let identity: Identity;
  try {
    const parsed = forge.asn1.fromDer(forge.util.createBuffer(Buffer.from(signer.p12).toString('binary')));
    const p12 = forge.pkcs12.pkcs12FromAsn1(parsed, false, signer.passphrase);
    const certBag = forge.pki.oids.certBag as string;
    const keyBag = forge.pki.oids.pkcs8ShroudedKeyBag as string;
    const certificates = (p12.getBags({ bagType: certBag })[certBag] ?? []).flatMap((bag) =>
      bag.cert ? [bag.cert] : [],
    );
    const privateKey = p12.getBags({ bagType: keyBag })[keyBag]?.[0]?.key;
    if (certificates.length === 0 || !privateKey) throw new Error('the bundle lacks a certificate or a key');
    const key = createPrivateKey(forge.pki.privateKeyToPem(privateKey));
    // The key's own certificate is the one whose public key is the key's.
    const publicPem = forge.pki.publicKeyToPem(forge.pki.setRsaPublicKey(privateKey.n, privateKey.e));
    const own = certificates.find((c) => forge.pki.publicKeyToPem(c.publicKey) === publicPem);
    if (!own) throw new Error('no certificate of the bundle is for its key');
    const derOf = (c: forge.pki.Certificate) => der(forge.pki.certificateToAsn1(c));
    const cn = own.subject.getField('CN') as { value?: string } | null;
    identity = {
      key,
      certificate: own,
      certificateDer: derOf(own),
      chain: [derOf(own), ...certificates.filter((c) => c !== own).map(derOf)],
      commonName: cn?.value ?? 'SignSeal',
    };
  } catch (error) {
    throw new SealError('bad_signer', 'the service signer bundle could not be opened', { cause: error });
  }
  identities.set(signer.p12, { passphrase: signer.passphrase, identity });
  return identity;
}

const keys = new WeakMap<Identity, SealingKey>();

/** The signing key of a PKCS#12 bundle, or the key as it is (KMS: lambdas/adapters/kms-signer.ts). */
export function sealingKeyOf(signer: ServiceSigner | SealingKey): SealingKey {
  if ('sign' in signer) return signer;
  const identity = identityOf(signer);
  let key = keys.get(identity);
  if (!key) {
    key = {
      chain: identity.chain,
      sign: (data) => Promise.resolve(sign('sha256', data, identity.key)),
    };
    keys.set(identity, key);
  }
  return key;
}

/** The common name of the signing certificate (the signature's /Name). */
export function commonNameOf(key: SealingKey): string {
  const certificate = forge.pki.certificateFromAsn1(fromDer(key.chain[0]!));
  const cn = certificate.subject.getField('CN') as { value?: string } | null;
  return cn?.value ?? 'SignSeal';
}

export interface SignedDataOptions {
  /** SHA-256 of the content (detached) or of `content`'s bytes (encapsulated). */
  readonly digest: Uint8Array;
  /** The content's type; `data` by default. */
  readonly contentType?: string;
  /** Encapsulated content (a DER TSTInfo): absent for a detached signature. */
  readonly content?: Uint8Array;
  /** Signed attributes besides contentType, messageDigest and signing-certificate-v2. */
  readonly signedAttributes?: readonly Asn1[];
  /** SignerInfo's unsigned attributes (the signature timestamp). */
  readonly unsignedAttributes?: readonly Asn1[];
  /** Certificates written into the SignedData: the key's chain when absent, none (no field) when empty. */
  readonly certificates?: readonly Uint8Array[];
}

/** An Attribute { type, SET OF value }. */
export const attribute = (type: string, value: Asn1): Asn1 => seq([oid(type), set([value])]);

/** A signed CMS whose unsigned attributes may still be added: the signature is made once. */
export interface SignedCms {
  /** The SignerInfo's signature value (what a signature timestamp covers). */
  readonly signature: Buffer;
  /** The DER ContentInfo, with these unsigned attributes in its SignerInfo. */
  encode(unsignedAttributes?: readonly Asn1[]): Buffer;
}

/**
 * A CMS SignedData (RSA PKCS#1 v1.5, SHA-256), one SignerInfo identified by issuer and serial, with
 * signing-certificate-v2 among its signed attributes (CAdES/PAdES B-B, RFC 3161 §2.4.2).
 */
export async function signedData(key: SealingKey, options: SignedDataOptions): Promise<SignedCms> {
  const certificate = fromDer(key.chain[0]!);
  const certHash = createHash('sha256').update(key.chain[0]!).digest();
  const [serial, , issuer] = tbsFields(certificate);
  // SigningCertificateV2 { certs: [ESSCertIDv2 { certHash, issuerSerial { [4] issuer, serial } }] };
  // the hash algorithm is sha256, the default, so it is omitted.
  const essCertId = seq([octets(certHash), seq([seq([tagged(4, issuer!)]), serial!])]);
  const contentType = options.contentType ?? OID.data;
  const signedAttributes = derSetOf([
    attribute(OID.contentType, oid(contentType)),
    attribute(OID.messageDigest, octets(options.digest)),
    attribute(OID.signingCertificateV2, seq([seq([essCertId])])),
    ...(options.signedAttributes ?? []),
  ]);
  // The signature covers the attributes encoded as a SET; in SignerInfo they are [0] IMPLICIT.
  const signature = Buffer.from(await key.sign(der(set(signedAttributes))));
  const certificates = (options.certificates ?? key.chain).map((c) => fromDer(c));
  const encapsulated = options.content
    ? seq([oid(contentType), tagged(0, octets(options.content))])
    : seq([oid(contentType)]);
  const encode = (unsigned: readonly Asn1[] = []) => {
    const signerInfo = seq([
      int(1),
      issuerAndSerial(certificate),
      algorithm(OID.sha256),
      asn1.create(Class.CONTEXT_SPECIFIC, 0, true, signedAttributes),
      algorithm(OID.rsaEncryption),
      octets(signature),
      ...(unsigned.length > 0 ? [asn1.create(Class.CONTEXT_SPECIFIC, 1, true, derSetOf([...unsigned]))] : []),
    ]);
    const body = seq([
      int(contentType === OID.data ? 1 : 3), // RFC 5652 5.1: 3 when the content is not id-data
      set([algorithm(OID.sha256)]),
      encapsulated,
      // RFC 3161 2.4.1: a token asked for without certReq carries no certificates field at all.
      ...(certificates.length > 0 ? [asn1.create(Class.CONTEXT_SPECIFIC, 0, true, certificates)] : []),
      set([signerInfo]),
    ]);
    return der(seq([oid(OID.signedData), tagged(0, body)]));
  };
  return { signature, encode };
}

/** The detached CAdES signature of a PDF over content whose SHA-256 is `digest` (PAdES B-B). */
export function cadesDetached(key: SealingKey, digest: Uint8Array): Promise<SignedCms> {
  return signedData(key, { digest });
}
