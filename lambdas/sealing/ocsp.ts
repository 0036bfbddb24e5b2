// OCSP (RFC 6960) for the DSS of a PAdES B-LT signature (issue #30, architecture §22): where a
// certificate's responder is, the request for one certificate, and the checks its answer must pass
// before it is embedded. Pure: the HTTP round trip and the cache are lambdas/adapters/trust.ts's.
// Any answer that is not a signed, fresh "good" for this very certificate throws
// `SealError('revocation_unavailable')`; a revoked certificate says so in the message.
import { algorithm, bigInt, der, octets, OID, oid, seq, tagged, Type, type Asn1 } from './der';
import { SealError } from './errors';
import {
  bitStringBytes,
  certificateOf,
  child,
  digest,
  expectType,
  extendedKeyUsage,
  extensionMap,
  fail,
  hashNameOf,
  integerBytes,
  isContext,
  isUniversal,
  issuedBy,
  kids,
  octetBytes,
  oidValue,
  parse,
  PkixError,
  signatureValid,
  timeValue,
  within,
  type Certificate,
} from './pkix';

/** What a checked OCSP answer says. */
export interface OcspStatus {
  readonly thisUpdate: Date;
  readonly nextUpdate?: Date;
  readonly producedAt: Date;
  /** DER of the certificates the answer carries (a delegated responder's), in its order. */
  readonly responderCertificates: Buffer[];
}

/** The cause of the SealError for a revoked certificate: a definite answer, not worth a retry. */
export class CertificateRevoked extends Error {
  override readonly name = 'CertificateRevoked';
  constructor(
    readonly revokedAt: Date,
    readonly reason: string | undefined,
  ) {
    super(`revoked at ${revokedAt.toISOString()}${reason ? ` (${reason})` : ''}`);
  }
}

/** How far ahead of our clock a responder's thisUpdate may be (clocks differ a little). */
export const CLOCK_SKEW_MS = 5 * 60_000;

const RESPONSE_STATUS = [
  'successful',
  'malformedRequest',
  'internalError',
  'tryLater',
  '4',
  'sigRequired',
  'unauthorized',
];
const REASONS = [
  'unspecified',
  'keyCompromise',
  'cACompromise',
  'affiliationChanged',
  'superseded',
  'cessationOfOperation',
  'certificateHold',
  '7',
  'removeFromCRL',
  'privilegeWithdrawn',
  'aACompromise',
];

const unavailable = (message: string, cause?: unknown) =>
  new SealError('revocation_unavailable', message, cause === undefined ? undefined : { cause });

function guarded<T>(what: string, run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof SealError) throw error;
    const reason = error instanceof PkixError ? error.message : `unreadable (${(error as Error).message})`;
    throw unavailable(`${what}: ${reason}`, error);
  }
}

/** The certificate's OCSP responder (its Authority Information Access id-ad-ocsp http(s) URI). */
export function ocspUrlOf(certificate: Uint8Array): string | undefined {
  return guarded('the certificate does not open', () => {
    const aia = certificateOf(certificate).extensions.get(OID.authorityInfoAccess);
    if (!aia) return undefined;
    for (const description of kids(parse(aia.value, 'authorityInfoAccess'), 'authorityInfoAccess')) {
      const [method, location] = kids(description, 'an access description');
      // accessLocation uniformResourceIdentifier: [6] IMPLICIT IA5String
      if (oidValue(method, 'an access method') === OID.accessOcsp && isContext(location, 6)) {
        const uri = typeof location!.value === 'string' ? location!.value : '';
        if (/^https?:\/\/[^\s]+$/i.test(uri)) return uri;
      }
    }
    return undefined;
  });
}

/** CertID { hashAlgorithm, issuerNameHash, issuerKeyHash, serialNumber } with `hash`. */
function certId(certificate: Certificate, issuer: Certificate, hash = 'sha1') {
  return {
    nameHash: digest(hash, issuer.subjectDer),
    keyHash: digest(hash, issuer.publicKeyBits),
    serial: certificate.serial,
  };
}

