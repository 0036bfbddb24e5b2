// Long-term evidence (issue #30, architecture §22): after the approval signature of ./signer.ts,
// - B-T: its signature value is timestamped by an RFC 3161 authority and the token becomes the
//   SignerInfo's unsigned attribute id-aa-signatureTimeStampToken (./signer.ts with `unsignedAttributes`);
// - B-LT: an incremental update adds the Document Security Store (/DSS: every certificate of the signing
//   chain and of the authority's chain, an OCSP response for each one that is not a root, and a /VRI
//   entry keyed by the signature's SHA-1);
// - B-LTA: a last incremental update adds a document timestamp (/Type /DocTimeStamp, /SubFilter
//   /ETSI.RFC3161) over the whole file, DSS included.
// Nothing here reads a clock: every time in the output comes from the authorities' tokens.
import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import {
  ParseSpeeds,
  PDFDocument,
  PDFArray,
  PDFDict,
  PDFName,
  PDFNumber,
  PDFRef,
  PDFString,
  PDFRawStream,
  decodePDFRawStream,
  type PDFObject,
} from 'pdf-lib';
import { childrenOf, Class, der, fromDer, OID, tbsFields, type Asn1 } from './der';
import { certificateOf } from './pkix';
import { timestampInfo } from './rfc3161';
import { attribute } from './cms';
import { SealError } from './errors';
import { appendRevision, lastRevision, type UpdateObject } from './incremental';
import { signPdf } from './signer';
import type { SealingKey, TrustServices } from './types';

/** Hex digits reserved for a document timestamp token (half as many bytes). */
const DOC_TIMESTAMP_LENGTH = 24576;

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest();
const toBuffer = (data: Uint8Array) => Buffer.from(data.buffer, data.byteOffset, data.byteLength);

/** The unsigned attribute that makes a CAdES signature B-T. */
export function signatureTimestampAttribute(token: Uint8Array): Asn1 {
  return attribute(OID.signatureTimeStampToken, fromDer(token));
}

/**
 * The certificates a TimeStampToken carries (SignedData certificates [0]), DER. The token was checked
 * when it was received (lambdas/adapters/trust.ts): read, not checked again, on the seal's path.
 */
export function certificatesOfToken(token: Uint8Array): Buffer[] {
  try {
    const [, content] = childrenOf(fromDer(token));
    const signed = childrenOf(childrenOf(content!)[0]!);
    const certs = signed.find((n) => n.tagClass === Class.CONTEXT_SPECIFIC && n.type === 0);
    return certs ? childrenOf(certs).map((c) => der(c)) : [];
  } catch (error) {
    throw new SealError('timestamp_unavailable', 'the timestamp token is not a CMS SignedData', {
      cause: error,
    });
  }
}

interface CertificateFacts {
  readonly der: Buffer;
  readonly issuer: Buffer;
  readonly subject: Buffer;
}

function factsOf(certificate: Uint8Array): CertificateFacts {
  const fields = tbsFields(fromDer(certificate));
  return { der: toBuffer(certificate), issuer: der(fields[2]!), subject: der(fields[4]!) };
}

/** Distinct certificates, in the order given. */
function distinct(certificates: readonly Uint8Array[]): CertificateFacts[] {
  const seen = new Set<string>();
  const out: CertificateFacts[] = [];
  for (const c of certificates) {
    const key = sha256(c).toString('hex');
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(factsOf(c));
  }
  return out;
}

/** The validation data of a set of chains: every certificate, and an OCSP response for each non-root. */
export interface ValidationData {
  readonly certificates: readonly Buffer[];
  readonly ocsps: readonly Buffer[];
}

/**
 * Asks for an OCSP response for every certificate of `certificates` that is not self-signed, its
 * issuer found among them (in parallel; the adapter caches). A certificate whose issuer is missing
 * cannot be given revocation data: 'revocation_unavailable'.
 */
