import {
  classifyContact,
  defaultCountryFor,
  isValidEmail,
  maskContact,
  normaliseEmail,
} from '../../../shared/domain/contact';
import { normaliseContact, normalisePhone } from '../../../shared/domain/phone';

describe('a contractor contact is classified by its shape', () => {
  it.each([
    ['09012345678', 'phone'],
    ['090-1234-5678', 'phone'],
    ['+81 90-1234-5678', 'phone'],
    ['+12025550142', 'phone'],
    ['010 1234 5678', 'phone'],
    ['a@b', 'email'],
    ['hanako@example.com', 'email'],
    ['  hanako@example.com  ', 'email'],
    ['@example.com', 'unknown'],
    ['hanako', 'unknown'],
    ['090-1234-', 'unknown'],
    ['+', 'unknown'],
    ['++8190', 'unknown'],
    ['(202) 555-0142', 'unknown'],
    ['090.1234.5678', 'unknown'],
    ['', 'unknown'],
    ['   ', 'unknown'],
  ])('%j is %s', (contact, kind) => {
    expect(classifyContact(contact)).toBe(kind);
  });
});

describe('the e-mail format check behind "Invalid email address"', () => {
  it.each(['hanako@example.com', 'first.last+tag@mail.example.co.jp', 'x@ex-ample.io', ' a@b.cd '])(
    'accepts %j',
    (email) => expect(isValidEmail(email)).toBe(true),
  );

  it.each([
    'a@b',
    'a@b.c',
    'a@@b.com',
    'a b@c.com',
    '.a@b.com',
    'a.@b.com',
    'a..b@c.com',
    'a@-b.com',
    'a@b..com',
    'a@b.com.',
    'hanako@例え.jp',
    `${'a'.repeat(65)}@example.com`,
    `a@${'b'.repeat(250)}.com`,
  ])('refuses %j', (email) => expect(isValidEmail(email)).toBe(false));

  it('compares e-mails in lower case', () => {
    expect(normaliseEmail('  Hanako@Example.COM ')).toBe('hanako@example.com');
  });
});

describe('phone numbers are normalised to E.164 from the UI language', () => {
  it('reads a Japanese number for the jp pages', () => {
    expect(normalisePhone('090-1234-5678', defaultCountryFor('jp'))).toBe('+819012345678');
    expect(normalisePhone('03-1234-5678', defaultCountryFor('ja'))).toBe('+81312345678');
  });

  it('reads a Korean number for the ko pages', () => {
    expect(normalisePhone('010-1234-5678', defaultCountryFor('ko'))).toBe('+821012345678');
  });

  it('reads a national number on the en pages only with the country passed in', () => {
    expect(defaultCountryFor('en')).toBeUndefined();
    expect(normalisePhone('202-555-0142', defaultCountryFor('en'))).toBeNull();
    expect(normalisePhone('202-555-0142', defaultCountryFor('en', 'US'))).toBe('+12025550142');
  });

  it('reads an international number in any language', () => {
    expect(normalisePhone('+81 90-1234-5678', defaultCountryFor('en'))).toBe('+819012345678');
    expect(normalisePhone('+82 10 1234 5678', defaultCountryFor('jp'))).toBe('+821012345678');
  });

  it('gives null for numbers that cannot exist', () => {
    expect(normalisePhone('090-1234', 'JP')).toBeNull();
    expect(normalisePhone('12', 'JP')).toBeNull();
    expect(normalisePhone('090-1234-5678', 'KR')).toBeNull();
  });

  it('gives null for contacts that are not phone numbers', () => {
    expect(normalisePhone('hanako@example.com', 'JP')).toBeNull();
    expect(normalisePhone('', 'JP')).toBeNull();
  });

  it('normalises any valid contact and refuses invalid ones', () => {
    expect(normaliseContact(' Hanako@Example.com ', 'JP')).toEqual({
      method: 'email',
      contact: 'hanako@example.com',
    });
    expect(normaliseContact('090-1234-5678', 'JP')).toEqual({ method: 'phone', contact: '+819012345678' });
    expect(normaliseContact('hanako@example', 'JP')).toBeNull();
    expect(normaliseContact('090-12', 'JP')).toBeNull();
    expect(normaliseContact('hanako', 'JP')).toBeNull();
  });
});

describe('contacts are masked on certificates', () => {
  it.each([
    ['john@example.com', 'j***@e***.com'],
    ['Hanako.Sato@mail.example.co.jp', 'H***@m***.jp'],
    ['+819012345678', '+81********78'],
    ['+12025550142', '+1********42'],
    ['+821012345678', '+82********78'],
    ['hanako', 'h***'],
    ['', ''],
  ])('%j → %j', (contact, masked) => {
    expect(maskContact(contact)).toBe(masked);
  });

  it('never shows more than the first character of the local part', () => {
    expect(maskContact('secret-name@example.com')).not.toContain('secret');
  });

  it('masks a phone number without country code except its last two digits', () => {
    expect(maskContact('09012345678')).toBe('*********78');
  });
});