function opened(certificate: Uint8Array, issuer: Uint8Array): [Certificate, Certificate] {
  return guarded('a certificate does not open', () => {
    const c = certificateOf(certificate, 'the certificate');
    const i = certificateOf(issuer, 'the issuer');
    if (!c.issuerDer.equals(i.subjectDer)) fail('the issuer given is not the certificate’s issuer');
    return [c, i];
  });
}

/** An OCSPRequest for one certificate (CertID with SHA-1, as every responder knows it), with the
 *  nonce extension (RFC 8954: an OCTET STRING of 1 to 32 bytes) when `nonce` is given. */
export function ocspRequest(certificate: Uint8Array, issuer: Uint8Array, nonce?: Uint8Array): Buffer {
  const [c, i] = opened(certificate, issuer);
  const id = certId(c, i);
  const request = seq([
    seq([algorithm(OID.sha1), octets(id.nameHash), octets(id.keyHash), bigInt(id.serial)]),
  ]);
  const parts: Asn1[] = [seq([request])];
  if (nonce) {
    if (nonce.length === 0 || nonce.length > 32) throw unavailable('an OCSP nonce is 1 to 32 bytes');
    parts.push(tagged(2, seq([seq([oid(OID.ocspNonce), octets(der(octets(nonce)))])])));
  }
  return der(seq([seq(parts)]));
}

/**
 * Checks an OCSPResponse for `certificate` (issued by `issuer`) at `now`: successful, a basic response
 * signed by the issuer or by a responder the issuer delegated (a certificate in the answer that it
 * issued, with extKeyUsage ocspSigning, valid now), a SingleResponse for this CertID that is good,
 * thisUpdate no later than now + 5 minutes, nextUpdate (when given) not past, and our nonce echoed
 * when the answer has one (responders commonly drop it; freshness is then what thisUpdate says).
 */
