// The field model of issue #27 (shared/domain/fields.ts): every rule of the owner's settings, of the
// contractor's values per type, and of what is filled or still missing at agreement — each failure
// with its message key and the values its message needs. Also the attachment checks of
// lambdas/usecases/signer-attachments.ts that need no store.
import {
  FIELD_LIMITS,
  FIELD_TYPES,
  type FieldSettings,
  type FieldType,
  fieldTypeOf,
  hasOptions,
  IMAGE_FIELD_TYPES,
  isFilled,
  isImageField,
  isIsoDate,
  isRequired,
  isValueField,
  missingRequired,
  requiredMessage,
  validateFieldSettings,
  validateFieldSettingsOf,
  validateFieldValue,
  VALUE_FIELD_TYPES,
} from '../../shared/domain/fields';
import { isMessageKey } from '../../shared/i18n';
import {
  acceptedAttachmentKey,
  attachmentUploadKey,
  hasMagic,
  isAttachmentType,
  isAttachmentUploadKeyOf,
} from '../../lambdas/usecases/signer-attachments';

const settings = (type: FieldType, more: Partial<FieldSettings> = {}): FieldSettings => ({
  type,
  required: false,
  ...more,
});

const refusal = (r: ReturnType<typeof validateFieldValue>) =>
  r.ok ? null : { error: r.error, values: r.values };

describe('field types', () => {
  it('has thirteen types: sign images, typed values, the date signed and attachments', () => {
    expect(FIELD_TYPES).toHaveLength(13);
    expect(IMAGE_FIELD_TYPES).toEqual(['signature', 'initials', 'stamp']);
    for (const t of FIELD_TYPES) {
      const kinds = [isImageField(t), isValueField(t), t === 'dateSigned', t === 'attachment'];
      expect({ t, kinds: kinds.filter(Boolean).length }).toEqual({ t, kinds: 1 });
    }
    expect(VALUE_FIELD_TYPES).toContain('strikethrough');
    expect(FIELD_TYPES.filter(hasOptions)).toEqual(['radio', 'dropdown']);
  });

  it('reads an area saved before fields as a required signature', () => {
    expect(fieldTypeOf({})).toBe('signature');
    expect(fieldTypeOf({ type: 'bogus' })).toBe('signature');
    expect(fieldTypeOf({ type: 'dropdown' })).toBe('dropdown');
    expect(isRequired({})).toBe(true);
    expect(isRequired({ type: 'stamp' })).toBe(true);
    expect(isRequired({ type: 'stamp', required: false })).toBe(false);
    expect(isRequired({ type: 'text' })).toBe(false);
    expect(isRequired({ type: 'text', required: true })).toBe(true);
  });

  it('has a translated "required" message for every type', () => {
    for (const t of FIELD_TYPES) expect(isMessageKey(requiredMessage(t))).toBe(true);
  });
});

