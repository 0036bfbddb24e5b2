import metadata from 'libphonenumber-js/metadata.min.json';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { CALLING_CODES, callingCodeOf } from '../../../shared/domain/calling-codes';

describe('country calling codes', () => {
  it("are exactly libphonenumber-js's list (update shared/domain/calling-codes.ts when it changes)", () => {
    expect([...CALLING_CODES].sort()).toEqual(Object.keys(metadata.country_calling_codes).sort());
  });

  it('are prefix-free, so a number has at most one', () => {
    for (const a of CALLING_CODES)
      for (const b of CALLING_CODES) if (a !== b) expect(b.startsWith(a)).toBe(false);
  });

  it.each([
    '+819012345678',
    '+12025550142',
    '+821012345678',
    '+442079460958',
    '+35312345678',
    '+8613812345678',
  ])('of %s is the one libphonenumber-js reads', (phone) => {
    expect(callingCodeOf(phone)).toBe(parsePhoneNumberFromString(phone)!.countryCallingCode);
  });

  it.each(['09012345678', '+81', '+8190', '+1234567890123456', '+81 90 1234 5678', '', '+0123456789'])(
    'of %j is undefined (not E.164, or no known code)',
    (text) => {
      expect(callingCodeOf(text)).toBeUndefined();
    },
  );
});
