// RFC 3161 timestamps (issue #30, architecture §22): the request we send a timestamp authority, and the
// checks its answer must pass before its token goes into a signature or a document timestamp. Pure:
// the HTTP round trip is lambdas/adapters/trust.ts's. A bad answer is treated like no answer
// (`timestamp_unavailable`): the adapter tries the next authority, the seal job retries later, and
// the server's own clock is never used instead.
//
// Checked here, as `openssl ts -verify` does: the token is a SignedData over a TSTInfo whose message
// imprint is our SHA-256 (and whose nonce is ours), the signed attributes' messageDigest is the
// TSTInfo's hash, the signer's key verifies the signature, and the signer's certificate (in the token:
// we ask for it) is the authority's own — extKeyUsage timeStamping only, critical, valid at genTime,
// and named by the ESS signing-certificate attribute when there is one. Not checked: the chain of the
// authority's certificate to a root (the authorities are configured by URL and trusted as such; the
// DSS carries their chains and OCSP answers for a validator who checks them).
import { algorithm, bigInt, bool, der, derSetOf, int, octets, OID, seq, set, Type, type Asn1 } from './der';
import { SealError } from './errors';
import {
  certificateOf,
  child,
  commonNameOf,
  digest as hash,
  expectType,
  extendedKeyUsage,
  generalNameText,
  hashNameOf,
  integerBytes,
  smallInteger,
  isContext,
  isUniversal,
  keyUsageBits,
  kids,
  octetBytes,
  oidValue,
  parse,
  PkixError,
  signatureValid,
  stripZeros,
  timeValue,
  within,
  fail,
  type Certificate,
} from './pkix';

/** What a timestamp token says, read from it (after its checks). */
export interface TimestampInfo {
  readonly genTime: Date;
  /** The TSTInfo's serial number, lower-case hex without leading zeros. */
  readonly serialHex: string;
  /** The authority's policy OID. */
  readonly policy: string;
  /** The authority's certificate's subject CN, else the TSTInfo's tsa name, else its policy. */
  readonly authority: string;
  /** The message imprint's digest algorithm ('sha256'). */
  readonly digestAlgorithm: string;
  readonly imprint: Buffer;
  /** DER of the certificate that signed the token. */
  readonly signerCertificate: Buffer;
  /** DER of every certificate in the token, in its order. */
  readonly certificates: Buffer[];
}

const SIGNING_CERTIFICATE = '1.2.840.113549.1.9.16.2.12';
const TIMESTAMP_REQUEST_FAILURES = [
  'badAlg',
  '1',
  'badRequest',
  '3',
  '4',
  'badDataFormat',
  ...Array.from({ length: 8 }, (_, i) => String(6 + i)),
  'timeNotAvailable',
  'unacceptedPolicy',
  'unacceptedExtension',
  'addInfoNotAvailable',
  ...Array.from({ length: 7 }, (_, i) => String(18 + i)),
  'systemFailure',
];
const STATUS = [
  'granted',
  'grantedWithMods',
  'rejection',
  'waiting',
  'revocationWarning',
  'revocationNotification',
];

const unavailable = (message: string, cause?: unknown) =>
  new SealError('timestamp_unavailable', message, cause === undefined ? undefined : { cause });

function checkDigest(digest: Uint8Array): void {
  if (digest.length !== 32)
    throw unavailable(`a timestamp is asked for a SHA-256 (32 bytes), not ${digest.length} bytes`);
}

/** A TimeStampReq (v1) for the SHA-256 `digest`, with `nonce` and certReq TRUE, no policy. */
export function timestampRequest(digest: Uint8Array, nonce: Uint8Array): Buffer {
  checkDigest(digest);
  if (nonce.length === 0 || nonce.length > 32) throw unavailable('a nonce is 1 to 32 bytes');
  return der(seq([int(1), seq([algorithm(OID.sha256), octets(digest)]), bigInt(nonce), bool(true)]));
}

