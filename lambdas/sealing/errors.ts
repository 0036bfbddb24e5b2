// The sealing module's one error type: the seal use case maps each code to a job failure it can report.

export type SealErrorCode =
  /** The original is not a PDF, is damaged beyond repair, or is encrypted. */
  | 'unreadable_pdf'
  /** A stamp names a page the document does not have, or has no size. */
  | 'bad_area'
  /** A stamp image is not a PNG that decodes. */
  | 'bad_image'
  /** The service signer's PKCS#12 bundle or passphrase is wrong. */
  | 'bad_signer'
  /** A font file could not be found or parsed (a packaging error). */
  | 'font_missing';

export class SealError extends Error {
  override readonly name = 'SealError';

  constructor(
    readonly code: SealErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
