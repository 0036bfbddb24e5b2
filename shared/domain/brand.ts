// Branding (issue #29 item 2, architecture §21): the accent colour's rules and the logo's limits, in
// one place for My Info → Brand (live contrast ratio) and the server's checks.

/** SignSeal's own accent colour (web/src/styles.css --color-primary): what shows without a brand. */
export const SIGNSEAL_ACCENT = '#1f5fbf';

/** WCAG 2.x AA for normal text: white text on the accent colour (buttons, header) needs 4.5:1. */
export const MIN_ACCENT_CONTRAST = 4.5;

/** The logo: PNG or JPEG only, at most this many bytes uploaded; stored no larger than the box
 *  (scaled down, never up, keeping its proportions). The header is checked before any decoding, so a
 *  small file claiming a huge image (a decompression bomb) is refused unread. */
export const BRAND_LOGO_LIMITS = {
  maxBytes: 256 * 1024,
  /** The stored image fits this box. */
  maxWidth: 600,
  maxHeight: 200,
  /** The uploaded image may be larger (it is scaled down) but not beyond these. */
  maxSourceWidth: 4000,
  maxSourceHeight: 4000,
  maxSourcePixels: 8_000_000,
  minWidth: 16,
  minHeight: 16,
} as const;

const HEX = /^#?([0-9a-f]{6}|[0-9a-f]{3})$/i;

/** `#rrggbb` (lower case) from `#rgb`, `rrggbb` or `#RRGGBB`; null when not a hex colour. */
export function normalizeHexColor(input: string): string | null {
  const m = HEX.exec(input.trim());
  if (!m) return null;
  const hex = m[1]!.toLowerCase();
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  return `#${full}`;
}

function channel(v: number): number {
  const s = v / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of a `#rrggbb` colour. */
export function relativeLuminance(hex: string): number {
  const n = normalizeHexColor(hex);
  if (!n) throw new Error('not a hex colour');
  const r = parseInt(n.slice(1, 3), 16);
  const g = parseInt(n.slice(3, 5), 16);
  const b = parseInt(n.slice(5, 7), 16);
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** The WCAG contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  const [hi, lo] = la > lb ? [la, lb] : [lb, la];
  return (hi + 0.05) / (lo + 0.05);
}

/** The ratio against white, rounded down to two decimals (as shown; 4.499 never reads 4.50). */
export function contrastWithWhite(hex: string): number {
  return Math.floor(contrastRatio(hex, '#ffffff') * 100) / 100;
}

/** Whether white text on this colour meets AA (and it is a colour at all). */
export function accentPassesAA(hex: string): boolean {
  const n = normalizeHexColor(hex);
  return n !== null && contrastRatio(n, '#ffffff') >= MIN_ACCENT_CONTRAST;
}

/** The brand as everything contractors see it (the signer page, the e-mails, the sealed PDF). */
export interface BrandView {
  /** Public, content-addressed URL path of the logo (`/api/brand/logos/{sha256}.png`); null: none. */
  logoPath: string | null;
  /** `#rrggbb`, AA against white. */
  color: string;
  /** The company or owner name: the logo's alt text and the e-mails' text fallback. */
  name: string;
}

/** The public path of a stored logo, by the SHA-256 of its stored bytes. */
export function brandLogoPath(sha256: string): string {
  return `/api/brand/logos/${sha256}.png`;
}
