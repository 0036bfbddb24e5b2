import { DEFAULT_MAX_UPLOAD_BYTES } from '../../../shared/domain/constants';
import {
  charCount,
  uploadLimitMb,
  validateAutoSignText,
  validateCorporateStamp,
  validateDenyReason,
  validateGeneralStamp,
  validateQuantity,
  validateRegistrationConsents,
  validateUpload,
  type ValidationResult,
} from '../../../shared/domain/validation';
import { translate } from '../../../shared/i18n';

function messageOf(result: ValidationResult<object> | ValidationResult) {
  if (result.ok) throw new Error('expected a refusal');
  return translate(result.error, result.values);
}

describe('uploading a contract', () => {
  it('accepts one PDF within the limit', () => {
    expect(validateUpload({ contentType: 'application/pdf', sizeBytes: 1234 })).toEqual({ ok: true });
    expect(validateUpload({ contentType: 'application/pdf', sizeBytes: 50_000_000 })).toEqual({ ok: true });
    expect(validateUpload({ contentType: 'Application/PDF; charset=binary', sizeBytes: 1 }).ok).toBe(true);
  });

  it('refuses anything but a PDF: "Only pdf files are supported in the current version."', () => {
    const result = validateUpload({ contentType: 'image/png', sizeBytes: 1234 });
    expect(messageOf(result)).toBe('Only pdf files are supported in the current version.');
  });

  it('refuses an empty file', () => {
    expect(validateUpload({ contentType: 'application/pdf', sizeBytes: 0 })).toEqual({
      ok: false,
      error: 'upload.errors.empty',
    });
  });

  it('refuses a file over 50,000,000 bytes, naming 50MB', () => {
    const result = validateUpload({ contentType: 'application/pdf', sizeBytes: 50_000_001 });
    expect(messageOf(result)).toBe('Please check if you are trying to upload a file larger than 50MB');
  });

  it('names the configured limit when it is changed', () => {
    const result = validateUpload({ contentType: 'application/pdf', sizeBytes: 20_000_001 }, 20_000_000);
    expect(messageOf(result)).toBe('Please check if you are trying to upload a file larger than 20MB');
    expect(uploadLimitMb(DEFAULT_MAX_UPLOAD_BYTES)).toBe(50);
  });
});

describe('the deny reason', () => {
  it('accepts 200 characters, trimmed', () => {
    expect(validateDenyReason(`  ${'a'.repeat(200)}  `)).toEqual({ ok: true, reason: 'a'.repeat(200) });
  });

  it('counts Japanese characters and emoji as one character each', () => {
    expect(validateDenyReason('あ'.repeat(200)).ok).toBe(true);
    expect(validateDenyReason('😀'.repeat(200)).ok).toBe(true);
    expect(charCount('😀𠮷')).toBe(2);
  });

  it('refuses more than 200 characters', () => {
    const result = validateDenyReason('a'.repeat(201));
    expect(result).toEqual({ ok: false, error: 'signing.errors.denyReasonTooLong', values: { max: 200 } });
    expect(messageOf(result)).toBe('The reason must be 200 characters or less.');
  });

  it('refuses a blank reason, since it is e-mailed to every participant', () => {
    expect(validateDenyReason('   ')).toEqual({ ok: false, error: 'signing.errors.denyReasonRequired' });
  });
});

describe('the auto-generated sign', () => {
  it('accepts up to 20 characters', () => {
    expect(validateAutoSignText(' 佐藤 花子 ')).toEqual({ ok: true, text: '佐藤 花子' });
    expect(validateAutoSignText('a'.repeat(20)).ok).toBe(true);
  });

  it('refuses blank text with an error', () => {
    const result = validateAutoSignText('   ');
    expect(result).toEqual({ ok: false, error: 'signs.errors.autoSignBlank' });
    expect(messageOf(result)).toBe('Please enter the text of your sign.');
  });

  it('refuses more than 20 characters: "sign only allowed 20 words"', () => {
    expect(messageOf(validateAutoSignText('a'.repeat(21)))).toBe('sign only allowed 20 words');
  });
});

