// The local OCSP responder (issue #30, RFC 6960): `POST application/ocsp-request` or
// `GET /{base64 of the DER request}` (A.1) → `application/ocsp-response`. Each answer is a
// BasicOCSPResponse signed (SHA-256 with RSA) by the CA that issued the certificates asked about —
// the intermediate for the leaves, the root for the intermediate — so no delegated responder
// certificate is needed; the responder is named by key, the signing CA's certificate travels in
// `certs`. thisUpdate is now, nextUpdate a day later (configurable); a request's nonce is echoed.
// Status comes from the CA's index: good, revoked (with its time) or unknown. CertIDs hashed with
// SHA-1 (what openssl sends) or SHA-256 are understood. A request it cannot read is answered
// malformedRequest; one about no CA of ours, unauthorized — never a crash.
// It is part of the local cloud, not of the product.
import { sign } from 'node:crypto';
import type http from 'node:http';
import {
  algorithm,
  asn1,
  bytesOf,
  Class,
  childrenOf,
  der,
  fromDer,
  generalizedTime,
  octets,
  oid,
  OID,
  oidOf,
  seq,
  tagged,
  Type,
  type Asn1,
} from '../../lambdas/sealing/der';
import { certIdHashes, type CaName, type Holder, type LocalPki } from './ca';
import { mediaType, readBody, sendDer, sendPlain, serve, TooLarge, type Listener } from './http';

export const OCSP_REQUEST = 'application/ocsp-request';
export const OCSP_RESPONSE = 'application/ocsp-response';
/** The most certificates one request may ask about. */
export const MAX_OCSP_REQUESTS = 20;

/** OCSPResponseStatus (RFC 6960 4.2.1). */
export const OCSP_STATUS = { successful: 0, malformedRequest: 1, internalError: 2, unauthorized: 6 } as const;

const enumerated = (value: number): Asn1 =>
  asn1.create(Class.UNIVERSAL, Type.ENUMERATED, false, String.fromCharCode(value));
const bitString = (bytes: Uint8Array): Asn1 =>
  asn1.create(Class.UNIVERSAL, Type.BITSTRING, false, '\x00' + Buffer.from(bytes).toString('binary'));

/** An OCSPResponse without responseBytes: malformedRequest, internalError, unauthorized… */
export const statusOnly = (status: number): Buffer => der(seq([enumerated(status)]));

const isUniversal = (node: Asn1 | undefined, type: number) =>
  node !== undefined && node.tagClass === Class.UNIVERSAL && node.type === type;
const isContext = (node: Asn1 | undefined, tag: number) =>
  node !== undefined && node.tagClass === Class.CONTEXT_SPECIFIC && node.type === tag;

interface Single {
  /** The request's CertID, answered as it was asked. */
  readonly certId: Asn1;
  readonly hash: 'sha1' | 'sha256' | undefined;
  readonly nameHash: Buffer;
  readonly keyHash: Buffer;
  readonly serial: string;
}

/** Reads an OCSPRequest's CertIDs and nonce extension; throws when it is not one. */
function parseRequest(bytes: Uint8Array): { singles: Single[]; nonce?: Asn1 } {
  const request = fromDer(bytes);
  if (!isUniversal(request, Type.SEQUENCE)) throw new Error('not a SEQUENCE');
  const tbs = childrenOf(childrenOf(request)[0]!);
  let at = 0;
  if (isContext(tbs[at], 0)) at += 1; // version
  if (isContext(tbs[at], 1)) at += 1; // requestorName
  if (!isUniversal(tbs[at], Type.SEQUENCE)) throw new Error('no requestList');
  const list = childrenOf(tbs[at]!);
  at += 1;
  if (list.length === 0 || list.length > MAX_OCSP_REQUESTS) throw new Error('requestList size');
  const singles = list.map((entry): Single => {
    const certId = childrenOf(entry)[0]!;
    const [alg, nameHash, keyHash, serial] = childrenOf(certId);
    if (
      !isUniversal(alg, Type.SEQUENCE) ||
      !isUniversal(nameHash, Type.OCTETSTRING) ||
      !isUniversal(keyHash, Type.OCTETSTRING) ||
      !isUniversal(serial, Type.INTEGER)
    )
      throw new Error('CertID');
    const hashOid = oidOf(childrenOf(alg!)[0]!);
    const hash = hashOid === OID.sha1 ? 'sha1' : hashOid === OID.sha256 ? 'sha256' : undefined;
    return {
      certId,
      hash,
      nameHash: bytesOf(nameHash!),
      keyHash: bytesOf(keyHash!),
      serial: bytesOf(serial!).toString('hex'),
    };
  });
  let nonce: Asn1 | undefined;
  if (isContext(tbs[at], 2)) {
    for (const extension of childrenOf(childrenOf(tbs[at]!)[0]!)) {
      if (oidOf(childrenOf(extension)[0]!) === OID.ocspNonce) nonce = extension;
    }
  }
  return { singles, nonce };
}

export interface OcspOptions {
  readonly pki: LocalPki;
  /** The responder's clock; the system clock by default. */
  readonly now?: () => Date;
  /** nextUpdate − thisUpdate, seconds (a day by default). */
  readonly nextUpdateSeconds?: number;
}

