// The zod form of the one text rule (shared/domain/validation.ts, issue #13) for every name, title
// and reason the API accepts: trimmed, NFC-normalised, and refused (400 errors.validation, the
// detail's message 'errors.unsafeText') when it holds control, bidi-override or direction-mark
// characters or a lone surrogate. Refused rather than stripped: a title that would silently lose a
// character is not the title the owner typed, and a client that sends such characters is not the SPA.

import * as z from 'zod';
import { hasUnsafeText, normaliseText } from '../../domain/validation';

const UNSAFE = { message: 'errors.unsafeText' } as const;

/** A one-line name or title: no line breaks or tabs either. Length limits follow (`.min`, `.max`). */
export function lineText() {
  return z
    .string()
    .trim()
    .refine((text) => !hasUnsafeText(text), UNSAFE)
    .overwrite(normaliseText);
}

/** A multi-line text (a deny reason): tab and line feed allowed, CR LF stored as LF. */
export function multilineText() {
  return z
    .string()
    .refine((text) => !hasUnsafeText(text.replace(/\r\n?/g, '\n'), { multiline: true }), UNSAFE)
    .overwrite(normaliseText);
}
