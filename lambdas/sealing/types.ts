// The sealing module's contract (issue #6): pure functions over bytes, no AWS, no clock of their own.
// The seal use case (lambdas/usecases/sealing.ts) gathers the inputs from the repository and storage.
import type { Language } from '../../shared/domain/constants';

/** One sign or stamp image placed in one area, in PDF coordinates (points, origin bottom-left). */
export interface Stamp {
  readonly pageIndex: number;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  /** PNG bytes with a transparent background. */
  readonly png: Uint8Array;
}

/**
 * One field of the contract drawn into its area (issue #27), already resolved by the caller to what is
 * drawn: `text` (a name, text, number, localized date, chosen option, "Attached: file.pdf"), `check` (a
 * ticked checkbox: a vector check mark), `strike` (a line through the middle of the area, full width)
 * or `none` (an empty optional field: nothing drawn, but its area still replaces a form widget there).
 */
export interface FieldDrawing {
  readonly pageIndex: number;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly kind: 'text' | 'check' | 'strike' | 'none';
  /** `text` only: may be Japanese or Korean; a newline starts a new line. */
  readonly text?: string;
  /** `text`: wrap onto several lines (a multiline text field), else one line shrunk to fit. */
  readonly multiline?: boolean;
  /** `text`: a small caption (an attachment's file name), not a filled value. */
  readonly small?: boolean;
}

/** A file a contractor attached (issue #27), embedded in the sealed PDF as an embedded file. */
export interface SealAttachment {
  /** The name it is listed under (unique within the document; the caller makes it so). */
  readonly fileName: string;
  readonly contentType: string;
  readonly bytes: Uint8Array;
  /** Lower-case hex SHA-256 of `bytes`, checked by the caller against the record. */
  readonly sha256: string;
  /** Already translated, with the SHA-256 in it. */
  readonly description: string;
}

/** Under a video signer's stamped sign (issue #15): a caption and a QR code to that video's verify page. */
export interface VideoMark {
  /** The signer's sign area the mark goes with (PDF points, origin bottom-left). */
  readonly pageIndex: number;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  /** Already translated: "Video signature · recorded … · SHA-256 …". */
  readonly caption: string;
  /** The video's verification URL, drawn as the QR code. */
  readonly url: string;
}

/** One field as the audit pages list it (issue #27); texts already translated and formatted. */
export interface AuditField {
  /** The field type's name ('Checkbox', 'チェックボックス' …). */
  readonly type: string;
  readonly label: string;
  readonly filledBy: string;
  readonly filledAt: string;
  /** The value; an attachment's name, size and SHA-256; a strikethrough's "struck by … at …". */
  readonly value: string;
}

/** One contractor's fields in the audit pages' "Fields" section. */
export interface AuditFieldGroup {
  /** 'Name (Contractor 1)'. */
  readonly recipient: string;
  readonly fields: readonly AuditField[];
}

/** One agreement video as the audit pages list it (issue #15); texts already formatted by the caller. */
export interface AuditVideo {
  readonly recipient: string;
  readonly recordedAt: string;
  /** When the recording session opened (Record pressed), and the recording device's user agent. */
  readonly sessionStartedAt?: string;
  readonly userAgent?: string;
  /** Omitted when the container did not tell. */
  readonly duration?: string;
  readonly size: string;
  readonly type: string;
  readonly sha256: string;
  readonly challenge: string;
  /** The token id, or a note that the token is minted after sealing (decision 101). */
  readonly token: string;
  /** Issue #30: the video's RFC 3161 timestamp, formatted (time · authority · serial). */
  readonly timestamp?: string;
}

/** One party of the contract as the audit pages show it. Every text may be Japanese or Korean. */
export interface AuditParty {
  readonly name: string;
  readonly maskedContact: string;
  /** 'Requester' / 'Contractor 1' … already translated by the caller. */
  readonly role: string;
  /** The requester's: when the requests were sent (instead of received / opened / signed). */
  readonly sentAt?: string;
  readonly receivedAt?: string;
  readonly openedAt?: string;
  readonly signedAt?: string;
  readonly ip?: string;
  readonly userAgent?: string;
  /** The agreement result, already translated ('Agreed', …). */
  readonly result: string;
  /** Video-confirm result and video hash, for video contracts. */
  readonly videoResult?: string;
  readonly videoSha256?: string;
}

