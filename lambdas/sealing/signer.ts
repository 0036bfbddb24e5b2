// The service's signing identity and the PDF digital signature (CMS, ETSI.CAdES.detached).
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';
import type { PDFDocument, PDFPage } from 'pdf-lib';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { SignPdf } from '@signpdf/signpdf';
import { P12Signer } from '@signpdf/signer-p12';
import { SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import { SealError } from './errors';
import type { ServiceSigner } from './types';

const VALIDITY_YEARS = 10;
// An RSA-2048 CMS signature with a 2 kB certificate fits well within this many bytes.
const SIGNATURE_LENGTH = 8192;

/**
 * A self-signed RSA-2048 certificate for `commonName`, valid ten years, for signing documents only
 * (keyUsage digitalSignature + nonRepudiation), as a PKCS#12 bundle under a random passphrase.
 */
export function createServiceSigner(commonName: string, now = new Date()): ServiceSigner {
  // Node's native key generation (forge's own takes about a second); forge builds the certificate.
  const { privateKey: privatePem } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicExponent: 0x10001,
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const privateKey = forge.pki.privateKeyFromPem(privatePem) as forge.pki.rsa.PrivateKey;
  const keys = { privateKey, publicKey: forge.pki.setRsaPublicKey(privateKey.n, privateKey.e) };
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  // A positive serial: the first hex digit below 8.
  cert.serialNumber = `0${randomBytes(15).toString('hex')}`;
  cert.validity.notBefore = new Date(now.getTime() - 60_000);
  cert.validity.notAfter = new Date(now);
  cert.validity.notAfter.setUTCFullYear(now.getUTCFullYear() + VALIDITY_YEARS);
  const subject = [
    { name: 'commonName', value: commonName },
    { name: 'organizationName', value: 'SignSeal' },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(keys.privateKey, forge.md.sha256.create());

  const passphrase = randomBytes(24).toString('base64url');
  const asn1 = forge.pkcs12.toPkcs12Asn1(keys.privateKey, [cert], passphrase, {
    algorithm: 'aes256',
    friendlyName: commonName,
  });
  const der = forge.asn1.toDer(asn1).getBytes();
  return { p12: Uint8Array.from(Buffer.from(der, 'binary')), passphrase };
}

/** The certificate inside a signer's bundle (for the CN in the signature dictionary and for tests). */
export function signerCertificate(signer: ServiceSigner): forge.pki.Certificate {
  try {
    const asn1 = forge.asn1.fromDer(forge.util.createBuffer(Buffer.from(signer.p12).toString('binary')));
    const p12 = forge.pkcs12.pkcs12FromAsn1(asn1, false, signer.passphrase);
    const certBag = forge.pki.oids.certBag as string;
    const bag = p12.getBags({ bagType: certBag })[certBag]?.[0];
    if (!bag?.cert) throw new Error('no certificate in the bundle');
    return bag.cert;
  } catch (error) {
    throw new SealError('bad_signer', 'the service signer bundle could not be opened', { cause: error });
  }
}

const commonNames = new WeakMap<Uint8Array, string>();

function commonNameOf(signer: ServiceSigner): string {
  let name = commonNames.get(signer.p12);
  if (name === undefined) {
    const field = signerCertificate(signer).subject.getField('CN') as { value?: string } | null;
    name = field?.value ?? 'SignSeal';
    commonNames.set(signer.p12, name);
  }
  return name;
}

/** Adds an invisible signature field whose value is a placeholder the signature later fills. */
export function addSignaturePlaceholder(
  doc: PDFDocument,
  page: PDFPage,
  signer: ServiceSigner,
  signedAt: Date,
  reason: string,
  contactInfo: string,
): void {
  pdflibAddPlaceholder({
    pdfDoc: doc,
    pdfPage: page,
    reason,
    contactInfo,
    name: commonNameOf(signer),
    location: 'SignSeal',
    signingTime: signedAt,
    signatureLength: SIGNATURE_LENGTH,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
    widgetRect: [0, 0, 0, 0],
    appName: 'SignSeal',
  });
}

/** Fills the placeholder of a saved PDF with a CMS signature over its byte range. */
export async function signPdf(pdf: Uint8Array, signer: ServiceSigner, signedAt: Date): Promise<Uint8Array> {
  let p12: P12Signer;
  try {
    p12 = new P12Signer(Buffer.from(signer.p12), { passphrase: signer.passphrase });
  } catch (error) {
    throw new SealError('bad_signer', 'the service signer bundle could not be opened', { cause: error });
  }
  try {
    const signed = await new SignPdf().sign(
      Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength),
      p12,
      signedAt,
    );
    return new Uint8Array(signed.buffer, signed.byteOffset, signed.byteLength);
  } catch (error) {
    if (error instanceof SealError) throw error;
    throw new SealError('bad_signer', 'the PDF could not be signed with the service signer', {
      cause: error,
    });
  }
}
