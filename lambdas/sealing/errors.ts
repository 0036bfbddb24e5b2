// The sealing module's one error type: the seal use case maps each code to a job failure it can report.

export type SealErrorCode =
  /** The original is not a PDF, is damaged beyond repair, or is encrypted. */
  | 'unreadable_pdf'
  /** A stamp or field names a page the document does not have, has no size, or lies off its page. */
  | 'bad_area'
  /** A field's drawing is not one the module knows (its kind, its text's type or length). */
  | 'bad_field'
  /** A stamp image is not a PNG that decodes. */
  | 'bad_image'
  /** The service signer's PKCS#12 bundle or passphrase is wrong. */
  | 'bad_signer'
  /** A font file could not be found or parsed (a packaging error). */
  | 'font_missing'
  /** No timestamp authority gave a valid token (issue #30): retryable; never replaced by our clock. */
  | 'timestamp_unavailable'
  /** No valid OCSP response for a certificate of a chain (issue #30): retryable. */
  | 'revocation_unavailable';

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

/** A stamp's or a field's area: on a page of the document, with a size (PDF points). */
export interface PageArea {
  readonly pageIndex: number;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** `bad_area` unless the area names one of `pageCount` pages and has a finite, positive size. */
export function assertArea(area: PageArea, what: string, pageCount: number): void {
  const sized =
    [area.x, area.y, area.width, area.height].every(Number.isFinite) && area.width > 0 && area.height > 0;
  if (!Number.isInteger(area.pageIndex) || area.pageIndex < 0 || area.pageIndex >= pageCount || !sized) {
    throw new SealError(
      'bad_area',
      `${what} is outside the document (page ${area.pageIndex} of ${pageCount})`,
    );
  }
}
