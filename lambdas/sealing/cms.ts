// The CMS signature inside the sealed PDF, built here rather than by @signpdf/signer-p12: node's
// crypto hashes and signs (signer-p12 hashes with forge, tens of MB/s in JavaScript, and re-derives
// the PKCS#12 keys on every call), and the signed attributes carry signing-certificate-v2, which
// PAdES B-B requires of an ETSI.CAdES.detached signature. forge only writes the ASN.1.
import { createHash, createPrivateKey, sign, type KeyObject } from 'node:crypto';
import forge from './forge';
import { SealError } from './errors';
import type { ServiceSigner } from './types';

const { asn1 } = forge;
const { Class, Type } = asn1;

const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  sha256: '2.16.840.1.101.3.4.2.1',
  rsaEncryption: '1.2.840.113549.1.1.1',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
};

interface Identity {
  readonly key: KeyObject;
  readonly certificate: forge.pki.Certificate;
  readonly certificateAsn1: forge.asn1.Asn1;
  readonly certificateDer: Buffer;
  readonly commonName: string;
}

// Opening a PKCS#12 bundle costs a key derivation in JavaScript: once per bundle per process.
const identities = new WeakMap<Uint8Array, { passphrase: string; identity: Identity }>();

export function identityOf(signer: ServiceSigner): Identity {
  const cached = identities.get(signer.p12);
  if (cached?.passphrase === signer.passphrase) return cached.identity;
  let identity: Identity;
  try {
    const der = forge.asn1.fromDer(forge.util.createBuffer(Buffer.from(signer.p12).toString('binary')));
    const p12 = forge.pkcs12.pkcs12FromAsn1(der, false, signer.passphrase);
    const certBag = forge.pki.oids.certBag as string;
    const keyBag = forge.pki.oids.pkcs8ShroudedKeyBag as string;
    const certificate = p12.getBags({ bagType: certBag })[certBag]?.[0]?.cert;
    const privateKey = p12.getBags({ bagType: keyBag })[keyBag]?.[0]?.key;
    if (!certificate || !privateKey) throw new Error('the bundle lacks a certificate or a key');
    const certificateAsn1 = forge.pki.certificateToAsn1(certificate);
    const cn = certificate.subject.getField('CN') as { value?: string } | null;
    identity = {
      key: createPrivateKey(forge.pki.privateKeyToPem(privateKey)),
      certificate,
      certificateAsn1,
      certificateDer: Buffer.from(asn1.toDer(certificateAsn1).getBytes(), 'binary'),
      commonName: cn?.value ?? 'SignSeal',
    };
  } catch (error) {
    throw new SealError('bad_signer', 'the service signer bundle could not be opened', { cause: error });
  }
  identities.set(signer.p12, { passphrase: signer.passphrase, identity });
  return identity;
}

const oid = (value: string) => asn1.create(Class.UNIVERSAL, Type.OID, false, asn1.oidToDer(value).getBytes());
const octets = (bytes: Buffer) =>
  asn1.create(Class.UNIVERSAL, Type.OCTETSTRING, false, bytes.toString('binary'));
const seq = (items: forge.asn1.Asn1[]) => asn1.create(Class.UNIVERSAL, Type.SEQUENCE, true, items);
const set = (items: forge.asn1.Asn1[]) => asn1.create(Class.UNIVERSAL, Type.SET, true, items);
const int = (value: number) =>
  asn1.create(Class.UNIVERSAL, Type.INTEGER, false, asn1.integerToDer(value).getBytes());
const nul = () => asn1.create(Class.UNIVERSAL, Type.NULL, false, '');
const algorithm = (id: string) => seq([oid(id), nul()]);
const der = (node: forge.asn1.Asn1) => Buffer.from(asn1.toDer(node).getBytes(), 'binary');

/** A DER SET OF: its members sorted by their encodings (X.690 11.6), as the signature covers it. */
function derSetOf(items: forge.asn1.Asn1[]): forge.asn1.Asn1[] {
  return items
    .map((item) => ({ item, bytes: der(item) }))
    .sort((a, b) => Buffer.compare(a.bytes, b.bytes))
    .map(({ item }) => item);
}

/** tbsCertificate's issuer and serialNumber, as they are encoded in the certificate. */
function issuerAndSerial(certificate: forge.asn1.Asn1): forge.asn1.Asn1 {
  const tbs = (certificate.value as forge.asn1.Asn1[])[0]!.value as forge.asn1.Asn1[];
  const offset = tbs[0]!.tagClass === Class.CONTEXT_SPECIFIC ? 1 : 0; // explicit version [0]
  return seq([tbs[offset + 2]!, tbs[offset]!]);
}

/** A detached CMS SignedData (RSA PKCS#1 v1.5, SHA-256) over content whose SHA-256 is `digest`. */
export function cadesDetached(identity: Identity, digest: Buffer): Buffer {
  const attribute = (type: string, value: forge.asn1.Asn1) => seq([oid(type), set([value])]);
  const certHash = createHash('sha256').update(identity.certificateDer).digest();
  const [issuer, serial] = issuerAndSerial(identity.certificateAsn1).value as forge.asn1.Asn1[];
  // SigningCertificateV2 { certs: [ESSCertIDv2 { certHash, issuerSerial { [4] issuer, serial } }] };
  // the hash algorithm is sha256, the default, so it is omitted.
  const essCertId = seq([
    octets(certHash),
    seq([seq([asn1.create(Class.CONTEXT_SPECIFIC, 4, true, [issuer!])]), serial!]),
  ]);
  const signedAttributes = derSetOf([
    attribute(OID.contentType, oid(OID.data)),
    attribute(OID.messageDigest, octets(digest)),
    attribute(OID.signingCertificateV2, seq([seq([essCertId])])),
  ]);
  // The signature covers the attributes encoded as a SET; in SignerInfo they are [0] IMPLICIT.
  const signature = sign('sha256', der(set(signedAttributes)), identity.key);
  const signerInfo = seq([
    int(1),
    issuerAndSerial(identity.certificateAsn1),
    algorithm(OID.sha256),
    asn1.create(Class.CONTEXT_SPECIFIC, 0, true, signedAttributes),
    algorithm(OID.rsaEncryption),
    octets(signature),
  ]);
  const signedData = seq([
    int(1),
    set([algorithm(OID.sha256)]),
    seq([oid(OID.data)]),
    asn1.create(Class.CONTEXT_SPECIFIC, 0, true, [identity.certificateAsn1]),
    set([signerInfo]),
  ]);
  return der(seq([oid(OID.signedData), asn1.create(Class.CONTEXT_SPECIFIC, 0, true, [signedData])]));
}
