import {
  accentPassesAA,
  brandLogoPath,
  contrastRatio,
  contrastWithWhite,
  MIN_ACCENT_CONTRAST,
  normalizeHexColor,
  SIGNSEAL_ACCENT,
} from '../../../shared/domain/brand';

describe('the accent colour rules (WCAG AA against white)', () => {
  test('normalises #rgb, rrggbb and upper case to #rrggbb, refusing anything else', () => {
    expect(normalizeHexColor('#ABC')).toBe('#aabbcc');
    expect(normalizeHexColor('1f5fbf')).toBe('#1f5fbf');
    expect(normalizeHexColor(' #1F5FBF ')).toBe('#1f5fbf');
    for (const bad of ['', '#12', '#12345', '#1234567', 'red', '#ggg000', 'rgb(0,0,0)', '##123456']) {
      expect(normalizeHexColor(bad)).toBeNull();
    }
  });

  test('computes the WCAG contrast ratio: black on white is 21:1, a colour with itself 1:1', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBeCloseTo(1, 5);
    // Known values: #767676 is the lightest grey that passes AA on white (4.54:1), #777777 fails (4.48:1).
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });

  test('accepts a colour at or above 4.5:1 and refuses one below it (or not a colour)', () => {
    expect(MIN_ACCENT_CONTRAST).toBe(4.5);
    expect(accentPassesAA('#767676')).toBe(true);
    expect(accentPassesAA('#777777')).toBe(false);
    expect(accentPassesAA('#ffff00')).toBe(false);
    expect(accentPassesAA('#8a1538')).toBe(true);
    expect(accentPassesAA('nope')).toBe(false);
    expect(accentPassesAA(SIGNSEAL_ACCENT)).toBe(true);
  });

  test('shows the ratio rounded down, so a failing colour never reads 4.50', () => {
    expect(contrastWithWhite('#777777')).toBe(4.47);
    expect(contrastWithWhite('#000000')).toBe(21);
  });

  test('names a logo by the SHA-256 of its stored bytes', () => {
    expect(brandLogoPath('a'.repeat(64))).toBe(`/api/brand/logos/${'a'.repeat(64)}.png`);
  });
});
