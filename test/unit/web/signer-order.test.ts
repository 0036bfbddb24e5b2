// The signer page's pure rules (issue #14): the signer is walked through their areas in reading order
// (page, then top to bottom, then left to right), "Next area" prefers unsigned areas and wraps, and a
// generated sign writes Japanese and Korean names family name first, English ones given name first.
import {
  nextAreaPosition,
  readingOrder,
  scriptForLang,
  signText,
  type Area,
} from '../../../web/src/features/signer/components/sign-order';

const A4 = { width: 595, height: 842 };
const area = (areaIndex: number, pageIndex: number, x: number, y: number): Area =>
  ({ areaIndex, pageIndex, x, y, width: 150, height: 50, signed: false }) as Area;

describe('signer areas', () => {
  const pages = [A4, A4, A4, A4];
  // PDF y grows upwards: y 600 is above y 100 on the page.
  const areas = [area(0, 3, 60, 100), area(1, 2, 60, 300), area(2, 3, 300, 600), area(3, 3, 20, 600)];

  it('orders areas by page, then top to bottom, then left to right', () => {
    expect(readingOrder(areas, pages).map((a) => a.areaIndex)).toEqual([1, 3, 2, 0]);
  });

  it('goes to the next unsigned area, wrapping, and simply to the next one when all are signed', () => {
    const ordered = readingOrder(areas, pages);
    const signed = new Set([3]);
    expect(nextAreaPosition(ordered, 0, (i) => signed.has(i))).toBe(2);
    expect(nextAreaPosition(ordered, 3, (i) => signed.has(i))).toBe(0);
    expect(nextAreaPosition(ordered, 3, () => true)).toBe(0);
    expect(nextAreaPosition(ordered, 1, () => true)).toBe(2);
    expect(nextAreaPosition([], 0, () => false)).toBe(0);
  });
});

describe('auto-generated sign text', () => {
  it('writes Korean and Japanese names family name first, English ones given name first', () => {
    expect(signText('ko', ' 김 ', '민수')).toBe('김민수');
    expect(signText('ja', '山田', '花子')).toBe('山田花子');
    expect(signText('en', 'Mail', 'Mia')).toBe('Mia Mail');
    expect(signText('en', 'Mail', '')).toBe('Mail');
  });

  it('starts in the page language', () => {
    expect(scriptForLang('ko')).toBe('ko');
    expect(scriptForLang('jp')).toBe('ja');
    expect(scriptForLang('en')).toBe('en');
  });
});
