// The service's signing identity and the PDF digital signature (CMS, ETSI.CAdES.detached).
import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from './forge';
import type { PDFDocument, PDFPage } from 'pdf-lib';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { DEFAULT_BYTE_RANGE_PLACEHOLDER, SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import { cadesDetached, commonNameOf, sealingKeyOf } from './cms';
import type { Asn1 } from './der';
import { SealError } from './errors';
import type { SealingKey, ServiceSigner } from './types';

const VALIDITY_YEARS = 10;
// Hex digits reserved for the CMS signature (half as many bytes): an RSA-2048 signature with its
// certificate takes about 1.4 kB; with a chain of three and a signature timestamp (issue #30), whose
// token carries the authority's chain, about 8 kB.
const SIGNATURE_LENGTH = 8192;
const TIMESTAMPED_SIGNATURE_LENGTH = 32768;

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
  cert.serialNumber = serialHex(randomBytes(16));
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

/** Adds an invisible signature field whose value is a placeholder the signature later fills. */
export function addSignaturePlaceholder(
  doc: PDFDocument,
  page: PDFPage,
  signer: ServiceSigner | SealingKey,
  signedAt: Date,
  reason: string,
  contactInfo: string,
  timestamped = false,
): void {
  pdflibAddPlaceholder({
    pdfDoc: doc,
    pdfPage: page,
    reason,
    contactInfo,
    name: commonNameOf(sealingKeyOf(signer)),
    location: 'SignSeal',
    signingTime: signedAt,
    signatureLength: timestamped ? TIMESTAMPED_SIGNATURE_LENGTH : SIGNATURE_LENGTH,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
    widgetRect: [0, 0, 0, 0],
    appName: 'SignSeal',
  });
}

/**
 * Fills the placeholder of a saved PDF, in place: writes the real /ByteRange, hashes the two signed
 * ranges without copying them, and writes the CMS signature as hex into /Contents. Returns a view of
 * the same bytes (no 50 MB copies, unlike @signpdf/signpdf, which concatenates the file three times).
 */
export async function signPdf(
  pdf: Uint8Array,
  signer: ServiceSigner | SealingKey,
  /** B-T (issue #30): the unsigned attributes for a signature value (its signature timestamp). */
  unsignedAttributes?: (signatureValue: Uint8Array) => Promise<Asn1[]>,
): Promise<Uint8Array> {
  const key = sealingKeyOf(signer);
  // pdf-lib ends the file with '%%EOF\n'; the signature must cover the file to its last byte, so the
  // newline goes (pdfsig reports "Not total document signed" otherwise).
  let length = pdf.byteLength;
  while (length > 0 && (pdf[length - 1] === 0x0a || pdf[length - 1] === 0x0d)) length -= 1;
  const bytes = Buffer.from(pdf.buffer, pdf.byteOffset, length);
  // The signature dictionary is the last object written: search from the end.
  const rangeAt = bytes.lastIndexOf('/ByteRange');
  const open = bytes.indexOf('[', rangeAt);
  const close = bytes.indexOf(']', open);
  const tokens =
    rangeAt < 0
      ? []
      : bytes
          .toString('latin1', open + 1, close)
          .trim()
          .split(/\s+/);
  const name = `/${DEFAULT_BYTE_RANGE_PLACEHOLDER}`;
  const contentsAt = bytes.indexOf('/Contents', close);
  const start = bytes.indexOf('<', contentsAt); // the hex string, '<' included in the gap
  const end = bytes.indexOf('>', start) + 1;
  if (tokens.join(' ') !== `0 ${name} ${name} ${name}` || contentsAt < 0 || start < 0 || end <= start) {
    throw new SealError('bad_signer', 'the saved PDF has no signature placeholder');
  }
  const range = [0, start, end, bytes.length - end];
  const written = `/ByteRange [${range.join(' ')}]`;
  const span = close + 1 - rangeAt;
  if (written.length > span) throw new SealError('bad_signer', 'the PDF is too large to sign');
  bytes.write(written.padEnd(span, ' '), rangeAt, 'latin1');

  const digest = createHash('sha256').update(bytes.subarray(0, start)).update(bytes.subarray(end)).digest();
  const signed = await cadesDetached(key, digest);
  const cms = signed.encode(unsignedAttributes ? await unsignedAttributes(signed.signature) : []);
  const room = (end - start - 2) / 2;
  if (cms.length > room)
    throw new SealError('bad_signer', `the signature (${cms.length} bytes) exceeds its placeholder`);
  // The placeholder holds NUL characters, not hex digits: overwrite all of it, padded with '0'.
  bytes.write(cms.toString('hex').padEnd(end - start - 2, '0'), start + 1, 'latin1');
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * A certificate serial from random bytes, as DER wants it: positive (first byte below 0x80) and
 * minimal (no leading zero byte). An odd-length hex with a leading 0, as before, sometimes encoded a
 * redundant zero byte that OpenSSL refuses ("illegal padding").
 */
export function serialHex(bytes: Uint8Array): string {
  const out = Uint8Array.from(bytes);
  out[0] = out[0]! & 0x7f || 0x01;
  return Buffer.from(out).toString('hex');
}