/** The DER OCSPResponse to a DER OCSPRequest. Never throws. */
export function ocspResponse(request: Uint8Array, options: OcspOptions): Buffer {
  let parsed: ReturnType<typeof parseRequest>;
  try {
    parsed = parseRequest(request);
  } catch {
    return statusOnly(OCSP_STATUS.malformedRequest);
  }
  try {
    const cas: { name: CaName; holder: Holder }[] = [
      { name: 'intermediate', holder: options.pki.intermediate },
      { name: 'root', holder: options.pki.root },
    ];
    const issuerOf = (single: Single) =>
      single.hash
        ? cas.find(({ holder }) => {
            const hashes = certIdHashes(holder, single.hash!);
            return hashes.name.equals(single.nameHash) && hashes.key.equals(single.keyHash);
          })
        : undefined;
    const issuers = parsed.singles.map(issuerOf);
    // One signature per response: the CA of the first certificate we know signs; a certificate of
    // another issuer in the same request is answered unknown.
    const signer = issuers.find((i) => i !== undefined);
    if (!signer) return statusOnly(OCSP_STATUS.unauthorized);

    const now = (options.now ?? (() => new Date()))();
    const nextUpdate = new Date(now.getTime() + (options.nextUpdateSeconds ?? 86_400) * 1000);
    const responses = parsed.singles.map((single, i) => {
      const entry = issuers[i] === signer ? options.pki.lookup(signer.name, single.serial) : undefined;
      const status = !entry
        ? asn1.create(Class.CONTEXT_SPECIFIC, 2, false, '') // unknown [2] IMPLICIT NULL
        : entry.revokedAt
          ? asn1.create(Class.CONTEXT_SPECIFIC, 1, true, [generalizedTime(new Date(entry.revokedAt))])
          : asn1.create(Class.CONTEXT_SPECIFIC, 0, false, ''); // good [0] IMPLICIT NULL
      return seq([single.certId, status, generalizedTime(now), tagged(0, generalizedTime(nextUpdate))]);
    });
    const keyHash = certIdHashes(signer.holder, 'sha1').key;
    const responseData = seq([
      tagged(2, octets(keyHash)), // responderID byKey
      generalizedTime(now), // producedAt
      seq(responses),
      ...(parsed.nonce ? [tagged(1, seq([parsed.nonce]))] : []),
    ]);
    const signature = sign('sha256', der(responseData), signer.holder.key);
    const basic = seq([
      responseData,
      algorithm(OID.sha256WithRSAEncryption),
      bitString(signature),
      tagged(0, seq([fromDer(signer.holder.der)])),
    ]);
    return der(
      seq([enumerated(OCSP_STATUS.successful), tagged(0, seq([oid(OID.ocspBasic), octets(der(basic))]))]),
    );
  } catch {
    return statusOnly(OCSP_STATUS.internalError);
  }
}

/** The HTTP face (RFC 6960 A.1): POST with the DER body, or GET with it base64 in the path. */
export function ocspHandler(
  respond: (request: Uint8Array) => Buffer,
  log: (line: string) => void,
): http.RequestListener {
  return (req, res) => {
    void (async () => {
      let body: Buffer;
      if (req.method === 'GET') {
        const encoded = (req.url ?? '/').slice(1).split('?')[0]!;
        if (encoded.length > 4 * 64 * 1024) return sendPlain(res, 414, 'The request is too long.\n');
        let text: string;
        try {
          text = decodeURIComponent(encoded);
        } catch {
          return sendDer(res, OCSP_RESPONSE, statusOnly(OCSP_STATUS.malformedRequest));
        }
        body = Buffer.from(text, 'base64');
      } else if (req.method === 'POST') {
        if (mediaType(req) !== OCSP_REQUEST) return sendPlain(res, 415, `Send ${OCSP_REQUEST}.\n`);
        try {
          body = await readBody(req);
        } catch (err) {
          if (err instanceof TooLarge) return sendPlain(res, 413, 'An OCSP request is at most 64 KB.\n');
          return;
        }
      } else {
        res.setHeader('allow', 'GET, POST');
        return sendPlain(res, 405, `POST an ${OCSP_REQUEST} here.\n`);
      }
      sendDer(res, OCSP_RESPONSE, respond(body));
    })().catch((err: unknown) => {
      log(`Local OCSP responder: ${String(err)}`);
      if (!res.headersSent) sendPlain(res, 500, 'Local OCSP responder error.\n');
    });
  };
}

/** Binds the responder's port first (the certificates name its URL), answering tryLater until `ready`. */
export async function startOcspResponder(where: {
  host: string;
  port: number;
  log: (line: string) => void;
}): Promise<Listener & { ready(options: OcspOptions): void }> {
  let respond: (request: Uint8Array) => Buffer = () => statusOnly(3); // tryLater
  const listener = await serve(
    ocspHandler((request) => respond(request), where.log),
    { ...where, label: 'local OCSP responder', variable: 'LOCAL_OCSP_PORT' },
  );
  return Object.assign(listener, {
    ready(options: OcspOptions) {
      respond = (request) => ocspResponse(request, options);
    },
  });
}