export async function validationData(
  trust: TrustServices,
  certificates: readonly Uint8Array[],
  asked: Map<string, Promise<Buffer>> = new Map(),
  /** Certificates where issuers may also be found (a renewal: the DSS's). */
  issuers: readonly Uint8Array[] = [],
): Promise<ValidationData> {
  const all = distinct(certificates);
  const pool = [...all, ...distinct(issuers)];
  const ocsps = await Promise.all(
    all
      .filter((c) => !c.issuer.equals(c.subject))
      .map((c) => {
        const key = sha256(c.der).toString('hex');
        let pending = asked.get(key);
        if (!pending) {
          const issuer = pool.find((i) => i.subject.equals(c.issuer));
          pending = issuer
            ? Promise.resolve(trust.revocation(c.der, issuer.der)).then(toBuffer)
            : Promise.reject(
                new SealError(
                  'revocation_unavailable',
                  'a certificate of the chain has no issuer among them',
                ),
              );
          asked.set(key, pending);
        }
        return pending;
      }),
  );
  return { certificates: all.map((c) => c.der), ocsps };
}

const ascii = (text: string) => Buffer.from(text, 'latin1');

/** A pdf-lib object's bytes, as the object's body in an update. */
function bodyOf(object: PDFObject): Buffer {
  const out = Buffer.alloc(object.sizeInBytes());
  object.copyBytesInto(out, 0);
  return out;
}

/** A stream object holding `data` as it is (no filter: certificates and OCSP responses are DER). */
function streamBody(data: Uint8Array): Buffer {
  return Buffer.concat([
    ascii(`<< /Length ${data.byteLength} >>\nstream\n`),
    toBuffer(data),
    ascii('\nendstream'),
  ]);
}

/** The /Contents bytes (the padded CMS) of the signature dictionary whose /ByteRange is last in `pdf`. */
export function lastSignatureContents(pdf: Uint8Array): Buffer {
  const bytes = toBuffer(pdf);
  const at = bytes.lastIndexOf('/ByteRange');
  const range =
    at < 0 ? null : /\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(bytes.toString('latin1', at, at + 80));
  if (!range) throw new SealError('unreadable_pdf', 'the file has no signature');
  const start = Number(range[2]);
  const end = Number(range[3]);
  if (bytes[start] !== 0x3c || bytes[end - 1] !== 0x3e)
    throw new SealError('unreadable_pdf', 'bad /ByteRange');
  return Buffer.from(bytes.toString('latin1', start + 1, end - 1), 'hex');
}

/** Makes `doc` agree with the file about which object numbers are taken (pdf-lib's writer does not). */
function reserveNumbers(doc: PDFDocument, pdf: Uint8Array): void {
  const { size } = lastRevision(pdf);
  if (doc.context.largestObjectNumber < size - 1) doc.context.largestObjectNumber = size - 1;
}

/**
 * B-LT: the file with a DSS revision holding `data`, and a /VRI entry for the last signature of the
 * file. `doc` is the document as last written (its catalog gains /DSS, in memory too).
 */
export function appendDss(pdf: Uint8Array, doc: PDFDocument, data: ValidationData): Buffer {
  reserveNumbers(doc, pdf);
  const objects: UpdateObject[] = [];
  const streamRefs = (items: readonly Buffer[]) =>
    items.map((item) => {
      const ref = doc.context.nextRef();
      objects.push({ number: ref.objectNumber, body: streamBody(item) });
      return ref;
    });
  // A DSS already there (a renewal, issue #30 item 3) keeps what it holds; the new data is added.
  const previous = doc.catalog.lookupMaybe(PDFName.of('DSS'), PDFDict);
  const kept = (key: string): PDFRef[] =>
    (previous?.lookupMaybe(PDFName.of(key), PDFArray)?.asArray() ?? []).filter(
      (item): item is PDFRef => item instanceof PDFRef,
    );
  const certs = streamRefs(data.certificates);
  const ocsps = streamRefs(data.ocsps);
  const array = (refs: PDFRef[]) => doc.context.obj(refs);
  const vriKey = createHash('sha1').update(lastSignatureContents(pdf)).digest('hex').toUpperCase();
  const vri = previous?.lookupMaybe(PDFName.of('VRI'), PDFDict) ?? doc.context.obj({});
  vri.set(PDFName.of(vriKey), doc.context.obj({ Cert: array(certs), OCSP: array(ocsps) }));
  const dss = doc.context.obj({
    Type: 'DSS',
    Certs: array([...kept('Certs'), ...certs]),
    OCSPs: array([...kept('OCSPs'), ...ocsps]),
    VRI: vri,
  });
  const dssRef = doc.context.nextRef();
  objects.push({ number: dssRef.objectNumber, body: bodyOf(dss) });
  doc.catalog.set(PDFName.of('DSS'), dssRef);
  objects.push({ number: rootNumber(doc), body: bodyOf(doc.catalog) });
  return appendRevision(pdf, objects).pdf;
}