describe("the owner's settings", () => {
  it('accepts every type with plain settings', () => {
    for (const t of FIELD_TYPES) {
      const s = hasOptions(t) ? settings(t, { options: ['A', 'B'] }) : settings(t);
      expect({ t, ok: validateFieldSettings(s).ok }).toEqual({ t, ok: true });
    }
  });

  it('refuses an unknown type', () => {
    expect(validateFieldSettings(settings('nope' as FieldType))).toMatchObject({
      ok: false,
      error: 'fields.errors.badType',
    });
  });

  it('caps the label and the placeholder', () => {
    const max = FIELD_LIMITS.labelMaxChars;
    expect(validateFieldSettings(settings('text', { label: 'x'.repeat(max) })).ok).toBe(true);
    expect(validateFieldSettings(settings('text', { label: 'x'.repeat(max + 1) }))).toMatchObject({
      error: 'fields.errors.labelTooLong',
      values: { max },
    });
    // Counted in characters, not UTF-16 units.
    expect(validateFieldSettings(settings('text', { label: '𠮷'.repeat(max) })).ok).toBe(true);
    expect(
      validateFieldSettings(
        settings('text', { placeholder: 'x'.repeat(FIELD_LIMITS.placeholderMaxChars + 1) }),
      ),
    ).toMatchObject({
      error: 'fields.errors.labelTooLong',
      values: { max: FIELD_LIMITS.placeholderMaxChars },
    });
  });

  it('takes a maximum length on text fields only, a whole number from 1 to the cap', () => {
    const max = FIELD_LIMITS.textMaxChars;
    expect(validateFieldSettings(settings('text', { maxLength: 1 })).ok).toBe(true);
    expect(validateFieldSettings(settings('text', { maxLength: max })).ok).toBe(true);
    for (const maxLength of [0, -1, 1.5, max + 1]) {
      expect(validateFieldSettings(settings('text', { maxLength }))).toMatchObject({
        error: 'fields.errors.badMaxLength',
        values: { max },
      });
    }
    expect(validateFieldSettings(settings('number', { maxLength: 5 }))).toMatchObject({
      error: 'fields.errors.badMaxLength',
    });
  });

  it('gives radio groups and dropdowns 2 to 30 different, non-empty options; other types none', () => {
    const bad = { error: 'fields.errors.badOptions', values: { min: 2, max: 30 } };
    expect(validateFieldSettings(settings('radio'))).toMatchObject(bad);
    expect(validateFieldSettings(settings('radio', { options: ['only'] }))).toMatchObject(bad);
    const thirty = Array.from({ length: 30 }, (_, i) => `o${i}`);
    expect(validateFieldSettings(settings('dropdown', { options: thirty })).ok).toBe(true);
    expect(validateFieldSettings(settings('dropdown', { options: [...thirty, 'o30'] }))).toMatchObject(bad);
    expect(validateFieldSettings(settings('radio', { options: ['A', ' '] }))).toMatchObject(bad);
    expect(validateFieldSettings(settings('radio', { options: ['A', ' A'] }))).toMatchObject(bad);
    const long = 'x'.repeat(FIELD_LIMITS.optionMaxChars + 1);
    expect(validateFieldSettings(settings('radio', { options: ['A', long] }))).toMatchObject(bad);
    expect(validateFieldSettings(settings('text', { options: ['A', 'B'] }))).toMatchObject(bad);
    expect(validateFieldSettings(settings('text', { options: [] })).ok).toBe(true);
  });

  it('takes a pre-filled value on value fields only (not strikethrough), checked as a signer value', () => {
    for (const t of [
      'signature',
      'initials',
      'stamp',
      'dateSigned',
      'attachment',
      'strikethrough',
    ] as const) {
      expect(validateFieldSettings(settings(t, { value: 'x' }))).toMatchObject({
        error: 'fields.errors.noPrefill',
      });
      // An empty pre-fill is no pre-fill.
      expect(validateFieldSettings(settings(t, { value: '' })).ok).toBe(true);
    }
    expect(validateFieldSettings(settings('name', { value: 'Hanako Sato' })).ok).toBe(true);
    expect(validateFieldSettings(settings('number', { value: '12a' }))).toMatchObject({
      error: 'fields.errors.notANumber',
    });
    expect(validateFieldSettings(settings('date', { value: '2026-02-30' }))).toMatchObject({
      error: 'fields.errors.notADate',
    });
    expect(validateFieldSettings(settings('radio', { options: ['A', 'B'], value: 'C' }))).toMatchObject({
      error: 'fields.errors.badChoice',
    });
    expect(validateFieldSettings(settings('text', { maxLength: 3, value: 'abcd' }))).toMatchObject({
      error: 'fields.errors.tooLong',
      values: { max: 3 },
    });
  });

  it('makes the owner pre-fill each required value field (the owner agrees at sending); others need not', () => {
    const prefill = { error: 'fields.errors.ownerMustPrefill' };
    expect(validateFieldSettingsOf(settings('text', { required: true }), true)).toMatchObject(prefill);
    expect(validateFieldSettingsOf(settings('text', { required: true, value: '' }), true)).toMatchObject(
      prefill,
    );
    expect(validateFieldSettingsOf(settings('text', { required: true, value: 'x' }), true).ok).toBe(true);
    expect(validateFieldSettingsOf(settings('text', { required: true }), false).ok).toBe(true);
    expect(validateFieldSettingsOf(settings('text', { required: false }), true).ok).toBe(true);
    for (const t of ['signature', 'stamp', 'dateSigned'] as const) {
      expect(validateFieldSettingsOf(settings(t, { required: true }), true).ok).toBe(true);
    }
    // The settings' own rule comes first.
    expect(validateFieldSettingsOf(settings('number', { required: true, value: '1a' }), true)).toMatchObject({
      error: 'fields.errors.notANumber',
    });
  });
});

