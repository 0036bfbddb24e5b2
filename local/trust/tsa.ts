// A local RFC 3161 timestamp authority (issue #30): `POST application/timestamp-query` →
// `application/timestamp-reply`. It grants version-1 queries over a SHA-256, SHA-384 or SHA-512
// imprint under its one policy (LOCAL_TSA_POLICY), echoes the nonce, includes its certificate and
// the intermediate when asked (certReq), states an accuracy of 1 s, no ordering, a genTime with
// milliseconds from its clock, and a serial from a counter kept under the data folder. The token is a
// CMS SignedData over the TSTInfo with signing-certificate-v2 (lambdas/sealing/cms.ts). Anything it
// cannot grant is answered — HTTP 200 — with a TimeStampResp of status rejection and its failInfo.
// It is part of the local cloud, not of the product.
import { createHash, sign } from 'node:crypto';
import fs from 'node:fs';
import type http from 'node:http';
import { signedData } from '../../lambdas/sealing/cms';
import {
  asn1,
  bigInt,
  Class,
  childrenOf,
  der,
  encodeOid,
  fromDer,
  int,
  OID,
  oid,
  oidOf,
  seq,
  Type,
  type Asn1,
} from '../../lambdas/sealing/der';
import type { SealingKey } from '../../lambdas/sealing/types';
import type { Holder } from './ca';
import { writePrivate } from './ca';
import { mediaType, readBody, sendDer, sendPlain, serve, TooLarge, type Listener } from './http';

/**
 * The local authorities' policy: an arc under 2.25 (ITU-T X.667, an OID made from a UUID, which
 * needs no registration and is nobody else's), `.1` for "local test timestamps, no assurance".
 */
export const LOCAL_TSA_POLICY = '2.25.35231727214427472471488774677407775144.1';

const DIGESTS: Record<string, number> = {
  '2.16.840.1.101.3.4.2.1': 32, // sha256
  '2.16.840.1.101.3.4.2.2': 48, // sha384
  '2.16.840.1.101.3.4.2.3': 64, // sha512
};

/** PKIFailureInfo bits (RFC 3161 2.4.2). */
export const FAIL = {
  badAlg: 0,
  badRequest: 2,
  badDataFormat: 5,
  unacceptedPolicy: 15,
  unacceptedExtension: 16,
  systemFailure: 25,
} as const;
export type FailInfo = keyof typeof FAIL;

const POLICY = encodeOid(LOCAL_TSA_POLICY);

/** GeneralizedTime with milliseconds, trailing zeros (and a bare '.') dropped as DER wants. */
export function generalizedTimeMs(date: Date): string {
  const iso = date.toISOString(); // 2026-11-28T09:30:54.120Z
  const whole = iso.slice(0, 19).replace(/[-:T]/g, '');
  const fraction = iso.slice(20, 23).replace(/0+$/, '');
  return `${whole}${fraction ? `.${fraction}` : ''}Z`;
}

/** A DER BIT STRING holding the single named bit `bit` (trailing zero bits removed). */
function namedBit(bit: number): Asn1 {
  const bytes = Buffer.alloc((bit >> 3) + 1);
  bytes[bit >> 3] = 0x80 >> (bit & 7);
  const unused = 7 - (bit & 7);
  return asn1.create(
    Class.UNIVERSAL,
    Type.BITSTRING,
    false,
    String.fromCharCode(unused) + bytes.toString('binary'),
  );
}

/** A DER SEQUENCE around already-encoded members (the token is embedded as signed, byte for byte). */
export function sequenceOf(members: readonly Buffer[]): Buffer {
  const body = Buffer.concat(members);
  let length = Buffer.from([body.length]);
  if (body.length >= 0x80) {
    const hex = body.length.toString(16);
    const digits = Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex');
    length = Buffer.concat([Buffer.from([0x80 | digits.length]), digits]);
  }
  return Buffer.concat([Buffer.from([0x30]), length, body]);
}

/** A TimeStampResp of status rejection (2) with a reason and one failInfo bit. */
export function rejection(fail: FailInfo, text: string): Buffer {
  const utf8 = asn1.create(Class.UNIVERSAL, Type.UTF8, false, Buffer.from(text, 'utf8').toString('binary'));
  return der(seq([seq([int(2), seq([utf8]), namedBit(FAIL[fail])])]));
}

