// The signer's fields (issue #27): the walk's order, which fields are empty with what the page holds,
// the browser's own checks of a value and of a file, and when Next stays disabled.
import type { SignerAreaView } from '../../../shared/api/schemas';
import { FIELD_TYPES, isFilled, type FieldType } from '../../../shared/domain/fields';
import {
  acceptableAttachment,
  emptyRequired,
  formatSize,
  imageFields,
  initialValues,
  isFieldFilled,
  missingFieldsOf,
  nextDisabled,
  valueError,
  walkOrder,
  type FieldFillState,
} from '../../../web/src/features/signer/fields';
import { ApiError } from '../../../web/src/lib/api-client';

const pages = [
  { width: 600, height: 800 },
  { width: 600, height: 800 },
];

const field = (
  areaIndex: number,
  type: FieldType,
  at: { pageIndex?: number; x?: number; y?: number } = {},
  extra: Partial<SignerAreaView> = {},
): SignerAreaView => ({
  areaIndex,
  pageIndex: at.pageIndex ?? 0,
  x: at.x ?? 50,
  y: at.y ?? 100,
  width: 100,
  height: 30,
  signed: false,
  signId: null,
  type,
  required: true,
  ...extra,
});

const empty: FieldFillState = { assigned: new Map(), values: new Map(), attached: new Set() };

describe('the signer’s fields: the walk', () => {
  it('goes page by page, top to bottom, left to right, over every type but the date signed', () => {
    const areas = [
      field(0, 'text', { pageIndex: 1, y: 700 }),
      field(1, 'checkbox', { y: 100 }),
      field(2, 'signature', { y: 700, x: 300 }),
      field(3, 'dateSigned', { y: 400 }),
      field(4, 'radio', { y: 700, x: 50 }),
      field(5, 'attachment', { pageIndex: 1, y: 100 }),
    ];
    expect(walkOrder(areas, pages).map((a) => a.areaIndex)).toEqual([4, 2, 1, 0, 5]);
    expect(imageFields(areas).map((a) => a.areaIndex)).toEqual([2]);
  });
});

describe('the signer’s fields: filled or empty', () => {
  it('reads a sign for image fields, a value for typed ones, a file for attachments', () => {
    const fill: FieldFillState = {
      assigned: new Map([[0, 's1']]),
      values: new Map([
        [2, 'hello'],
        [3, ''],
      ]),
      attached: new Set([4]),
    };
    expect(isFieldFilled(field(0, 'initials'), fill)).toBe(true);
    expect(isFieldFilled(field(1, 'stamp'), fill)).toBe(false);
    expect(isFieldFilled(field(2, 'text'), fill)).toBe(true);
    expect(isFieldFilled(field(3, 'checkbox'), fill)).toBe(false);
    expect(isFieldFilled(field(4, 'attachment'), fill)).toBe(true);
    expect(isFieldFilled(field(5, 'attachment'), fill)).toBe(false);
    // The server fills the date at agreement: never empty.
    expect(isFieldFilled(field(6, 'dateSigned'), empty)).toBe(true);
  });

  it('agrees with the server’s rule (isFilled) for every type, empty and filled', () => {
    const filledFor = (type: FieldType) => (type === 'checkbox' || type === 'strikethrough' ? 'true' : 'x');
    for (const type of FIELD_TYPES) {
      const area = field(0, type);
      const full: FieldFillState = {
        assigned: new Map([[0, 's1']]),
        values: new Map([[0, filledFor(type)]]),
        attached: new Set([0]),
      };
      expect([type, isFieldFilled(area, empty)]).toEqual([type, isFilled({ type, signed: false })]);
      const stored = { type, signed: true, value: filledFor(type), attachment: {} };
      expect([type, isFieldFilled(area, full)]).toEqual([type, isFilled(stored)]);
    }
  });

  it('lists the empty required fields in the walk’s order; optional ones never block', () => {
    const ordered = [
      field(3, 'text'),
      field(1, 'number', {}, { required: false }),
      field(0, 'strikethrough'),
      field(2, 'signature'),
    ];
    expect(emptyRequired(ordered, empty)).toEqual([3, 0, 2]);
    const fill: FieldFillState = {
      ...empty,
      values: new Map([
        [3, 'x'],
        [0, 'true'],
      ]),
    };
    expect(emptyRequired(ordered, fill)).toEqual([2]);
  });

  it('starts a name field with the contractor’s name, other fields with what was saved', () => {
    const values = initialValues(
      [
        field(0, 'name'),
        field(1, 'name', {}, { value: 'Saved Name' }),
        field(2, 'text', {}, { value: 'typed' }),
        field(3, 'date'),
        field(4, 'signature'),
        field(5, 'attachment'),
      ],
      'Mia Mail',
    );
    expect([...values]).toEqual([
      [0, 'Mia Mail'],
      [1, 'Saved Name'],
      [2, 'typed'],
      [3, ''],
    ]);
  });
});