export function checkOcspResponse(
  response: Uint8Array,
  certificate: Uint8Array,
  issuer: Uint8Array,
  now: Date,
  nonce?: Uint8Array,
): OcspStatus {
  const [c, i] = opened(certificate, issuer);
  return guarded('the OCSP answer is not acceptable', () => {
    const outer = kids(parse(response, 'the OCSP response'), 'the OCSP response');
    const status = outer[0];
    const statusValue =
      status && status.type === Type.ENUMERATED && typeof status.value === 'string'
        ? Buffer.from(status.value, 'binary').readUIntBE(0, Math.min(4, Math.max(1, status.value.length)))
        : fail('the responseStatus is missing');
    if (statusValue !== 0)
      throw unavailable(`the responder refused: ${RESPONSE_STATUS[statusValue] ?? `status ${statusValue}`}`);
    const responseBytes = kids(child(outer[1], 0, 'the responseBytes'), 'the responseBytes');
    if (oidValue(responseBytes[0], 'the responseType') !== OID.ocspBasic)
      fail('the answer is not a basic response');
    const basic = kids(
      parse(octetBytes(responseBytes[1], 'the response'), 'the basic response'),
      'the basic response',
    );
    const [tbs, signatureAlgorithm, signatureNode, certsNode] = basic;
    const carried =
      certsNode && isContext(certsNode, 0)
        ? kids(child(certsNode, 0, 'the certificates'), 'the certificates').map((n) =>
            certificateOf(der(n), 'a certificate of the answer'),
          )
        : [];

    // The signature: the issuer's own key first, else a delegated responder's.
    const signed = der(tbs ?? fail('the response data is missing'));
    const signature = bitStringBytes(signatureNode, 'the signature');
    const signer = [i, ...carried.filter((r) => r !== i)].find(
      (candidate) =>
        signatureValid(signatureAlgorithm, signed, signature, candidate.x509.publicKey) &&
        (candidate === i || delegated(candidate, i, now)),
    );
    if (!signer) {
      const unauthorised = carried.some((r) =>
        signatureValid(signatureAlgorithm, signed, signature, r.x509.publicKey),
      );
      fail(
        unauthorised
          ? 'the answer is signed by a certificate the issuer did not delegate OCSP to'
          : 'the signature does not verify with the issuer’s key or a delegated responder’s',
      );
    }

    let fields = kids(tbs, 'the response data');
    if (isContext(fields[0], 0)) fields = fields.slice(1); // version [0] EXPLICIT, v1 by default
    const [, producedAtNode, responses, extensionsNode] = fields;
    const producedAt = timeValue(
      expectType(producedAtNode, Type.GENERALIZEDTIME, 'producedAt'),
      'producedAt',
    );
    const single = kids(responses, 'the responses')
      .map((r) => kids(r, 'a single response'))
      .find((r) => sameCertId(r[0], c, i));
    if (!single) fail('the answer is not about this certificate');
    const [, certStatus, thisUpdateNode, ...more] = single!;
    const thisUpdate = timeValue(
      expectType(thisUpdateNode, Type.GENERALIZEDTIME, 'thisUpdate'),
      'thisUpdate',
    );
    const nextNode = more.find((n) => isContext(n, 0));
    const nextUpdate = nextNode
      ? timeValue(
          expectType(child(nextNode, 0, 'nextUpdate'), Type.GENERALIZEDTIME, 'nextUpdate'),
          'nextUpdate',
        )
      : undefined;

    if (isContext(certStatus, 1)) {
      const info = kids(certStatus, 'the revocation info');
      const revokedAt = timeValue(info[0], 'the revocation time');
      const reasonNode = info.find((n) => isContext(n, 0));
      const reasonCode = reasonNode
        ? Buffer.from(String(child(reasonNode, 0, 'the reason').value), 'binary')[0]
        : undefined;
      const reason = reasonCode === undefined ? undefined : (REASONS[reasonCode] ?? String(reasonCode));
      const serial = c.serial.toString('hex');
      throw unavailable(
        `the certificate ${serial} is revoked (since ${revokedAt.toISOString()}${reason ? `, ${reason}` : ''})`,
        new CertificateRevoked(revokedAt, reason),
      );
    }
    if (isContext(certStatus, 2)) fail('the responder does not know the certificate (unknown)');
    if (!isContext(certStatus, 0)) fail('the certificate status is unreadable');
    if (thisUpdate.getTime() > now.getTime() + CLOCK_SKEW_MS) fail('thisUpdate is in the future');
    if (nextUpdate && nextUpdate.getTime() < now.getTime())
      fail('the answer is stale (nextUpdate has passed)');

    if (nonce && extensionsNode && isContext(extensionsNode, 1)) {
      const echoed = extensionMap(child(extensionsNode, 0, 'the response extensions')).get(OID.ocspNonce);
      if (echoed && !nonceMatches(echoed.value, nonce)) fail('the nonce is not ours');
    }
    return {
      thisUpdate,
      ...(nextUpdate ? { nextUpdate } : {}),
      producedAt,
      responderCertificates: carried.map((r) => r.der),
    };
  });
}

/** A responder the issuer delegated OCSP to: issued by it, ocspSigning, valid at `now`. */
function delegated(responder: Certificate, issuer: Certificate, now: Date): boolean {
  const eku = extendedKeyUsage(responder);
  return (
    Boolean(eku?.purposes.includes(OID.ocspSigning)) && within(responder, now) && issuedBy(responder, issuer)
  );
}

function sameCertId(node: Asn1 | undefined, certificate: Certificate, issuer: Certificate): boolean {
  const [algorithmNode, nameHash, keyHash, serial] = kids(node, 'a CertID');
  const hash = hashNameOf(oidValue(child(algorithmNode, 0, 'the CertID hash'), 'the CertID hash'));
  if (!hash) return false;
  const id = certId(certificate, issuer, hash);
  return (
    octetBytes(nameHash, 'issuerNameHash').equals(id.nameHash) &&
    octetBytes(keyHash, 'issuerKeyHash').equals(id.keyHash) &&
    integerBytes(serial, 'the serial').equals(id.serial)
  );
}

/** RFC 8954 wraps the nonce in an OCTET STRING; older responders echo it bare. */
function nonceMatches(extnValue: Buffer, nonce: Uint8Array): boolean {
  if (extnValue.equals(Buffer.from(nonce))) return true;
  try {
    const inner = parse(extnValue, 'the nonce');
    return isUniversal(inner, Type.OCTETSTRING) && octetBytes(inner, 'the nonce').equals(Buffer.from(nonce));
  } catch {
    return false;
  }
}
