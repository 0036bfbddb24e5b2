// Judges a PDF's long-term evidence in the browser (issue #30 item 6), from the file's bytes only and
// nothing we store: each approval signature against the bytes it signed (CMS messageDigest, the
// signature over the signed attributes with the signer's certificate, RFC 5652 5.4), its signature
// timestamp (RFC 3161 over the signature value), the DSS's certificates, OCSP responses (RFC 6960) and
// CRLs for every certificate of the signer's and the timestamp authorities' chains, and the document
// timestamps (ISO 32000-2 12.8.5) — then the PAdES level reached (ETSI EN 319 142-1: B-B, B-T, B-LT,
// B-LTA). pkijs parses, WebCrypto verifies. The same token check serves an agreement video's token
// (issue #30 item 4), against the video's SHA-256. Nothing here throws: a broken input is a finding.
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { dssOf, indexPdf, LIMITS, signaturesOf, type PdfDss, type PdfSignature } from './pdf-scan';

const OID = {
  signedData: '1.2.840.113549.1.7.2',
  tstInfo: '1.2.840.113549.1.9.16.1.4',
  messageDigest: '1.2.840.113549.1.9.4',
  signatureTimeStamp: '1.2.840.113549.1.9.16.2.14',
  commonName: '2.5.4.3',
  organization: '2.5.4.10',
  subjectKeyIdentifier: '2.5.29.14',
  extKeyUsage: '2.5.29.37',
  ocspSigning: '1.3.6.1.5.5.7.3.9',
  ocspBasic: '1.3.6.1.5.5.7.48.1.1',
};
const HASHES: Record<string, 'SHA-1' | 'SHA-256' | 'SHA-384' | 'SHA-512'> = {
  '1.3.14.3.2.26': 'SHA-1',
  '2.16.840.1.101.3.4.2.1': 'SHA-256',
  '2.16.840.1.101.3.4.2.2': 'SHA-384',
  '2.16.840.1.101.3.4.2.3': 'SHA-512',
};

const KEY_ONLY_ALGORITHMS = new Set(['1.2.840.113549.1.1.1', '1.2.840.10045.2.1']);

/** Files above this are not opened for evidence (the fingerprint check still runs): uploads are at
 *  most 50 MB, and the scan holds the file as a string besides its bytes. */
export const MAX_EVIDENCE_BYTES = 100 << 20;

export type Level = 'none' | 'B-B' | 'B-T' | 'B-LT' | 'B-LTA';
export const LEVELS: readonly Exclude<Level, 'none'>[] = ['B-B', 'B-T', 'B-LT', 'B-LTA'];

export interface TimestampCheck {
  /** genTime, ISO 8601 UTC. */
  readonly genTime: string;
  /** The authority's certificate subject CN (its organisation when it has no CN). */
  readonly authority: string;
  /** TSTInfo serialNumber, lower-case hex. */
  readonly serialHex: string;
  /** The message imprint is the hash of what it should cover. */
  readonly imprintMatches: boolean;
  /** The authority's signature over the TSTInfo verifies. */
  readonly signatureValid: boolean;
}

export interface SignatureCheck {
  readonly signer: string;
  readonly subFilter: string;
  readonly digestMatches: boolean;
  readonly signatureValid: boolean;
  readonly coversWholeFile: boolean;
  readonly laterRevisions: number;
  /** /M of the dictionary: the signer's own clock. */
  readonly claimedTime?: string;
  readonly timestamp?: TimestampCheck;
  /** The dictionary or its CMS could not be read. */
  readonly unreadable: boolean;
}

export interface DocumentTimestampCheck extends TimestampCheck {
  readonly coversDss: boolean;
  readonly coversWholeFile: boolean;
}

export type FindingCode =
  | 'tooLarge'
  | 'unreadablePdf'
  | 'noSignature'
  | 'unreadableSignature'
  | 'signatureValid'
  | 'digestMismatch'
  | 'signatureInvalid'
  | 'coversWholeFile'
  | 'coversRevision'
  | 'timestampValid'
  | 'noTimestamp'
  | 'timestampMismatch'
  | 'timestampInvalid'
  | 'noDss'
  | 'ltvComplete'
  | 'ltvIncomplete'
  | 'docTimestampValid'
  | 'noDocTimestamp'
  | 'docTimestampMismatch'
  | 'docTimestampInvalid'
  | 'docTimestampBeforeDss'
  | 'changedAfterTimestamp';