describe('the signer’s fields: the browser’s checks', () => {
  it('refuses a value the server would refuse, with its message key', () => {
    expect(valueError(field(0, 'number'), '12.5')).toBeNull();
    expect(valueError(field(0, 'number'), '')).toBeNull();
    expect(valueError(field(0, 'number'), '12,5')?.key).toBe('fields.errors.notANumber');
    expect(valueError(field(0, 'date'), '2026-02-30')?.key).toBe('fields.errors.notADate');
    expect(valueError(field(0, 'text', {}, { maxLength: 3 }), 'abcd')).toEqual({
      key: 'fields.errors.tooLong',
      values: { max: 3 },
    });
    expect(valueError(field(0, 'dropdown', {}, { options: ['A', 'B'] }), 'C')?.key).toBe(
      'fields.errors.badChoice',
    );
    expect(valueError(field(0, 'signature'), 'x')).toBeNull();
  });

  it('takes a PDF, JPEG or PNG file of at most 10 MB', () => {
    expect(acceptableAttachment({ type: 'application/pdf', size: 1000 })).toBe(true);
    expect(acceptableAttachment({ type: 'image/png', size: 10 * 1024 * 1024 })).toBe(true);
    expect(acceptableAttachment({ type: 'image/jpeg', size: 10 * 1024 * 1024 + 1 })).toBe(false);
    expect(acceptableAttachment({ type: 'image/gif', size: 1000 })).toBe(false);
    expect(acceptableAttachment({ type: 'application/pdf', size: 0 })).toBe(false);
  });

  it('writes a file size as people read it', () => {
    expect(formatSize(812, 'en')).toBe('812 B');
    expect(formatSize(35_328, 'en')).toBe('35 KB');
    expect(formatSize(2_202_010, 'en')).toBe('2.1 MB');
  });

  it('reads the areas of a refusal for empty required fields', () => {
    const refusal = new ApiError(400, 'fields.errors.requiredFields', 'empty', 'r1', {
      count: 2,
      areaIndexes: [3, 1],
    });
    expect(missingFieldsOf(refusal)).toEqual([3, 1]);
    expect(missingFieldsOf(new ApiError(400, 'signing.errors.unsignedAreas', 'x', 'r2'))).toBeUndefined();
    expect(missingFieldsOf(new Error('x'))).toBeUndefined();
  });
});

describe('the signer’s fields: Next', () => {
  it('stays disabled on a signs-only contract until every sign is applied (spec doc 1 §2)', () => {
    const signs = [field(0, 'signature'), field(1, 'stamp')];
    expect(nextDisabled(signs, new Map([[0, 's']]))).toBe(true);
    expect(
      nextDisabled(
        signs,
        new Map([
          [0, 's'],
          [1, 's'],
        ]),
      ),
    ).toBe(false);
  });

  it('stays enabled with any other field: a press then shows what is empty', () => {
    expect(nextDisabled([field(0, 'signature'), field(1, 'text')], new Map())).toBe(false);
    expect(nextDisabled([], new Map())).toBe(false);
  });
});