function rootNumber(doc: PDFDocument): number {
  const root = doc.context.trailerInfo.Root;
  if (!(root instanceof PDFRef))
    throw new SealError('unreadable_pdf', 'the document has no catalog reference');
  return root.objectNumber;
}

/** The array at `key` of `holder` (inline or referenced), with `ref` added; the objects to rewrite. */
function addToArray(doc: PDFDocument, holder: PDFDict, key: string, ref: PDFRef): PDFRef[] {
  const value = holder.get(PDFName.of(key));
  if (value instanceof PDFRef) {
    const array = doc.context.lookup(value);
    if (!(array instanceof PDFArray)) throw new SealError('unreadable_pdf', `/${key} is not an array`);
    array.push(ref);
    return [value];
  }
  if (value instanceof PDFArray) {
    value.push(ref);
  } else {
    holder.set(PDFName.of(key), doc.context.obj([ref]));
  }
  return [];
}

/** The number of the object holding `dict` when it is an indirect object, else undefined. */
function numberOf(doc: PDFDocument, dict: PDFObject): number | undefined {
  for (const [ref, object] of doc.context.enumerateIndirectObjects())
    if (object === dict) return ref.objectNumber;
  return undefined;
}

/**
 * B-LTA: the file with a document timestamp as its last revision: an invisible signature field on the
 * last page whose value is a /DocTimeStamp dictionary; its /Contents is the authority's token over the
 * SHA-256 of every byte but the token's own placeholder.
 */