/** The pieces of a TimeStampToken that its checks read. */
interface ParsedToken {
  readonly info: TimestampInfo;
  readonly nonce: Buffer | undefined;
}

/**
 * The DER TimeStampToken of a TimeStampResp, once the authority granted it and the token passes every
 * check against the request (`expected`: its digest and nonce). Anything else throws
 * `SealError('timestamp_unavailable')`.
 */
export function tokenFromResponse(
  response: Uint8Array,
  expected: { readonly digest: Uint8Array; readonly nonce: Uint8Array },
): Buffer {
  checkDigest(expected.digest);
  return guarded(() => {
    const resp = kids(parse(response, 'the timestamp response'), 'the timestamp response');
    const statusInfo = kids(resp[0], 'the PKIStatusInfo');
    const status = smallInteger(statusInfo[0], 'the PKIStatus');
    if (status !== 0 && status !== 1)
      throw unavailable(`the authority refused: ${refusal(status, statusInfo)}`);
    const token = resp[1] ?? fail('the granted response has no token');
    const parsed = parseToken(token, expected.digest);
    if (!parsed.nonce || !parsed.nonce.equals(stripZeros(expected.nonce))) fail('the nonce is not ours');
    return der(token);
  });
}

/** A token's signature and imprint checks for `digest` (no nonce: a stored token), and what it says. */
export function verifyTimestampToken(token: Uint8Array, digest: Uint8Array): TimestampInfo {
  checkDigest(digest);
  return guarded(() => parseToken(parse(token, 'the timestamp token'), digest).info);
}

/** What a token says, without checking it against a digest (its signature is still checked). */
export function timestampInfo(token: Uint8Array): TimestampInfo {
  return guarded(() => parseToken(parse(token, 'the timestamp token')).info);
}

function guarded<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof SealError) throw error;
    const reason = error instanceof PkixError ? error.message : `unreadable (${(error as Error).message})`;
    throw unavailable(`the timestamp is not acceptable: ${reason}`, error);
  }
}

function refusal(status: number, statusInfo: Asn1[]): string {
  const parts = [STATUS[status] ?? `status ${status}`];
  for (const node of statusInfo.slice(1)) {
    if (isUniversal(node, Type.SEQUENCE) && Array.isArray(node.value)) {
      // PKIFreeText: UTF8Strings. Bounded: it is the authority's text, it goes into a log line.
      const text = node.value
        .map((s) => (typeof s.value === 'string' ? Buffer.from(s.value, 'binary').toString('utf8') : ''))
        .join(' ')
        .replace(/[^\x20-\x7e]/g, '?')
        .slice(0, 200);
      if (text) parts.push(`"${text}"`);
    } else if (isUniversal(node, Type.BITSTRING)) {
      const raw = Buffer.from(
        (node as Asn1 & { bitStringContents?: string }).bitStringContents ?? '',
        'binary',
      );
      const names: string[] = [];
      for (let i = 0; i < (raw.length - 1) * 8; i += 1)
        if (raw[1 + (i >> 3)]! & (0x80 >> (i & 7))) names.push(TIMESTAMP_REQUEST_FAILURES[i] ?? String(i));
      if (names.length > 0) parts.push(names.join(','));
    }
  }
  return parts.join(' ');
}

