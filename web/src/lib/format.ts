// Dates, elapsed times and numbers as the product shows them (doc 2 §9.1): dates in long format,
// elapsed time as "3 days ago" in the viewer's language, numbers with thousands separators. Dates
// use the viewer's time zone, and the pages say which zone that is (`timeZoneLabel`).
import type { Locale } from '../../../shared/i18n';

/** The Intl locale for an i18n locale: regional, so that separators and calendars are stable. */
const INTL_LOCALE: Record<Locale, string> = { en: 'en-US', ja: 'ja-JP', ko: 'ko-KR' };

export function intlLocale(locale: Locale): string {
  return INTL_LOCALE[locale];
}

/** The time zone of this browser (IANA name), e.g. 'Asia/Tokyo'; 'UTC' when unknown. */
export function viewerTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

function toDate(value: Date | string | number): Date | undefined {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** A date in long format: 'November 22, 2026', '2026年11月22日', '2026년 11월 22일'; '' when invalid. */
export function formatDate(
  value: Date | string | number,
  locale: Locale,
  timeZone = viewerTimeZone(),
): string {
  const date = toDate(value);
  if (!date) return '';
  return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'long', timeZone }).format(date);
}

/** A date and time in long format, e.g. 'November 22, 2026 at 10:00 PM'. */
export function formatDateTime(
  value: Date | string | number,
  locale: Locale,
  timeZone = viewerTimeZone(),
): string {
  const date = toDate(value);
  if (!date) return '';
  return new Intl.DateTimeFormat(intlLocale(locale), {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone,
  }).format(date);
}

/**
 * The name of a time zone with its offset, for "dates are shown in …": 'Japan Standard Time (GMT+9)',
 * '日本標準時 (GMT+9)'. Falls back to the IANA name.
 */
export function timeZoneLabel(locale: Locale, timeZone = viewerTimeZone(), at: Date = new Date()): string {
  const part = (style: 'long' | 'shortOffset') =>
    new Intl.DateTimeFormat(intlLocale(locale), { timeZone, timeZoneName: style })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value;
  try {
    const name = part('long');
    const offset = part('shortOffset');
    if (!name) return timeZone;
    return offset && offset !== name ? `${name} (${offset})` : name;
  } catch {
    return timeZone;
  }
}

const UNITS: readonly { unit: Intl.RelativeTimeFormatUnit; seconds: number }[] = [
  { unit: 'day', seconds: 86_400 },
  { unit: 'hour', seconds: 3_600 },
  { unit: 'minute', seconds: 60 },
  { unit: 'second', seconds: 1 },
];

/**
 * Time elapsed since `value` in the largest whole unit of days, hours, minutes or seconds (doc 2
 * §9.1): '3 days ago', '3日前', '3일 전'. A moment in the future counts as 0 seconds.
 */
export function formatElapsed(value: Date | string | number, locale: Locale, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return '';
  const elapsed = Math.max(0, Math.floor((now.getTime() - date.getTime()) / 1000));
  const { unit, seconds } = UNITS.find((u) => elapsed >= u.seconds) ?? { unit: 'second', seconds: 1 };
  const amount = Math.floor(elapsed / seconds);
  return new Intl.RelativeTimeFormat(intlLocale(locale), { numeric: 'always', style: 'long' }).format(
    -amount,
    unit,
  );
}

/** A whole or decimal number with thousands separators: 1234567 → '1,234,567'. */
export function formatNumber(value: number, locale: Locale): string {
  return new Intl.NumberFormat(intlLocale(locale), { maximumFractionDigits: 2 }).format(value);
}