/** One history line, texts already translated and times already formatted by the caller. */
export interface AuditHistoryLine {
  readonly time: string;
  readonly action: string;
  readonly actor: string;
  readonly ip: string;
  readonly userAgent: string;
}

export interface AuditData {
  readonly title: string;
  /** id4 in upper case. */
  readonly shortNumber: string;
  readonly documentId: string;
  /** Omitted for a video contract (issue #16): it has no original file, and no row is printed. */
  readonly originalSha256?: string;
  readonly originalFileName?: string;
  readonly pageCount?: number;
  readonly createdAt: string;
  readonly completedAt: string;
  readonly parties: readonly AuditParty[];
  readonly history: readonly AuditHistoryLine[];
  /** Video-sign contracts: every agreement video (the "Videos" section). */
  readonly videos?: readonly AuditVideo[];
  /** Documents with fields other than signs (issue #27): every field of every contractor. */
  readonly fields?: readonly AuditFieldGroup[];
  /** The public verification page for this document; drawn as a QR code and a link. */
  readonly verifyUrl: string;
}

/** The service's signing identity: a PKCS#12 bundle (key + certificate) and its passphrase. */
export interface ServiceSigner {
  readonly p12: Uint8Array;
  readonly passphrase: string;
}

/**
 * A signing key whose private half may live elsewhere (issue #30: AWS KMS when deployed; the key of a
 * PKCS#12 bundle locally, see `sealingKeyOf`). `chain` is the signing certificate first, then its
 * issuers up to the root, each DER.
 */
export interface SealingKey {
  readonly chain: readonly Uint8Array[];
  /** RSASSA-PKCS1-v1_5 with SHA-256 over `data` (the DER of the signed attributes). */
  sign(data: Uint8Array): Promise<Uint8Array>;
}

/**
 * What long-term evidence asks of the outside world (issue #30, architecture §22): the port the
 * sealing module calls, implemented over HTTP in lambdas/adapters/trust.ts. Both methods throw
 * `SealError('timestamp_unavailable' | 'revocation_unavailable')` when no authority answers well: the
 * seal job retries through its queue, and the server's own clock is never used instead.
 */
export interface TrustServices {
  /** An RFC 3161 TimeStampToken (DER ContentInfo of a SignedData over a TSTInfo) whose message
   *  imprint is the SHA-256 `digest`, from the first configured authority that answers. */
  timestamp(digest: Uint8Array): Promise<Uint8Array>;
  /** A fresh DER OCSPResponse (successful, status good) for `certificate` issued by `issuer`, from
   *  the responder its Authority Information Access names. */
  revocation(certificate: Uint8Array, issuer: Uint8Array): Promise<Uint8Array>;
}

/** One party of a video contract on its record pages (issue #16); texts already formatted. */
export interface RecordParty {
  readonly name: string;
  /** 'Requester' / 'Contractor 1' … already translated by the caller. */
  readonly role: string;
  readonly maskedContact: string;
  /** When the party agreed (UTC, `auditTime`); omitted when not recorded. */
  readonly agreedAt?: string;
}

/** One recorded video of a video contract: the audit's rows plus its still and its verify link. */
export interface RecordVideo extends AuditVideo {
  /** The still the recorder captured (JPEG bytes); absent or unreadable → a placeholder box. */
  readonly thumbnail?: Uint8Array;
  /** The video's public verification page, drawn as a QR code and a link. */
  readonly verifyUrl: string;
}

/** The contract record of a video contract (issue #16): what the generated PDF shows before the audit. */
export interface RecordData {
  readonly title: string;
  /** id4 in upper case. */
  readonly shortNumber: string;
  readonly documentId: string;
  readonly createdAt: string;
  readonly completedAt: string;
  /** Requester (the owner) first, then the contractors. */
  readonly parties: readonly RecordParty[];
  /** The owner's video first, then each contractor's. */
  readonly videos: readonly RecordVideo[];
}

/** Exactly one of `original` (E-Sign, Video Sign: the uploaded PDF is stamped) and `record` (Video
 *  Contract: a new PDF of record pages is generated) is given. */
/** The brand a contract was sent under (issue #29 item 2): its logo (our own PNG re-encoding) and its
 *  accent colour, at the top of the first audit page and of the certificate. */