class Refusal extends Error {
  constructor(
    readonly fail: FailInfo,
    message: string,
  ) {
    super(message);
  }
}

interface Query {
  readonly hashAlgorithm: Asn1;
  readonly hashedMessage: Buffer;
  readonly nonce?: Asn1;
  readonly certReq: boolean;
}

const isUniversal = (node: Asn1 | undefined, type: number) =>
  node !== undefined && node.tagClass === Class.UNIVERSAL && node.type === type;

/** Reads a TimeStampReq (RFC 3161 2.4.1), or throws the Refusal it deserves. */
export function parseQuery(bytes: Uint8Array): Query {
  let fields: Asn1[];
  let imprint: Asn1[];
  let algorithm: Asn1[];
  try {
    const request = fromDer(bytes);
    if (!isUniversal(request, Type.SEQUENCE)) throw new Error('not a SEQUENCE');
    fields = childrenOf(request);
    if (!isUniversal(fields[0], Type.INTEGER) || !isUniversal(fields[1], Type.SEQUENCE))
      throw new Error('fields');
    imprint = childrenOf(fields[1]!);
    if (
      imprint.length !== 2 ||
      !isUniversal(imprint[0], Type.SEQUENCE) ||
      !isUniversal(imprint[1], Type.OCTETSTRING)
    )
      throw new Error('messageImprint');
    algorithm = childrenOf(imprint[0]!);
    if (!isUniversal(algorithm[0], Type.OID)) throw new Error('hashAlgorithm');
  } catch {
    throw new Refusal('badDataFormat', 'The request is not a DER TimeStampReq.');
  }
  if (fields[0]!.value !== '\x01') throw new Refusal('badRequest', 'Only version 1 requests are accepted.');
  const hashOid = oidOf(algorithm[0]!);
  const length = DIGESTS[hashOid];
  if (length === undefined)
    throw new Refusal('badAlg', 'The imprint must be a SHA-256, SHA-384 or SHA-512 digest.');
  if (algorithm.length > 2 || (algorithm.length === 2 && !isUniversal(algorithm[1], Type.NULL)))
    throw new Refusal('badDataFormat', 'The hash algorithm has unexpected parameters.');
  const hashedMessage = Buffer.from(imprint[1]!.value as string, 'binary');
  if (hashedMessage.length !== length)
    throw new Refusal('badDataFormat', `The imprint is ${hashedMessage.length} bytes, not ${length}.`);

  let nonce: Asn1 | undefined;
  let certReq = false;
  let at = 2;
  if (isUniversal(fields[at], Type.OID)) {
    if (!Buffer.from(fields[at]!.value as string, 'binary').equals(POLICY))
      throw new Refusal('unacceptedPolicy', `Only the policy ${LOCAL_TSA_POLICY} is offered.`);
    at += 1;
  }
  if (isUniversal(fields[at], Type.INTEGER)) {
    nonce = fields[at];
    at += 1;
  }
  if (isUniversal(fields[at], Type.BOOLEAN)) {
    certReq = (fields[at]!.value as string) !== '\x00';
    at += 1;
  }
  const rest = fields[at];
  if (rest && rest.tagClass === Class.CONTEXT_SPECIFIC && rest.type === 0)
    throw new Refusal('unacceptedExtension', 'No request extension is supported.');
  if (rest) throw new Refusal('badDataFormat', 'The request has unexpected fields.');
  // A fresh AlgorithmIdentifier with what the request named (OID, and NULL parameters if it had them).
  return { hashAlgorithm: seq(algorithm), hashedMessage, nonce, certReq };
}

export interface TimestampAuthorityOptions {
  /** The authority's key and certificate for a token made at a time (LocalPki.timestampHolder),
   *  and the intermediate that issued it. */
  readonly holder: (at: Date) => Holder;
  readonly intermediate: Holder;
  /** Where the serial counter is kept. */
  readonly counterFile: string;
  /** Start the serials here (tests: a fixed serial); otherwise the counter goes on (1 when new). */
  readonly serialStart?: bigint;
  /** The authority's clock; the system clock by default. */
  readonly now?: () => Date;
}

export interface TimestampAuthority {
  /** The DER TimeStampResp for a DER TimeStampReq: granted, or a rejection. Never throws. */
  reply(query: Uint8Array): Promise<Buffer>;
  /** The serial the next granted token gets. */
  nextSerial(): bigint;
}

