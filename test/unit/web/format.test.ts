import {
  formatDate,
  formatDateTime,
  formatElapsed,
  formatNumber,
  intlLocale,
  timeZoneLabel,
} from '../../../web/src/lib/format';

describe('web format: dates, elapsed times and numbers', () => {
  const instant = '2026-11-22T20:30:00Z';

  test('dates are in long format per language, in the given time zone', () => {
    expect(formatDate(instant, 'en', 'UTC')).toBe('November 22, 2026');
    expect(formatDate(instant, 'ja', 'UTC')).toBe('2026年11月22日');
    expect(formatDate(instant, 'ko', 'UTC')).toBe('2026년 11월 22일');
    // 20:30 UTC is already the next day in Seoul.
    expect(formatDate(instant, 'en', 'Asia/Seoul')).toBe('November 23, 2026');
  });

  test('an invalid date formats as an empty string, not "Invalid Date"', () => {
    expect(formatDate('not a date', 'en', 'UTC')).toBe('');
    expect(formatDateTime('not a date', 'en', 'UTC')).toBe('');
    expect(formatElapsed('not a date', 'en')).toBe('');
  });

  test('date and time includes the time of day in the time zone', () => {
    expect(formatDateTime(instant, 'en', 'UTC')).toContain('8:30');
    expect(formatDateTime(instant, 'en', 'Asia/Tokyo')).toContain('5:30');
  });

  test('the time zone label names the zone and its offset in the language', () => {
    const at = new Date(instant);
    expect(timeZoneLabel('en', 'Asia/Tokyo', at)).toBe('Japan Standard Time (GMT+9)');
    expect(timeZoneLabel('ja', 'Asia/Tokyo', at)).toContain('日本標準時');
    expect(timeZoneLabel('ko', 'Asia/Seoul', at)).toContain('한국 표준시');
    expect(timeZoneLabel('en', 'No/Such_Zone', at)).toBe('No/Such_Zone');
  });

  test('elapsed time uses the largest whole unit of days, hours, minutes and seconds', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    expect(formatElapsed('2026-11-19T11:00:00Z', 'en', now)).toBe('3 days ago');
    expect(formatElapsed('2026-11-19T11:00:00Z', 'ja', now)).toBe('3 日前');
    expect(formatElapsed('2026-11-19T11:00:00Z', 'ko', now)).toBe('3일 전');
    expect(formatElapsed('2026-11-22T09:59:00Z', 'en', now)).toBe('2 hours ago');
    expect(formatElapsed('2026-11-22T11:55:30Z', 'en', now)).toBe('4 minutes ago');
    expect(formatElapsed('2026-11-22T11:59:58Z', 'en', now)).toBe('2 seconds ago');
    expect(formatElapsed('2026-11-22T13:00:00Z', 'en', now)).toBe('0 seconds ago');
  });

  test('numbers have thousands separators', () => {
    expect(formatNumber(1234567, 'en')).toBe('1,234,567');
    expect(formatNumber(1234567, 'ja')).toBe('1,234,567');
    expect(formatNumber(1234567, 'ko')).toBe('1,234,567');
    expect(formatNumber(999, 'en')).toBe('999');
    expect(formatNumber(1234.5, 'en')).toBe('1,234.5');
  });

  test('Intl locales are regional', () => {
    expect(intlLocale('ja')).toBe('ja-JP');
  });
});