describe('the general stamp', () => {
  it('accepts a family name alone, and names of 3 characters', () => {
    expect(validateGeneralStamp('佐藤', '')).toEqual({ ok: true, familyName: '佐藤', givenName: '' });
    expect(validateGeneralStamp('長谷川', '花子子').ok).toBe(true);
  });

  it('requires the family name: "sign is mandatory"', () => {
    expect(messageOf(validateGeneralStamp('  ', '花子'))).toBe('sign is mandatory');
  });

  it('refuses a family or given name over 3 characters: "each length should be less than 4"', () => {
    expect(messageOf(validateGeneralStamp('勅使河原', '花'))).toBe('each length should be less than 4');
    expect(messageOf(validateGeneralStamp('佐藤', 'はなこさ'))).toBe('each length should be less than 4');
  });
});

describe('the corporate stamp', () => {
  it('accepts up to 11 characters', () => {
    expect(validateCorporateStamp('株式会社サインシール').ok).toBe(true);
    expect(validateCorporateStamp('a'.repeat(11)).ok).toBe(true);
  });

  it('requires text: "sign is mandatory"', () => {
    expect(messageOf(validateCorporateStamp(''))).toBe('sign is mandatory');
  });

  it('refuses more than 11 characters: "length should be less than 12"', () => {
    expect(messageOf(validateCorporateStamp('a'.repeat(12)))).toBe('length should be less than 12');
  });
});

describe('seats and contracts to buy', () => {
  it.each([0, -1, -0.5])('refuses %d: "cannot be zero or negative!!!"', (n) => {
    expect(messageOf(validateQuantity('price_onetime', n))).toBe('cannot be zero or negative!!!');
    expect(messageOf(validateQuantity('year_standard', n))).toBe('cannot be zero or negative!!!');
  });

  it('refuses a fraction or a non-number', () => {
    expect(validateQuantity('price_onetime', 1.5)).toEqual({
      ok: false,
      error: 'billing.errors.notWholeNumber',
    });
    expect(validateQuantity('price_onetime', Number.NaN)).toEqual({
      ok: false,
      error: 'billing.errors.notWholeNumber',
    });
  });

  it('gives a personal plan exactly one seat', () => {
    expect(validateQuantity('month_personal', 1)).toEqual({ ok: true });
    expect(messageOf(validateQuantity('year_personal', 2))).toBe('A personal plan has 1 seat.');
  });

  it('lets a standard plan choose up to 50 seats', () => {
    expect(validateQuantity('month_standard', 50)).toEqual({ ok: true });
    expect(messageOf(validateQuantity('month_standard', 51))).toBe('Up to 50 seats can be chosen.');
  });

  it('lets the one-time purchase choose any number of contracts', () => {
    expect(validateQuantity('price_onetime', 500)).toEqual({ ok: true });
  });
});

describe('registration consents', () => {
  const all = { termsOfService: true, privacyPolicy: true, ageConfirmed: true };

  it('accepts the three required consents', () => {
    expect(validateRegistrationConsents(all)).toEqual({ ok: true });
  });

  it('checks the Terms of Service first', () => {
    const result = validateRegistrationConsents({
      termsOfService: false,
      privacyPolicy: false,
      ageConfirmed: false,
    });
    expect(messageOf(result)).toBe('Agreeing to the Terms of Service is required.');
  });

  it('checks the Privacy Policy second', () => {
    const result = validateRegistrationConsents({ ...all, privacyPolicy: false, ageConfirmed: false });
    expect(messageOf(result)).toBe('Agreeing to the Privacy Policy is required.');
  });

  it('checks the age last, showing the configured minimum age (18 by default)', () => {
    const result = validateRegistrationConsents({ ...all, ageConfirmed: false });
    expect(result).toEqual({ ok: false, error: 'registration.errors.underMinAge', values: { minAge: 18 } });
    expect(messageOf(result)).toBe('Only those 18 years of age or older can join.');
  });

  it("reads exactly as the spec's message when the minimum age is configured to 14", () => {
    const result = validateRegistrationConsents({ ...all, ageConfirmed: false }, 14);
    expect(messageOf(result)).toBe('Only those 14 years of age or older can join.');
  });
});