/** Checks a TimeStampToken (ContentInfo) and reads it; `digest` given: the imprint must be it. */
function parseToken(token: Asn1, digest?: Uint8Array): ParsedToken {
  const contentInfo = kids(token, 'the token');
  if (oidValue(contentInfo[0], 'the token content type') !== OID.signedData)
    fail('the token is not a SignedData');
  const explicit = contentInfo[1];
  if (!isContext(explicit, 0)) fail('the token has no content');
  const signedData = kids(child(explicit, 0, 'the SignedData'), 'the SignedData');
  const encapsulated = kids(signedData[2], 'the encapsulated content');
  if (oidValue(encapsulated[0], 'the eContentType') !== OID.tstInfo)
    fail('the token does not hold a TSTInfo');
  if (!isContext(encapsulated[1], 0)) fail('the token has no TSTInfo');
  const eContent = octetBytes(child(encapsulated[1], 0, 'the TSTInfo'), 'the TSTInfo');

  const certificateNodes = signedData.slice(3).find((n) => isContext(n, 0));
  const certificates = (certificateNodes ? kids(certificateNodes, 'the certificates') : [])
    .filter((n) => isUniversal(n, Type.SEQUENCE)) // other certificate formats are skipped
    .map((n) => certificateOf(der(n), 'a certificate of the token'));
  const signerInfos = kids(signedData[signedData.length - 1], 'the SignerInfos');
  if (signerInfos.length !== 1) fail(`the token has ${signerInfos.length} signers`);
  const signer = checkSigner(kids(signerInfos[0], 'the SignerInfo'), eContent, certificates);

  const tst = parse(eContent, 'the TSTInfo');
  const fields = kids(tst, 'the TSTInfo');
  if (smallInteger(fields[0], 'the TSTInfo version') !== 1) fail('the TSTInfo is not v1');
  const policy = oidValue(fields[1], 'the policy');
  const imprint = kids(fields[2], 'the message imprint');
  const imprintAlgorithm = oidValue(child(imprint[0], 0, 'the imprint algorithm'), 'the imprint algorithm');
  const hashed = octetBytes(imprint[1], 'the imprint');
  if (digest && (imprintAlgorithm !== OID.sha256 || !hashed.equals(Buffer.from(digest))))
    fail('the message imprint is not our digest');
  const serial = integerBytes(fields[3], 'the serial number');
  const genTime = timeValue(expectType(fields[4], Type.GENERALIZEDTIME, 'genTime'), 'genTime');
  let nonce: Buffer | undefined;
  let tsaName: string | undefined;
  for (const field of fields.slice(5)) {
    if (isUniversal(field, Type.INTEGER)) nonce = integerBytes(field, 'the nonce');
    else if (isContext(field, 0)) tsaName = generalNameText(child(field, 0, 'the tsa name'));
  }
  if (!within(signer, genTime)) fail("genTime is outside the authority's certificate validity");

  return {
    nonce,
    info: {
      genTime,
      serialHex: serial.toString('hex'),
      policy,
      authority: commonNameOf(signer) ?? tsaName ?? policy,
      digestAlgorithm: hashNameOf(imprintAlgorithm) ?? imprintAlgorithm,
      imprint: hashed,
      signerCertificate: signer.der,
      certificates: certificates.map((c) => c.der),
    },
  };
}

/** The SignerInfo's checks; returns the signer's certificate. */
function checkSigner(signerInfo: Asn1[], eContent: Buffer, certificates: Certificate[]): Certificate {
  const [, sid, digestAlgorithm, signedAttrs, ...rest] = signerInfo;
  if (!isContext(signedAttrs, 0)) fail('the token has no signed attributes');
  const [signatureAlgorithm, signatureNode] = rest;
  const digestOid = oidValue(child(digestAlgorithm, 0, 'the digest algorithm'), 'the digest algorithm');
  const digestName = hashNameOf(digestOid);
  if (!digestName || digestName === 'sha1') fail(`the digest algorithm ${digestOid} is not accepted`);

  const attributes = new Map<string, Asn1[]>();
  for (const attribute of kids(signedAttrs, 'the signed attributes')) {
    const [type, values] = kids(attribute, 'a signed attribute');
    const id = oidValue(type, 'a signed attribute type');
    if (attributes.has(id)) fail(`the signed attribute ${id} appears twice`);
    attributes.set(id, kids(values, 'a signed attribute'));
  }
  const contentType = attributes.get(OID.contentType);
  if (contentType?.length !== 1 || oidValue(contentType[0], 'the contentType attribute') !== OID.tstInfo)
    fail('the contentType attribute is not TSTInfo');
  const messageDigest = attributes.get(OID.messageDigest);
  if (
    messageDigest?.length !== 1 ||
    !octetBytes(messageDigest[0], 'messageDigest').equals(hash(digestName!, eContent))
  )
    fail('the messageDigest is not the TSTInfo hash');

  const signer = signerCertificate(sid, attributes, certificates);
  // The signature covers the attributes encoded as a DER SET OF (their [0] IMPLICIT tag replaced).
  const signed = der(set(derSetOf(kids(signedAttrs, 'the signed attributes'))));
  const signature = octetBytes(signatureNode, 'the signature');
  if (!signatureValid(signatureAlgorithm, signed, signature, signer.x509.publicKey, digestName))
    fail('the signature does not verify');

  const eku = extendedKeyUsage(signer);
  if (!eku || !eku.critical || eku.purposes.length !== 1 || eku.purposes[0] !== OID.timeStamping)
    fail("the signer's certificate is not a timestamping one (critical extKeyUsage timeStamping only)");
  const keyUsage = keyUsageBits(signer);
  if (keyUsage && (keyUsage.length === 0 || keyUsage.some((bit) => bit > 1)))
    fail("the signer's keyUsage allows more than signatures");
  return signer;
}