export interface DocumentBrand {
  readonly logoPng?: Uint8Array;
  /** `#rrggbb`. */
  readonly color: string;
}

export interface SealInput {
  readonly original?: Uint8Array;
  readonly record?: RecordData;
  /** Sign images into the original (empty for a record). */
  readonly stamps: readonly Stamp[];
  /** Video-sign contracts: one mark under each video signer's stamped area. */
  readonly videoMarks?: readonly VideoMark[];
  /** Fields other than sign images (issue #27), drawn into their areas after the stamps. */
  readonly fields?: readonly FieldDrawing[];
  /** Files contractors attached (issue #27), embedded as PDF embedded files. */
  readonly attachments?: readonly SealAttachment[];
  readonly audit: AuditData;
  /** Language of the audit pages' labels. */
  readonly language: Language;
  readonly signer: ServiceSigner | SealingKey;
  /** Signing time written into the signature dictionary (the caller's clock). */
  readonly signedAt: Date;
  /** Absent: SignSeal's own (no banner). */
  readonly brand?: DocumentBrand;
  /** Given: the output is PAdES B-LTA (signature timestamp, DSS, document timestamp; issue #30).
   *  Absent: PAdES B-B, as before (unit tests and the bench's baseline only). */
  readonly trust?: TrustServices;
}

/** 'load': open the original (a record: create the document); 'stamp': the first pages' content (signs
 *  and video marks; a record's pages). */
export type SealStage = 'load' | 'stamp' | 'audit' | 'save' | 'sign' | 'hash';

/** Issue #30: the long-term evidence stages, each a round trip or its PDF update (ms). 'revocation'
 *  is the wait left after the signature (its requests start while the document is built);
 *  'roundTrips' sums the waits on the authorities and responders that the worker sat through. */
export type EvidenceStage = 'timestamp' | 'revocation' | 'dss' | 'docTimestamp' | 'roundTrips';

export interface SealResult {
  readonly pdf: Uint8Array;
  /** Lower-case hex SHA-256 of `pdf`: what is anchored on chain. */
  readonly sha256: string;
  readonly pageCount: number;
  /** Milliseconds per stage, for logs and bench/. */
  readonly timings: Readonly<Record<SealStage, number>>;
  /** With `trust`: the long-term evidence stages (issue #30). */
  readonly evidenceTimings?: Readonly<Record<EvidenceStage, number>>;
  /** With `trust`: the document timestamp that ends the file; renewed before its certificate expires. */
  readonly archiveTimestamp?: {
    readonly genTime: Date;
    readonly certificateNotAfter: Date;
    readonly authority: string;
    readonly serialHex: string;
  };
}

/** One video's token on the certificate: whose, its hash, its token and transaction. */
export interface CertificateVideo {
  readonly recipient: string;
  readonly sha256: string;
  readonly tokenId: string;
  readonly transactionHash: string;
}

/** The certificate e-mailed after anchoring: one or two pages, standalone PDF. */
export interface CertificateInput {
  readonly language: Language;
  readonly title: string;
  readonly shortNumber: string;
  readonly completedAt: string;
  readonly parties: readonly {
    readonly name: string;
    readonly maskedContact: string;
    readonly signedAt?: string;
  }[];
  readonly finalSha256: string;
  /** Omitted (and no row printed) for a video contract, which has no original file. */
  readonly originalSha256?: string;
  readonly tokenId: string;
  /** Video-sign contracts: each agreement video's token (issue #15). */
  readonly videos?: readonly CertificateVideo[];
  readonly contractAddress: string;
  readonly chainId: number;
  readonly chainName: string;
  readonly transactionHash: string;
  readonly anchoredAt: string;
  readonly verifyUrl: string;
  /** When given, the certificate is signed too (same signature format as the sealed PDF). */
  readonly signer?: ServiceSigner | SealingKey;
  /** With `signer`: the certificate is PAdES B-LTA too (issue #30). */
  readonly trust?: TrustServices;
  /** Signing time for `signer` (the caller's clock); required for a byte-stable signed certificate. */
  readonly signedAt?: Date;
  /** Absent: SignSeal's own (no banner). */
  readonly brand?: DocumentBrand;
}
