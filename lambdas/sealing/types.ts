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
  readonly originalSha256: string;
  readonly originalFileName: string;
  readonly pageCount?: number;
  readonly createdAt: string;
  readonly completedAt: string;
  readonly parties: readonly AuditParty[];
  readonly history: readonly AuditHistoryLine[];
  /** Video-sign contracts: every agreement video (the "Videos" section). */
  readonly videos?: readonly AuditVideo[];
  /** The public verification page for this document; drawn as a QR code and a link. */
  readonly verifyUrl: string;
}

/** The service's signing identity: a PKCS#12 bundle (key + certificate) and its passphrase. */
export interface ServiceSigner {
  readonly p12: Uint8Array;
  readonly passphrase: string;
}

export interface SealInput {
  readonly original: Uint8Array;
  readonly stamps: readonly Stamp[];
  /** Video-sign contracts: one mark under each video signer's stamped area. */
  readonly videoMarks?: readonly VideoMark[];
  readonly audit: AuditData;
  /** Language of the audit pages' labels. */
  readonly language: Language;
  readonly signer: ServiceSigner;
  /** Signing time written into the signature dictionary (the caller's clock). */
  readonly signedAt: Date;
}

export type SealStage = 'load' | 'stamp' | 'audit' | 'save' | 'sign' | 'hash';

export interface SealResult {
  readonly pdf: Uint8Array;
  /** Lower-case hex SHA-256 of `pdf`: what is anchored on chain. */
  readonly sha256: string;
  readonly pageCount: number;
  /** Milliseconds per stage, for logs and bench/. */
  readonly timings: Readonly<Record<SealStage, number>>;
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
  readonly originalSha256: string;
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
  readonly signer?: ServiceSigner;
  /** Signing time for `signer` (the caller's clock); required for a byte-stable signed certificate. */
  readonly signedAt?: Date;
}