export interface Finding {
  readonly code: FindingCode;
  readonly tone: 'good' | 'bad' | 'info';
  readonly values?: Readonly<Record<string, string | number>>;
}

export interface EvidenceReport {
  readonly level: Level;
  readonly signatures: readonly SignatureCheck[];
  readonly documentTimestamps: readonly DocumentTimestampCheck[];
  readonly dss?: {
    readonly certs: number;
    readonly ocsps: number;
    readonly crls: number;
    readonly vri: number;
  };
  /** Every certificate of the chains (self-signed roots aside) has a good OCSP answer or CRL in the DSS. */
  readonly ltvComplete: boolean;
  /** The certificates (subject CN) that lack one. */
  readonly ltvMissing: readonly string[];
  readonly findings: readonly Finding[];
}

// ---------------------------------------------------------------------------------------------------
// Bytes and names

const toHex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
const view = (buffer: ArrayBuffer | ArrayBufferView): Uint8Array =>
  buffer instanceof ArrayBuffer
    ? new Uint8Array(buffer)
    : new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
const equalBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);

async function digest(name: string, ...parts: Uint8Array[]): Promise<Uint8Array> {
  const total = parts.reduce((n, p) => n + p.length, 0);
  const joined = parts.length === 1 ? parts[0]! : new Uint8Array(total);
  if (parts.length > 1) {
    let at = 0;
    for (const part of parts) {
      joined.set(part, at);
      at += part.length;
    }
  }
  return new Uint8Array(await crypto.subtle.digest(name, joined as BufferSource));
}

function parseDer(bytes: Uint8Array): asn1js.AsnType {
  const parsed = asn1js.fromBER(bytes as BufferSource);
  if (parsed.offset === -1) throw new Error('not DER');
  return parsed.result;
}

function nameField(name: pkijs.RelativeDistinguishedNames, type: string): string | undefined {
  const found = name.typesAndValues.find((tv) => tv.type === type);
  const value = found?.value as { valueBlock?: { value?: unknown } } | undefined;
  return typeof value?.valueBlock?.value === 'string' ? value.valueBlock.value : undefined;
}

/** The subject's CN, else its O, else '?'. */
export function certificateName(cert: pkijs.Certificate): string {
  return nameField(cert.subject, OID.commonName) ?? nameField(cert.subject, OID.organization) ?? '?';
}

const nameDer = (name: pkijs.RelativeDistinguishedNames) =>
  name.valueBeforeDecode.byteLength > 0 ? view(name.valueBeforeDecode) : view(name.toSchema().toBER());
const sameName = (a: pkijs.RelativeDistinguishedNames, b: pkijs.RelativeDistinguishedNames) =>
  equalBytes(nameDer(a), nameDer(b)) || a.isEqual(b);
const certDer = (cert: pkijs.Certificate) => view(cert.toSchema(true).toBER());
const selfIssued = (cert: pkijs.Certificate) => sameName(cert.subject, cert.issuer);