/** The certificate the SignerInfo names (issuer and serial, or subjectKeyIdentifier), or, when that
 *  finds none, the one the ESS signing-certificate(-v2) attribute names; the attribute, when present,
 *  must name it. */
function signerCertificate(
  sid: Asn1 | undefined,
  attributes: Map<string, Asn1[]>,
  certificates: Certificate[],
) {
  const byEss = essCandidates(attributes, certificates);
  let found: Certificate | undefined;
  if (isUniversal(sid, Type.SEQUENCE)) {
    const [issuer, serial] = kids(sid, 'the signer id');
    const issuerDer = der(issuer ?? fail('the signer id has no issuer'));
    const serialBytes = integerBytes(serial, "the signer's serial");
    found = certificates.find((c) => c.issuerDer.equals(issuerDer) && c.serial.equals(serialBytes));
  } else if (isContext(sid, 0)) {
    const keyId = Buffer.from(typeof sid!.value === 'string' ? sid!.value : '', 'binary');
    found = certificates.find((c) => {
      const ski = c.extensions.get('2.5.29.14');
      return (
        ski !== undefined &&
        octetBytes(parse(ski.value, 'a key identifier'), 'a key identifier').equals(keyId)
      );
    });
  }
  if (byEss === undefined) return found ?? fail("the signer's certificate is not in the token");
  if (found && !byEss.includes(found)) fail('the signing-certificate attribute names another certificate');
  return found ?? byEss[0] ?? fail("the signer's certificate is not in the token");
}

/** The token's certificates the first ESSCertID(v2) names; undefined without the attribute. */
function essCandidates(
  attributes: Map<string, Asn1[]>,
  certificates: Certificate[],
): Certificate[] | undefined {
  const v2 = attributes.get(OID.signingCertificateV2);
  const v1 = attributes.get(SIGNING_CERTIFICATE);
  const value = v2?.[0] ?? v1?.[0];
  if (!value) return undefined;
  const first = child(child(value, 0, 'the signing certificates'), 0, 'the ESSCertID');
  const parts = kids(first, 'the ESSCertID');
  let algorithmName = v2 ? 'sha256' : 'sha1';
  let index = 0;
  if (v2 && isUniversal(parts[0], Type.SEQUENCE)) {
    const named = hashNameOf(oidValue(child(parts[0], 0, 'the ESSCertIDv2 hash'), 'the ESSCertIDv2 hash'));
    algorithmName = named ?? fail('the ESSCertIDv2 hash algorithm is unknown');
    index = 1;
  }
  const certHash = octetBytes(parts[index], 'the certHash');
  return certificates.filter((c) => hash(algorithmName, c.der).equals(certHash));
}
