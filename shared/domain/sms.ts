// SMS length (issue #14): a message is sent in GSM-7 when every character is in the GSM 03.38 basic set
// or its extension table (which costs two septets), else in UCS-2 (Japanese and Korean always are).
// One segment holds 160 GSM-7 septets or 70 UCS-2 code units; a concatenated message 153 or 67 per
// segment. Every SMS the product sends must fit in SMS_MAX_SEGMENTS.

export const SMS_MAX_SEGMENTS = 2;

const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡' +
  'ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENSION = '^{}\\[~]|€\f';
const BASIC = new Set(GSM_BASIC);
const EXTENSION = new Set(GSM_EXTENSION);

export interface SmsSize {
  readonly encoding: 'gsm7' | 'ucs2';
  /** Septets (GSM-7) or UTF-16 code units (UCS-2). */
  readonly units: number;
  readonly segments: number;
}

/** The encoding, size and number of segments of an SMS text. */
export function smsSize(text: string): SmsSize {
  let septets = 0;
  for (const c of text) {
    if (BASIC.has(c)) septets += 1;
    else if (EXTENSION.has(c)) septets += 2;
    else {
      const units = text.length;
      return { encoding: 'ucs2', units, segments: units <= 70 ? 1 : Math.ceil(units / 67) };
    }
  }
  return { encoding: 'gsm7', units: septets, segments: septets <= 160 ? 1 : Math.ceil(septets / 153) };
}

/**
 * Renders an SMS whose variable parts (names, titles, reasons) are cut until it fits in `maxSegments`:
 * the longest of the `shrinkable` values loses a fifth (down to `minLength` characters, then an
 * ellipsis) at each round. Links and numbers are never cut. Answers the text as short as it got.
 */
export function fitSms(
  render: (values: Record<string, string | number>) => string,
  values: Record<string, string | number>,
  shrinkable: readonly string[],
  maxSegments = SMS_MAX_SEGMENTS,
  minLength = 6,
): string {
  const current: Record<string, string | number> = { ...values };
  const chars = (key: string) => [...String(current[key] ?? '')];
  const full = new Map(shrinkable.map((k) => [k, chars(k)]));
  const kept = new Map(shrinkable.map((k) => [k, full.get(k)!.length]));
  for (;;) {
    const text = render(current);
    if (smsSize(text).segments <= maxSegments) return text;
    const candidates = shrinkable.filter((k) => kept.get(k)! > minLength);
    if (candidates.length === 0) return text;
    const longest = candidates.reduce((a, b) => (kept.get(b)! > kept.get(a)! ? b : a));
    const next = Math.max(minLength, Math.floor((kept.get(longest)! * 4) / 5));
    kept.set(longest, next);
    current[longest] = `${full.get(longest)!.slice(0, next).join('').trimEnd()}...`;
  }
}