function subjectKeyId(cert: pkijs.Certificate): Uint8Array | undefined {
  const ext = cert.extensions?.find((e) => e.extnID === OID.subjectKeyIdentifier);
  if (!ext) return undefined;
  try {
    const inner = parseDer(view(ext.extnValue.valueBlock.valueHexView));
    return view((inner as asn1js.OctetString).valueBlock.valueHexView);
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------------
// CMS

interface ParsedCms {
  readonly signed: pkijs.SignedData;
  readonly info: pkijs.SignerInfo;
  readonly certificates: pkijs.Certificate[];
}

function parseCms(bytes: Uint8Array): ParsedCms {
  const content = new pkijs.ContentInfo({ schema: parseDer(bytes) });
  if (content.contentType !== OID.signedData) throw new Error('not SignedData');
  const signed = new pkijs.SignedData({ schema: content.content });
  const info = signed.signerInfos[0];
  if (!info) throw new Error('no SignerInfo');
  const certificates = (signed.certificates ?? []).filter(
    (c): c is pkijs.Certificate => c instanceof pkijs.Certificate,
  );
  return { signed, info, certificates };
}

function signerCertificate(
  info: pkijs.SignerInfo,
  pool: readonly pkijs.Certificate[],
): pkijs.Certificate | undefined {
  const sid: unknown = info.sid;
  if (sid instanceof pkijs.IssuerAndSerialNumber)
    return pool.find((c) => sameName(c.issuer, sid.issuer) && c.serialNumber.isEqual(sid.serialNumber));
  // [0] SubjectKeyIdentifier.
  const raw = (sid as { valueBlock?: { valueHexView?: Uint8Array; value?: asn1js.AsnType[] } }).valueBlock;
  const inner = raw?.value?.[0] as asn1js.OctetString | undefined;
  const id = raw?.valueHexView?.length ? raw.valueHexView : inner?.valueBlock.valueHexView;
  if (!id) return undefined;
  return pool.find((c) => {
    const ski = subjectKeyId(c);
    return ski !== undefined && equalBytes(ski, view(id));
  });
}

/** Checks one SignerInfo: the messageDigest against `content`'s hash, and the signature with `cert`. */
async function checkSignerInfo(
  info: pkijs.SignerInfo,
  cert: pkijs.Certificate | undefined,
  content: readonly Uint8Array[],
): Promise<{ digestMatches: boolean; signatureValid: boolean }> {
  const hash = HASHES[info.digestAlgorithm.algorithmId];
  if (!hash) return { digestMatches: false, signatureValid: false };
  let digestMatches = false;
  let data: Uint8Array;
  if (info.signedAttrs) {
    const attribute = info.signedAttrs.attributes.find((a) => a.type === OID.messageDigest);
    const claimed = attribute?.values[0] as asn1js.OctetString | undefined;
    const actual = await digest(hash, ...content);
    digestMatches = claimed !== undefined && equalBytes(view(claimed.valueBlock.valueHexView), actual);
    data = view(info.signedAttrs.encodedValue);
  } else {
    data = content.length === 1 ? content[0]! : await joinBytes(content);
  }
  let signatureValid = false;
  if (cert) {
    try {
      const engine = pkijs.getCrypto(true);
      // A bare key algorithm (rsaEncryption, id-ecPublicKey) takes its hash from the digest algorithm.
      signatureValid = KEY_ONLY_ALGORITHMS.has(info.signatureAlgorithm.algorithmId)
        ? await engine.verifyWithPublicKey(
            data as BufferSource,
            info.signature,
            cert.subjectPublicKeyInfo,
            info.signatureAlgorithm,
            hash,
          )
        : await engine.verifyWithPublicKey(
            data as BufferSource,
            info.signature,
            cert.subjectPublicKeyInfo,
            info.signatureAlgorithm,
          );
    } catch {
      signatureValid = false;
    }
  }
  // Without signed attributes the signature is over the content itself.
  if (!info.signedAttrs) digestMatches = signatureValid;
  return { digestMatches, signatureValid };
}

async function joinBytes(parts: readonly Uint8Array[]): Promise<Uint8Array> {
  return new Uint8Array(await new Blob([...parts] as BlobPart[]).arrayBuffer());
}

/** What a timestamp token should cover: the data itself, or (an agreement video's) its SHA-256. */
export type Imprinted = { readonly data: readonly Uint8Array[] } | { readonly sha256: Uint8Array };

interface TokenResult extends TimestampCheck {
  readonly certificate?: pkijs.Certificate;
  readonly certificates: readonly pkijs.Certificate[];
}

async function checkTokenInternal(
  token: Uint8Array,
  covered: Imprinted,
  /** Certificates from elsewhere in the file (the DSS): a token asked for without certReq has none. */
  extra: readonly pkijs.Certificate[] = [],
): Promise<TokenResult> {
  const cms = parseCms(token);
  const eContent = cms.signed.encapContentInfo;
  if (eContent.eContentType !== OID.tstInfo || !eContent.eContent) throw new Error('not a timestamp token');
  const tstBytes = view(eContent.eContent.getValue());
  const tst = new pkijs.TSTInfo({ schema: parseDer(tstBytes) });
  const imprintHash = HASHES[tst.messageImprint.hashAlgorithm.algorithmId];
  const claimed = view(tst.messageImprint.hashedMessage.valueBlock.valueHexView);
  let imprintMatches = false;
  if (imprintHash && 'data' in covered)
    imprintMatches = equalBytes(claimed, await digest(imprintHash, ...covered.data));
  if (imprintHash === 'SHA-256' && 'sha256' in covered) imprintMatches = equalBytes(claimed, covered.sha256);
  const certificate = signerCertificate(cms.info, [...cms.certificates, ...extra]);
  const { digestMatches, signatureValid } = await checkSignerInfo(cms.info, certificate, [tstBytes]);
  return {
    genTime: tst.genTime.toISOString(),
    authority: certificate ? certificateName(certificate) : '?',
    serialHex: toHex(view(tst.serialNumber.valueBlock.valueHexView)).replace(/^(00)+(?=.)/, ''),
    imprintMatches,
    signatureValid: digestMatches && signatureValid,
    ...(certificate ? { certificate } : {}),
    certificates: cms.certificates,
  };
}

/** An RFC 3161 token (DER) checked against what it should cover; undefined when it cannot be read. */
export async function checkTimestampToken(
  token: Uint8Array,
  covered: Imprinted,
): Promise<TimestampCheck | undefined> {
  try {
    const { genTime, authority, serialHex, imprintMatches, signatureValid } = await checkTokenInternal(
      token,
      covered,
    );
    return { genTime, authority, serialHex, imprintMatches, signatureValid };
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------------
// Chains and revocation data

async function issuedBy(cert: pkijs.Certificate, issuer: pkijs.Certificate): Promise<boolean> {
  if (!sameName(cert.issuer, issuer.subject)) return false;
  try {
    return await cert.verify(issuer);
  } catch {
    return false;
  }
}

/** The chain from `cert` up through `pool` (leaf first), as far as issuers are found. */
async function chainOf(
  cert: pkijs.Certificate,
  pool: readonly pkijs.Certificate[],
): Promise<pkijs.Certificate[]> {
  const chain = [cert];
  for (let current = cert; chain.length < 8 && !selfIssued(current);) {
    let next: pkijs.Certificate | undefined;
    for (const candidate of pool)
      if (!chain.includes(candidate) && (await issuedBy(current, candidate))) {
        next = candidate;
        break;
      }
    if (!next) break;
    chain.push(next);
    current = next;
  }
  return chain;
}

interface Revocations {
  readonly ocsps: pkijs.BasicOCSPResponse[];
  readonly crls: pkijs.CertificateRevocationList[];
}

function parseRevocations(dss: PdfDss | undefined): Revocations {
  const ocsps: pkijs.BasicOCSPResponse[] = [];
  const crls: pkijs.CertificateRevocationList[] = [];
  for (const bytes of dss?.ocsps ?? []) {
    try {
      const response = new pkijs.OCSPResponse({ schema: parseDer(bytes) });
      const body = response.responseBytes;
      if (response.responseStatus.valueBlock.valueDec !== 0 || body?.responseType !== OID.ocspBasic) continue;
      ocsps.push(
        new pkijs.BasicOCSPResponse({ schema: parseDer(view(body.response.valueBlock.valueHexView)) }),
      );
    } catch {
      // Not an OCSP response: it proves nothing.
    }
  }
  for (const bytes of dss?.crls ?? []) {
    try {
      crls.push(new pkijs.CertificateRevocationList({ schema: parseDer(bytes) }));
    } catch {
      // Not a CRL.
    }
  }
  return { ocsps, crls };
}

function canSignOcsp(cert: pkijs.Certificate): boolean {
  const ext = cert.extensions?.find((e) => e.extnID === OID.extKeyUsage);
  const usages = (ext?.parsedValue as { keyPurposes?: string[] } | undefined)?.keyPurposes ?? [];
  return usages.includes(OID.ocspSigning);
}

/** A good OCSP answer (signed by the issuer or its delegated responder) or a CRL of the issuer that
 *  does not list it. */
async function hasRevocationData(
  cert: pkijs.Certificate,
  issuer: pkijs.Certificate,
  revocations: Revocations,
): Promise<boolean> {
  const issuerKey = view(issuer.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView);
  for (const ocsp of revocations.ocsps) {
    for (const single of ocsp.tbsResponseData.responses) {
      const id = single.certID;
      const hash = HASHES[id.hashAlgorithm.algorithmId];
      if (!hash || !id.serialNumber.isEqual(cert.serialNumber)) continue;
      const [nameHash, keyHash] = await Promise.all([
        digest(hash, nameDer(cert.issuer)),
        digest(hash, issuerKey),
      ]);
      if (
        !equalBytes(view(id.issuerNameHash.valueBlock.valueHexView), nameHash) ||
        !equalBytes(view(id.issuerKeyHash.valueBlock.valueHexView), keyHash)
      )
        continue;
      // certStatus good is [0] IMPLICIT NULL.
      const status = single.certStatus as { idBlock?: { tagClass: number; tagNumber: number } };
      if (status.idBlock?.tagClass !== 3 || status.idBlock.tagNumber !== 0) continue;
      const responders = [issuer];
      for (const candidate of ocsp.certs ?? [])
        if (canSignOcsp(candidate) && (await issuedBy(candidate, issuer))) responders.push(candidate);
      for (const responder of responders) {
        try {
          const ok = await pkijs
            .getCrypto(true)
            .verifyWithPublicKey(
              ocsp.tbsResponseData.tbsView as BufferSource,
              ocsp.signature,
              responder.subjectPublicKeyInfo,
              ocsp.signatureAlgorithm,
            );
          if (ok) return true;
        } catch {
          // Try the next responder.
        }
      }
    }
  }
  for (const crl of revocations.crls) {
    if (!sameName(crl.issuer, cert.issuer)) continue;
    try {
      if (!(await crl.verify({ issuerCertificate: issuer }))) continue;
    } catch {
      continue;
    }
    if (!(crl.revokedCertificates ?? []).some((r) => r.userCertificate.isEqual(cert.serialNumber)))
      return true;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------------
// The PDF

function rangesOf(bytes: Uint8Array, signature: PdfSignature): Uint8Array[] {
  const [a, b, c, d] = signature.byteRange;
  return [bytes.subarray(a, a + b), bytes.subarray(c, c + d)];
}

interface ApprovalResult {
  readonly check: SignatureCheck;
  readonly chain: pkijs.Certificate[];
  readonly tsaChainOf?: pkijs.Certificate;
  readonly pool: pkijs.Certificate[];
}

async function judgeApproval(
  bytes: Uint8Array,
  signature: PdfSignature,
  dssCerts: readonly pkijs.Certificate[],
): Promise<ApprovalResult> {
  const base = {
    subFilter: signature.subFilter,
    coversWholeFile: signature.coversWholeFile,
    laterRevisions: signature.laterRevisions,
    ...(signature.claimedTime ? { claimedTime: signature.claimedTime } : {}),
  };
  const unreadable: ApprovalResult = {
    check: { ...base, signer: '?', digestMatches: false, signatureValid: false, unreadable: true },
    chain: [],
    pool: [],
  };
  if (signature.problem) return unreadable;
  let cms: ParsedCms;
  try {
    cms = parseCms(signature.contents);
  } catch {
    return unreadable;
  }
  const cert = signerCertificate(cms.info, [...cms.certificates, ...dssCerts]);
  const { digestMatches, signatureValid } = await checkSignerInfo(cms.info, cert, rangesOf(bytes, signature));
  let timestamp: TokenResult | undefined;
  const attribute = cms.info.unsignedAttrs?.attributes.find((a) => a.type === OID.signatureTimeStamp);
  const tokenNode = attribute?.values[0] as asn1js.AsnType | undefined;
  if (tokenNode) {
    try {
      const signatureValue = view(cms.info.signature.valueBlock.valueHexView);
      timestamp = await checkTokenInternal(view(tokenNode.toBER()), { data: [signatureValue] }, dssCerts);
    } catch {
      timestamp = undefined;
    }
  }
  const pool = [...cms.certificates, ...(timestamp?.certificates ?? [])];
  return {
    check: {
      ...base,
      signer: cert ? certificateName(cert) : '?',
      digestMatches,
      signatureValid,
      unreadable: false,
      ...(timestamp
        ? {
            timestamp: {
              genTime: timestamp.genTime,
              authority: timestamp.authority,
              serialHex: timestamp.serialHex,
              imprintMatches: timestamp.imprintMatches,
              signatureValid: timestamp.signatureValid,
            },
          }
        : {}),
    },
    chain: cert ? [cert] : [],
    ...(timestamp?.certificate ? { tsaChainOf: timestamp.certificate } : {}),
    pool,
  };
}

const timestampGood = (t: TimestampCheck | undefined) =>
  t !== undefined && t.imprintMatches && t.signatureValid;

/** Judges the long-term evidence of a PDF's bytes. Never throws. */
export async function judgePdf(bytes: Uint8Array, maxBytes = MAX_EVIDENCE_BYTES): Promise<EvidenceReport> {
  const empty = (code: FindingCode): EvidenceReport => ({
    level: 'none',
    signatures: [],
    documentTimestamps: [],
    ltvComplete: false,
    ltvMissing: [],
    findings: [{ code, tone: 'bad' }],
  });
  if (bytes.length > maxBytes) return empty('tooLarge');
  try {
    return await judge(bytes);
  } catch {
    return empty('unreadablePdf');
  }
}

async function judge(bytes: Uint8Array): Promise<EvidenceReport> {
  const index = await indexPdf(bytes);
  const found = signaturesOf(index);
  const approvals = found.filter((s) => s.kind === 'approval');
  const stamps = found.filter((s) => s.kind === 'documentTimestamp');
  const findings: Finding[] = [];
  if (approvals.length === 0) {
    return {
      level: 'none',
      signatures: [],
      documentTimestamps: [],
      ltvComplete: false,
      ltvMissing: [],
      findings: [{ code: 'noSignature', tone: 'bad' }],
    };
  }
  const dss = await dssOf(index);
  const dssCerts: pkijs.Certificate[] = [];
  for (const der of dss?.certs ?? []) {
    try {
      dssCerts.push(new pkijs.Certificate({ schema: parseDer(der) }));
    } catch {
      // Not a certificate.
    }
  }
  const revocations = parseRevocations(dss);

  const results: ApprovalResult[] = [];
  for (const signature of approvals) results.push(await judgeApproval(bytes, signature, dssCerts));

  const documentTimestamps: DocumentTimestampCheck[] = [];
  const docTsa: pkijs.Certificate[] = [];
  const docPool: pkijs.Certificate[] = [];
  for (const stamp of stamps.slice(0, LIMITS.signatures)) {
    if (stamp.problem) continue;
    try {
      const token = await checkTokenInternal(stamp.contents, { data: rangesOf(bytes, stamp) }, dssCerts);
      if (token.certificate) docTsa.push(token.certificate);
      docPool.push(...token.certificates);
      documentTimestamps.push({
        genTime: token.genTime,
        authority: token.authority,
        serialHex: token.serialHex,
        imprintMatches: token.imprintMatches,
        signatureValid: token.signatureValid,
        coversDss: dss !== undefined && stamp.byteRange[1] > dss.firstOffset,
        coversWholeFile: stamp.coversWholeFile,
      });
    } catch {
      documentTimestamps.push({
        genTime: '',
        authority: '?',
        serialHex: '',
        imprintMatches: false,
        signatureValid: false,
        coversDss: false,
        coversWholeFile: stamp.coversWholeFile,
      });
    }
  }

  // LTV: every certificate of the signers' and the authorities' chains, self-signed roots aside.
  const pool = [...results.flatMap((r) => r.pool), ...docPool, ...dssCerts];
  const leaves = [
    ...results.flatMap((r) => [...r.chain, ...(r.tsaChainOf ? [r.tsaChainOf] : [])]),
    ...docTsa,
  ];
  const missing: string[] = [];
  const checked = new Set<string>();
  for (const leaf of leaves) {
    const chain = await chainOf(leaf, pool);
    for (let i = 0; i < chain.length; i += 1) {
      const cert = chain[i]!;
      const key = toHex(certDer(cert));
      if (checked.has(key)) continue;
      checked.add(key);
      if (selfIssued(cert) && (await issuedBy(cert, cert))) continue;
      const issuer = chain[i + 1];
      if (!issuer || !(await hasRevocationData(cert, issuer, revocations)))
        missing.push(certificateName(cert));
    }
  }
  const ltvComplete = dss !== undefined && leaves.length > 0 && missing.length === 0;

  // Findings and the level, the weakest signature deciding.
  let level: Level = 'B-LTA';
  const lower = (to: Level) => {
    const order: Level[] = ['none', 'B-B', 'B-T', 'B-LT', 'B-LTA'];
    if (order.indexOf(to) < order.indexOf(level)) level = to;
  };
  for (const { check } of results) {
    if (check.unreadable) {
      findings.push({ code: 'unreadableSignature', tone: 'bad' });
      lower('none');
      continue;
    }
    if (!check.digestMatches) {
      findings.push({ code: 'digestMismatch', tone: 'bad' });
      lower('none');
    } else if (!check.signatureValid) {
      findings.push({ code: 'signatureInvalid', tone: 'bad' });
      lower('none');
    } else findings.push({ code: 'signatureValid', tone: 'good', values: { signer: check.signer } });
    if (check.digestMatches && check.signatureValid)
      findings.push(
        check.coversWholeFile
          ? { code: 'coversWholeFile', tone: 'good' }
          : { code: 'coversRevision', tone: 'info', values: { count: check.laterRevisions } },
      );
    if (!check.timestamp) {
      findings.push({ code: 'noTimestamp', tone: 'bad' });
      lower('B-B');
    } else if (!check.timestamp.imprintMatches) {
      findings.push({ code: 'timestampMismatch', tone: 'bad' });
      lower('B-B');
    } else if (!check.timestamp.signatureValid) {
      findings.push({ code: 'timestampInvalid', tone: 'bad' });
      lower('B-B');
    } else
      findings.push({
        code: 'timestampValid',
        tone: 'good',
        values: { authority: check.timestamp.authority },
      });
  }
  if (!dss) {
    findings.push({ code: 'noDss', tone: 'bad' });
    lower('B-T');
  } else if (!ltvComplete) {
    findings.push({
      code: 'ltvIncomplete',
      tone: 'bad',
      values: { names: [...new Set(missing)].join(', ') },
    });
    lower('B-T');
  } else findings.push({ code: 'ltvComplete', tone: 'good' });
  const goodStamps = documentTimestamps.filter((t) => timestampGood(t) && t.coversDss);
  if (documentTimestamps.length === 0) {
    findings.push({ code: 'noDocTimestamp', tone: 'info' });
    lower('B-LT');
  } else {
    for (const stamp of documentTimestamps) {
      if (!stamp.imprintMatches) findings.push({ code: 'docTimestampMismatch', tone: 'bad' });
      else if (!stamp.signatureValid) findings.push({ code: 'docTimestampInvalid', tone: 'bad' });
      else if (!stamp.coversDss) findings.push({ code: 'docTimestampBeforeDss', tone: 'bad' });
      else findings.push({ code: 'docTimestampValid', tone: 'good', values: { authority: stamp.authority } });
    }
    if (goodStamps.length === 0) lower('B-LT');
    // Bytes appended after the last document timestamp: a later revision no timestamp covers.
    if (!documentTimestamps[documentTimestamps.length - 1]!.coversWholeFile)
      findings.push({ code: 'changedAfterTimestamp', tone: 'info' });
  }
  return {
    level,
    signatures: results.map((r) => r.check),
    documentTimestamps,
    ...(dss
      ? {
          dss: {
            certs: dss.certs.length,
            ocsps: dss.ocsps.length,
            crls: dss.crls.length,
            vri: dss.vri.length,
          },
        }
      : {}),
    ltvComplete,
    ltvMissing: [...new Set(missing)],
    findings,
  };
}