describe("the contractor's values", () => {
  it('takes values on value fields only', () => {
    for (const t of ['signature', 'initials', 'stamp', 'dateSigned', 'attachment'] as const) {
      expect(refusal(validateFieldValue(settings(t), 'x'))).toEqual({
        error: 'fields.errors.notAValueField',
      });
      expect(refusal(validateFieldValue(settings(t), ''))).toEqual({ error: 'fields.errors.notAValueField' });
    }
  });

  it("clears any value field with ''", () => {
    for (const t of VALUE_FIELD_TYPES) expect(validateFieldValue(settings(t), '').ok).toBe(true);
  });

  it('takes a name of at most 200 characters, on one line', () => {
    expect(validateFieldValue(settings('name'), '佐藤 花子').ok).toBe(true);
    expect(refusal(validateFieldValue(settings('name'), 'Hanako\nSato'))).toEqual({
      error: 'fields.errors.oneLine',
    });
    expect(refusal(validateFieldValue(settings('name'), 'Hanako\tSato'))).toEqual({
      error: 'fields.errors.oneLine',
    });
    expect(validateFieldValue(settings('name'), 'x'.repeat(200)).ok).toBe(true);
    expect(refusal(validateFieldValue(settings('name'), 'x'.repeat(201)))).toEqual({
      error: 'fields.errors.tooLong',
      values: { max: 200 },
    });
  });

  it('takes text on one line unless multiline, within the maximum length (or the cap)', () => {
    const one = settings('text');
    expect(validateFieldValue(one, 'One line, 한국어, 日本語').ok).toBe(true);
    expect(refusal(validateFieldValue(one, 'two\nlines'))).toEqual({ error: 'fields.errors.oneLine' });
    expect(refusal(validateFieldValue(one, 'tab\there'))).toEqual({ error: 'fields.errors.oneLine' });
    expect(validateFieldValue(settings('text', { multiline: true }), 'two\nlines').ok).toBe(true);
    const short = settings('text', { maxLength: 5 });
    expect(validateFieldValue(short, '𠮷𠮷𠮷𠮷𠮷').ok).toBe(true);
    expect(refusal(validateFieldValue(short, 'abcdef'))).toEqual({
      error: 'fields.errors.tooLong',
      values: { max: 5 },
    });
    const cap = FIELD_LIMITS.textMaxChars;
    expect(validateFieldValue(one, 'x'.repeat(cap)).ok).toBe(true);
    expect(refusal(validateFieldValue(one, 'x'.repeat(cap + 1)))).toEqual({
      error: 'fields.errors.tooLong',
      values: { max: cap },
    });
  });

  it('takes a plain decimal number', () => {
    for (const v of ['0', '42', '-3.5', '1234567890.25'])
      expect(validateFieldValue(settings('number'), v).ok).toBe(true);
    for (const v of ['abc', '1e5', '1,000', '+1', '.5', '5.', '--1', ' 1', '1 ', 'NaN', 'Infinity', '0x10']) {
      expect({ v, r: refusal(validateFieldValue(settings('number'), v)) }).toEqual({
        v,
        r: { error: 'fields.errors.notANumber' },
      });
    }
    expect(
      refusal(validateFieldValue(settings('number'), '1'.repeat(FIELD_LIMITS.numberMaxChars + 1))),
    ).toEqual({
      error: 'fields.errors.notANumber',
    });
  });

  it('takes a real calendar date written YYYY-MM-DD', () => {
    for (const v of ['2026-01-31', '2028-02-29', '2026-12-31', '1000-01-01']) {
      expect(validateFieldValue(settings('date'), v).ok).toBe(true);
    }
    for (const v of [
      '2026-02-30',
      '2026-02-29',
      '2100-02-29',
      '2026-13-01',
      '2026-00-10',
      '2026-04-31',
      '2026-1-5',
      '2026/01/05',
      '05-01-2026',
      '0999-01-01',
      'tomorrow',
      '2026-01-05T00:00',
    ]) {
      expect({ v, r: refusal(validateFieldValue(settings('date'), v)) }).toEqual({
        v,
        r: { error: 'fields.errors.notADate' },
      });
    }
    expect(isIsoDate('2000-02-29')).toBe(true);
    expect(isIsoDate('1900-02-29')).toBe(false);
  });

  it("takes 'true' on a checkbox and a strikethrough", () => {
    for (const t of ['checkbox', 'strikethrough'] as const) {
      expect(validateFieldValue(settings(t), 'true').ok).toBe(true);
      for (const v of ['false', 'yes', '1', 'TRUE']) {
        expect(refusal(validateFieldValue(settings(t), v))).toEqual({ error: 'fields.errors.badChoice' });
      }
    }
  });

  it('takes one of the options on a radio group and a dropdown', () => {
    for (const t of ['radio', 'dropdown'] as const) {
      const s = settings(t, { options: ['Monthly', 'Yearly'] });
      expect(validateFieldValue(s, 'Yearly').ok).toBe(true);
      expect(refusal(validateFieldValue(s, 'yearly'))).toEqual({ error: 'fields.errors.badChoice' });
      expect(refusal(validateFieldValue(s, 'Weekly'))).toEqual({ error: 'fields.errors.badChoice' });
      expect(refusal(validateFieldValue(settings(t), 'Yearly'))).toEqual({
        error: 'fields.errors.badChoice',
      });
    }
  });
});

