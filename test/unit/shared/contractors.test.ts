import {
  canProceed,
  isOwnerContact,
  validateContractors,
  validateSignAreas,
} from '../../../shared/domain/contractors';
import type { SignArea } from '../../../shared/domain/entities';
import { translate } from '../../../shared/i18n';
import { UPLOAD_AND_CONTRACTORS } from './spec-messages';

const spec = (key: string) => UPLOAD_AND_CONTRACTORS.find((m) => m.key === key)!.expected;

function messageOf(result: ReturnType<typeof validateContractors> | ReturnType<typeof validateSignAreas>) {
  if (result.ok) throw new Error('expected a refusal');
  return translate(result.error, result.values);
}

describe('validating the contractors of a contract', () => {
  it('trims names and contacts and derives the method from the contact', () => {
    const result = validateContractors(
      [
        { name: '  Hanako Sato ', contact: ' Hanako@Example.com ' },
        { name: '山田 太郎', contact: '090-1234-5678' },
      ],
      { defaultCountry: 'JP' },
    );
    expect(result).toEqual({
      ok: true,
      contractors: [
        { name: 'Hanako Sato', contact: 'hanako@example.com', method: 'email' },
        { name: '山田 太郎', contact: '+819012345678', method: 'phone' },
      ],
    });
  });

  it('drops completely empty rows', () => {
    const result = validateContractors([
      { name: '', contact: '' },
      { name: 'Hanako', contact: 'hanako@example.com' },
      { name: '   ', contact: null },
      {},
    ]);
    expect(result.ok && result.contractors).toEqual([
      { name: 'Hanako', contact: 'hanako@example.com', method: 'email' },
    ]);
  });

  it('refuses a list with no contractor: "At least one contractor must be designated."', () => {
    const result = validateContractors([{ name: ' ', contact: ' ' }]);
    expect(result).toEqual({ ok: false, error: 'contractors.errors.noneDesignated' });
    expect(messageOf(result)).toBe('At least one contractor must be designated.');
    expect(messageOf(validateContractors([]))).toBe('At least one contractor must be designated.');
  });

  it('accepts an empty list for a video contract, where contractors are optional', () => {
    expect(validateContractors([{ name: '', contact: '' }], { optional: true })).toEqual({
      ok: true,
      contractors: [],
    });
  });

  it('still checks the rows of a video contract that exist', () => {
    const result = validateContractors([{ name: 'Hanako', contact: '' }], { optional: true });
    expect(messageOf(result)).toBe(spec('contractors.errors.contactMissing'));
  });

  it('refuses a contractor without contact, pointing at the row', () => {
    const result = validateContractors([
      { name: 'Hanako', contact: 'hanako@example.com' },
      { name: 'Taro', contact: '   ' },
    ]);
    expect(result).toMatchObject({ ok: false, error: 'contractors.errors.contactMissing', row: 1 });
    expect(messageOf(result)).toBe(
      "There are places where the contractor's contact information is not specified. Enter contact information or click the x in the top right to delete unnecessary contractors",
    );
  });

  it('refuses a contractor without name', () => {
    const result = validateContractors([{ name: ' ', contact: 'hanako@example.com' }]);
    expect(result).toMatchObject({ ok: false, error: 'contractors.errors.nameMissing', row: 0 });
    expect(messageOf(result)).toBe(
      "There are places where the contractor's name information is not specified. Enter a name or click the x in the top right to delete unnecessary contractors",
    );
  });

  it('reports a missing contact before a missing name, whatever the row order', () => {
    const result = validateContractors([
      { name: '', contact: 'hanako@example.com' },
      { name: 'Taro', contact: '' },
    ]);
    expect(result).toMatchObject({ error: 'contractors.errors.contactMissing', row: 1 });
  });

  it('treats e-mails that differ only in case as the same person', () => {
    const result = validateContractors([
      { name: 'Hanako', contact: 'hanako@example.com' },
      { name: 'H. Sato', contact: 'HANAKO@example.COM' },
    ]);
    expect(result).toMatchObject({ ok: false, error: 'contractors.errors.duplicateContact', row: 1 });
    expect(messageOf(result)).toBe(
      "There is a place where the contractor's contact information is the same. If the contacts are the same, they are considered the same person. Please check that contact information is entered correctly",
    );
  });

  it('treats phone numbers written differently as the same person once normalised', () => {
    const result = validateContractors(
      [
        { name: 'Taro', contact: '090-1234-5678' },
        { name: 'Jiro', contact: '+81 90 1234 5678' },
      ],
      { defaultCountry: 'JP' },
    );
    expect(result).toMatchObject({ ok: false, error: 'contractors.errors.duplicateContact', row: 1 });
  });

  it('reports a duplicate before a malformed e-mail', () => {
    const result = validateContractors([
      { name: 'A', contact: 'bad@mail' },
      { name: 'B', contact: 'x@example.com' },
      { name: 'C', contact: 'X@example.com' },
    ]);
    expect(result).toMatchObject({ error: 'contractors.errors.duplicateContact', row: 2 });
  });

  it('refuses a malformed e-mail: "Invalid email address"', () => {
    const result = validateContractors([{ name: 'Hanako', contact: 'hanako@example' }]);
    expect(result).toMatchObject({ ok: false, error: 'contractors.errors.invalidEmail', row: 0 });
    expect(messageOf(result)).toBe('Invalid email address');
  });

  it('refuses a contact that is neither an e-mail nor a phone number', () => {
    const result = validateContractors([{ name: 'Hanako', contact: 'hanako' }]);
    expect(result).toMatchObject({ ok: false, error: 'contractors.errors.unknownContactType', row: 0 });
    expect(messageOf(result)).toBe('Enter an email address or a phone number as the contact information');
  });

  it('reports a malformed e-mail before an unknown contact', () => {
    const result = validateContractors([
      { name: 'A', contact: 'hanako' },
      { name: 'B', contact: 'b@b' },
    ]);
    expect(result).toMatchObject({ error: 'contractors.errors.invalidEmail', row: 1 });
  });

  it('refuses a phone number that cannot exist', () => {
    const result = validateContractors([{ name: 'Taro', contact: '090-1234' }], { defaultCountry: 'JP' });
    expect(result).toMatchObject({ ok: false, error: 'contractors.errors.invalidPhone', row: 0 });
    expect(messageOf(result)).toBe('Invalid phone number');
  });

  it('refuses a national phone number on the English pages when no country is known', () => {
    const result = validateContractors([{ name: 'Taro', contact: '090-1234-5678' }]);
    expect(result).toMatchObject({ ok: false, error: 'contractors.errors.invalidPhone' });
  });

  it('reports the original row index even after empty rows are dropped', () => {
    const result = validateContractors([{}, { name: '', contact: '' }, { name: 'X', contact: 'nope' }]);
    expect(result).toMatchObject({ row: 2 });
  });
});