export function timestampAuthority(options: TimestampAuthorityOptions): TimestampAuthority {
  const now = options.now ?? (() => new Date());
  const readCounter = (): bigint => {
    try {
      return BigInt((JSON.parse(fs.readFileSync(options.counterFile, 'utf8')) as { next: string }).next);
    } catch {
      return 1n;
    }
  };
  let next = options.serialStart ?? readCounter();
  if (next < 1n) throw new Error('A timestamp serial starts at 1 or more.');
  const save = () => writePrivate(options.counterFile, JSON.stringify({ next: next.toString() }) + '\n');
  save();
  // Each token's serial is taken in memory at once; the counter file is written just after the reply
  // goes out (one write for a burst), so a token does not wait on the disk.
  let saveQueued = false;
  const saveSoon = () => {
    if (saveQueued) return;
    saveQueued = true;
    setImmediate(() => {
      saveQueued = false;
      save();
    });
  };

  return {
    nextSerial: () => next,
    async reply(bytes) {
      let query: Query;
      try {
        query = parseQuery(bytes);
      } catch (err) {
        if (err instanceof Refusal) return rejection(err.fail, err.message);
        return rejection('badDataFormat', 'The request could not be read.');
      }
      try {
        // The serial is taken (and kept) before the first await: two tokens never share one.
        const serial = next;
        next += 1n;
        saveSoon();
        const at = now();
        const holder = options.holder(at);
        const chain = [holder.der, options.intermediate.der];
        const key: SealingKey = { chain, sign: (data) => Promise.resolve(sign('sha256', data, holder.key)) };
        const serialHex = serial.toString(16);
        const tstInfo = der(
          seq([
            int(1),
            oid(LOCAL_TSA_POLICY),
            seq([
              query.hashAlgorithm,
              asn1.create(Class.UNIVERSAL, Type.OCTETSTRING, false, query.hashedMessage.toString('binary')),
            ]),
            bigInt(Buffer.from(serialHex.length % 2 ? `0${serialHex}` : serialHex, 'hex')),
            asn1.create(Class.UNIVERSAL, Type.GENERALIZEDTIME, false, generalizedTimeMs(at)),
            seq([int(1)]), // accuracy: 1 second; ordering (DEFAULT FALSE) is left out, as DER wants
            ...(query.nonce ? [query.nonce] : []),
          ]),
        );
        const token = await signedData(key, {
          digest: createHash('sha256').update(tstInfo).digest(),
          contentType: OID.tstInfo,
          content: tstInfo,
          certificates: query.certReq ? chain : [],
        });
        return sequenceOf([der(seq([int(0)])), token.encode()]);
      } catch {
        return rejection('systemFailure', 'The timestamp could not be made.');
      }
    },
  };
}

export const TIMESTAMP_QUERY = 'application/timestamp-query';
export const TIMESTAMP_REPLY = 'application/timestamp-reply';

/** The HTTP face of an authority (RFC 3161 3.4): POST only, a query of at most 64 KB. */
export function tsaHandler(authority: TimestampAuthority, log: (line: string) => void): http.RequestListener {
  return (req, res) => {
    void (async () => {
      if (req.method !== 'POST') {
        res.setHeader('allow', 'POST');
        return sendPlain(res, 405, `POST an ${TIMESTAMP_QUERY} here.\n`);
      }
      if (mediaType(req) !== TIMESTAMP_QUERY) return sendPlain(res, 415, `Send ${TIMESTAMP_QUERY}.\n`);
      let body: Buffer;
      try {
        body = await readBody(req);
      } catch (err) {
        if (err instanceof TooLarge) return sendPlain(res, 413, 'A timestamp query is at most 64 KB.\n');
        return; // the client went away
      }
      sendDer(res, TIMESTAMP_REPLY, await authority.reply(body));
    })().catch((err: unknown) => {
      log(`Local TSA: ${String(err)}`);
      if (!res.headersSent) sendPlain(res, 500, 'Local TSA error.\n');
    });
  };
}

/** Serves an authority on host:port (0: a free one); the listener pauses and resumes it. */
export function startTsaServer(
  authority: TimestampAuthority,
  where: { host: string; port: number; label: string; variable: string; log: (line: string) => void },
): Promise<Listener> {
  return serve(tsaHandler(authority, where.log), where);
}