describe('filled and missing fields', () => {
  it('reads a sign field as filled when signed, a value field when not empty, an attachment when attached', () => {
    expect(isFilled({ signed: true })).toBe(true);
    expect(isFilled({ signed: false })).toBe(false);
    expect(isFilled({ type: 'initials', signed: true, signId: 's' })).toBe(true);
    expect(isFilled({ type: 'text', signed: false, value: 'x' })).toBe(true);
    expect(isFilled({ type: 'text', signed: true, value: '' })).toBe(false);
    expect(isFilled({ type: 'checkbox', signed: false })).toBe(false);
    expect(isFilled({ type: 'attachment', signed: false })).toBe(false);
    expect(isFilled({ type: 'attachment', signed: true, attachment: { key: 'k' } })).toBe(true);
    // Filled by the server at agreement: never blocks it.
    expect(isFilled({ type: 'dateSigned', signed: false })).toBe(true);
  });

  it('lists the positions of required fields still empty; optional fields never block', () => {
    const areas = [
      { signed: false },
      { type: 'signature', signed: true },
      { type: 'text', required: true, signed: false },
      { type: 'text', signed: false },
      { type: 'stamp', required: false, signed: false },
      { type: 'dateSigned', required: true, signed: false },
      { type: 'attachment', required: true, signed: false },
      { type: 'checkbox', required: true, signed: true, value: 'true' },
      { type: 'radio', required: true, signed: false, value: '' },
    ];
    expect(missingRequired(areas)).toEqual([0, 2, 6, 8]);
    expect(missingRequired([])).toEqual([]);
  });
});

describe('attachment checks (signer-attachments.ts)', () => {
  const pdf = new TextEncoder().encode('%PDF-1.7\n...');
  const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);
  const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);

  it('takes PDF, JPEG and PNG only', () => {
    expect(['application/pdf', 'image/jpeg', 'image/png'].every(isAttachmentType)).toBe(true);
    for (const t of ['image/gif', 'image/svg+xml', 'text/html', 'application/octet-stream', '']) {
      expect(isAttachmentType(t)).toBe(false);
    }
  });

  it('checks the first bytes against the declared type', () => {
    expect(hasMagic(pdf, 'application/pdf')).toBe(true);
    expect(hasMagic(jpeg, 'image/jpeg')).toBe(true);
    expect(hasMagic(png, 'image/png')).toBe(true);
    expect(hasMagic(png, 'application/pdf')).toBe(false);
    expect(hasMagic(pdf, 'image/png')).toBe(false);
    expect(hasMagic(png, 'image/jpeg')).toBe(false);
    expect(hasMagic(new TextEncoder().encode('%PD'), 'application/pdf')).toBe(false);
    expect(hasMagic(new Uint8Array(), 'image/jpeg')).toBe(false);
  });

  it('stages under uploads/ and accepts under documents/, with random names no form shares', () => {
    const a = attachmentUploadKey('doc1', 3, 'image/png');
    expect(a).toMatch(/^uploads\/doc1\/attachments\/3\/[0-9a-f]{32}\.png$/);
    expect(isAttachmentUploadKeyOf('doc1', a)).toBe(true);
    expect(isAttachmentUploadKeyOf('doc2', a)).toBe(false);
    expect(isAttachmentUploadKeyOf('doc1', 'uploads/doc1/attachments/3/../../x.png')).toBe(false);
    expect(attachmentUploadKey('doc1', 3, 'image/png')).not.toBe(a);
    expect(acceptedAttachmentKey('doc1', 0, 'application/pdf')).toMatch(
      /^documents\/doc1\/attachments\/0\/[0-9a-f]{32}\.pdf$/,
    );
    expect(acceptedAttachmentKey('doc1', 0, 'image/jpeg')).toMatch(/\.jpg$/);
  });
});