export async function appendDocumentTimestamp(
  pdf: Uint8Array,
  doc: PDFDocument,
  trust: TrustServices,
): Promise<{ pdf: Buffer; token: Buffer }> {
  reserveNumbers(doc, pdf);
  const context = doc.context;
  const page = doc.getPage(doc.getPageCount() - 1);
  const sigRef = context.nextRef();
  const widgetRef = context.nextRef();
  const existing = doc.catalog
    .lookupMaybe(PDFName.of('AcroForm'), PDFDict)
    ?.lookupMaybe(PDFName.of('Fields'), PDFArray);
  const fieldCount = existing?.size() ?? 0;
  const widget = context.obj({
    Type: 'Annot',
    Subtype: 'Widget',
    FT: 'Sig',
    T: PDFString.of(`DocumentTimestamp${fieldCount + 1}`),
    V: sigRef,
    Rect: [0, 0, 0, 0],
    F: 132, // print, locked
    P: page.ref,
  });
  const rewrite = new Set<number>();
  // The page lists the widget; the form lists the field.
  for (const ref of addToArray(doc, page.node, 'Annots', widgetRef)) rewrite.add(ref.objectNumber);
  rewrite.add(page.ref.objectNumber);
  let acroForm = doc.catalog.lookupMaybe(PDFName.of('AcroForm'), PDFDict);
  if (!acroForm) {
    acroForm = context.obj({ Fields: [] });
    doc.catalog.set(PDFName.of('AcroForm'), context.register(acroForm));
  }
  for (const ref of addToArray(doc, acroForm, 'Fields', widgetRef)) rewrite.add(ref.objectNumber);
  acroForm.set(PDFName.of('SigFlags'), PDFNumber.of(3));
  rewrite.add(numberOf(doc, acroForm) ?? rootNumber(doc));
  rewrite.add(rootNumber(doc)); // the catalog may have gained /AcroForm

  const placeholder = '0'.repeat(DOC_TIMESTAMP_LENGTH);
  const rangeSlot = ' '.repeat(44);
  const sigBody = ascii(
    `<< /Type /DocTimeStamp /Filter /Adobe.PPKLite /SubFilter /ETSI.RFC3161 /ByteRange [${rangeSlot}] ` +
      `/Contents <${placeholder}> >>`,
  );
  const objects: UpdateObject[] = [
    { number: sigRef.objectNumber, body: sigBody },
    { number: widgetRef.objectNumber, body: bodyOf(widget) },
    ...[...rewrite].map((n) => ({ number: n, body: bodyOf(context.lookup(PDFRef.of(n))!) })),
  ];
  const { pdf: out, offsets } = appendRevision(pdf, objects);

  // The placeholder's place: inside the sig object, after its number line.
  const sigAt = offsets.get(sigRef.objectNumber)! + `${sigRef.objectNumber} 0 obj\n`.length;
  const rangeAt = sigAt + sigBody.indexOf('[') + 1;
  const start = sigAt + sigBody.indexOf('<', sigBody.indexOf('/Contents'));
  const end = start + placeholder.length + 2;
  const range = `0 ${start} ${end} ${out.length - end}`;
  if (range.length > rangeSlot.length) throw new SealError('bad_signer', 'the PDF is too large to timestamp');
  out.write(range.padEnd(rangeSlot.length, ' '), rangeAt, 'latin1');
  const digest = createHash('sha256').update(out.subarray(0, start)).update(out.subarray(end)).digest();
  const token = toBuffer(await trust.timestamp(digest));
  if (token.length * 2 > placeholder.length) {
    throw new SealError(
      'bad_signer',
      `the document timestamp (${token.length} bytes) exceeds its placeholder`,
    );
  }
  out.write(token.toString('hex').padEnd(placeholder.length, '0'), start + 1, 'latin1');
  return { pdf: out, token };
}

/** The long-term stages' durations (ms), for logs and bench/. */
export type EvidenceTimings = Record<
  'timestamp' | 'revocation' | 'dss' | 'docTimestamp' | 'roundTrips',
  number
>;

/**
 * Signs `unsigned` (saved from `doc`, with a signature placeholder) as PAdES B-LTA. The signing chain's
 * OCSP responses are asked for at once, while the signature and its timestamp are made; the
 * authority's chain once its token is known.
 */
export async function signLongTerm(
  unsigned: Uint8Array,
  doc: PDFDocument,
  key: SealingKey,
  trust: TrustServices,
  asked: Map<string, Promise<Buffer>> = new Map(),
): Promise<{ pdf: Buffer; timings: EvidenceTimings; archiveTimestamp: TimestampFacts }> {
  const timings: EvidenceTimings = { timestamp: 0, revocation: 0, dss: 0, docTimestamp: 0, roundTrips: 0 };
  const early = validationData(trust, key.chain, asked);
  early.catch(() => undefined); // awaited below; a failure is reported there, not as unhandled
  let token: Buffer | undefined;
  const signed = await signPdf(unsigned, key, async (signatureValue) => {
    const t = performance.now();
    token = toBuffer(await trust.timestamp(sha256(signatureValue)));
    timings.timestamp = Math.round(performance.now() - t);
    return [signatureTimestampAttribute(token)];
  });
  const t = performance.now();
  const data = await validationData(trust, [...key.chain, ...certificatesOfToken(token!)], asked);
  // Only the wait after the signature counts: the rest overlapped the document's building.
  timings.revocation = Math.round(performance.now() - t);
  const d = performance.now();
  const withDss = appendDss(signed, doc, data);
  timings.dss = Math.round(performance.now() - d);
  const s = performance.now();
  let archiveWait = 0;
  const timed: TrustServices = {
    ...trust,
    timestamp: async (digest) => {
      const w = performance.now();
      try {
        return await trust.timestamp(digest);
      } finally {
        archiveWait = performance.now() - w;
      }
    },
  };
  const { pdf, token: archive } = await appendDocumentTimestamp(withDss, doc, timed);
  timings.docTimestamp = Math.round(performance.now() - s);
  // What the worker waited on the authorities and responders, one after the other (bench/seal.ts).
  timings.roundTrips = timings.timestamp + timings.revocation + Math.round(archiveWait);
  return { pdf, timings, archiveTimestamp: timestampFacts(archive) };
}