describe('the Next button of the recipient step', () => {
  it('is enabled when one row has both a name and a contact', () => {
    expect(
      canProceed([
        { name: '', contact: '' },
        { name: 'Hanako', contact: 'h@example.com' },
      ]),
    ).toBe(true);
  });

  it('is disabled when no row has both', () => {
    expect(canProceed([])).toBe(false);
    expect(
      canProceed([
        { name: 'Hanako', contact: '' },
        { name: '', contact: 'h@example.com' },
      ]),
    ).toBe(false);
    expect(canProceed([{ name: '  ', contact: '  ' }])).toBe(false);
  });

  it('is enabled for a video contract, whose contractors are optional', () => {
    expect(canProceed([], { optional: true })).toBe(true);
  });
});

describe('the owner as a contractor', () => {
  it('is recognised by the e-mail, case-insensitively', () => {
    expect(isOwnerContact('Owner@Example.com', 'owner@example.com')).toBe(true);
    expect(isOwnerContact('other@example.com', 'owner@example.com')).toBe(false);
  });
});

describe('sign areas', () => {
  const area = (over: Partial<SignArea> = {}): SignArea => ({
    pageIndex: 0,
    x: 72,
    y: 72,
    width: 120,
    height: 35,
    signed: false,
    ...over,
  });
  const a4 = { width: 595.28, height: 841.89 };

  it('are required for every contractor', () => {
    const result = validateSignAreas([{ signAreas: [area()] }, { signAreas: [] }]);
    expect(result).toMatchObject({ ok: false, error: 'contractors.errors.noSignArea', row: 1 });
    expect(messageOf(result)).toBe(
      'No signature location has been specified for this contractor. At least one signature location must be specified.',
    );
  });

  it('may be several per contractor', () => {
    expect(validateSignAreas([{ signAreas: [area(), area({ pageIndex: 1 })] }], [a4, a4])).toEqual({
      ok: true,
    });
  });

  it.each([
    ['on a page that does not exist', area({ pageIndex: 2 })],
    ['on a fractional page', area({ pageIndex: 0.5 })],
    ['past the right edge', area({ x: 500 })],
    ['past the top edge', area({ y: 820 })],
    ['left of the page', area({ x: -1 })],
    ['with no width', area({ width: 0 })],
    ['with a non-number', area({ height: Number.NaN })],
  ])('are refused %s', (_name, bad) => {
    const result = validateSignAreas([{ signAreas: [area()] }, { signAreas: [bad] }], [a4, a4]);
    expect(result).toMatchObject({ ok: false, error: 'signAreas.errors.outsidePage', row: 1 });
  });
});