/** What the audit pages say of a timestamp token: when, by whom, its serial. */
export interface TimestampFacts {
  readonly genTime: Date;
  /** When the authority's certificate expires: the token must be renewed before (issue #30 item 3). */
  readonly certificateNotAfter: Date;
  /** The authority's certificate's common name. */
  readonly authority: string;
  /** The token's serial number, lower-case hex. */
  readonly serialHex: string;
}

/** Reads a TimeStampToken's TSTInfo and its signer (./rfc3161.ts, which checks its signature too). */
export function timestampFacts(token: Uint8Array): TimestampFacts {
  const info = timestampInfo(token);
  return {
    genTime: info.genTime,
    certificateNotAfter: certificateOf(info.signerCertificate).notAfter,
    authority: info.authority,
    serialHex: info.serialHex,
  };
}

/** The token of the file's last signature when it is a document timestamp (our B-LTA files end so). */
export function lastDocumentTimestamp(pdf: Uint8Array): Buffer {
  const bytes = toBuffer(pdf);
  const at = bytes.lastIndexOf('/ByteRange');
  const dictStart = bytes.lastIndexOf(' obj', at);
  if (at < 0 || !bytes.toString('latin1', dictStart, at).includes('/DocTimeStamp')) {
    throw new SealError('unreadable_pdf', 'the file does not end with a document timestamp');
  }
  const contents = lastSignatureContents(pdf);
  // The hex string is padded with zeros after the DER: cut at the token's own length.
  const token = fromDer(readDerPrefix(contents));
  return der(token);
}

/** The first DER value of `bytes` (what a padded /Contents holds before its zeros). */
function readDerPrefix(bytes: Buffer): Buffer {
  let length = bytes[1]!;
  let head = 2;
  if (length & 0x80) {
    const n = length & 0x7f;
    length = 0;
    for (let i = 0; i < n; i += 1) length = length * 256 + bytes[2 + i]!;
    head += n;
  }
  return bytes.subarray(0, head + length);
}

/**
 * Renews a B-LTA file's archive timestamp (issue #30 item 3): validation data for the last document
 * timestamp's authority (its chain and OCSP responses) is added to the DSS, then a new document
 * timestamp covers everything. Every earlier signature and timestamp still covers what it covered.
 */
export async function renewArchiveTimestamp(
  pdf: Uint8Array,
  trust: TrustServices,
): Promise<{ pdf: Buffer; timestamp: TimestampFacts }> {
  const last = lastDocumentTimestamp(pdf);
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(toBuffer(pdf), { updateMetadata: false, parseSpeed: ParseSpeeds.Fastest });
  } catch (error) {
    throw new SealError('unreadable_pdf', 'the sealed file could not be read', { cause: error });
  }
  const stored = (
    doc.catalog
      .lookupMaybe(PDFName.of('DSS'), PDFDict)
      ?.lookupMaybe(PDFName.of('Certs'), PDFArray)
      ?.asArray() ?? []
  )
    .map((ref) => doc.context.lookup(ref))
    .filter((stream): stream is PDFRawStream => stream instanceof PDFRawStream)
    .map((stream) => Buffer.from(decodePDFRawStream(stream).decode()));
  const data = await validationData(trust, certificatesOfToken(last), new Map(), stored);
  const withDss = appendDss(pdf, doc, data);
  const { pdf: out, token } = await appendDocumentTimestamp(withDss, doc, trust);
  return { pdf: out, timestamp: timestampFacts(token) };
}
