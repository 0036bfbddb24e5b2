// The one rule for names, titles and reasons (issue #13 defect 8): control, bidi-override and
// direction-mark characters and lone surrogates are refused; the rest is stored trimmed and NFC.
import {
  denyRequestSchema,
  signUpRequestSchema,
  updateDocumentRequestSchema,
} from '../../../shared/api/schemas';
import { mailDocumentRequestSchema } from '../../../shared/api/contracts';
import { saveRecipientsRequestSchema, uploadRequestSchema } from '../../../shared/api/schemas/documents';
import { hasUnsafeText, normaliseText, validateText } from '../../../shared/domain/validation';
import { translate } from '../../../shared/i18n';
import { LOCALES } from '../../../shared/i18n/core';

const UNSAFE = [
  '\u0000',
  '\u0007',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u009b',
  '\u061c',
  '\u200e',
  '\u200f',
  '\u2028',
  '\u2029',
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\ud800',
  '\udfff',
];

describe('the text rule', () => {
  it.each(UNSAFE.map((c) => [`U+${c.charCodeAt(0).toString(16).padStart(4, '0')}`, c]))(
    'refuses %s inside a name, one-line or multi-line',
    (_name, c) => {
      expect(hasUnsafeText(`Contract ${c}fdp.exe`)).toBe(true);
      expect(hasUnsafeText(`Contract ${c}fdp.exe`, { multiline: true })).toBe(true);
      expect(validateText(`a${c}b`)).toEqual({ ok: false, error: 'errors.unsafeText' });
    },
  );

  it('refuses tab and line breaks in a one-line field, allows them in a multi-line one', () => {
    for (const c of ['\t', '\n', '\r', '\r\n']) {
      expect(hasUnsafeText(`a${c}b`)).toBe(true);
      expect(validateText(`a${c}b`, { multiline: true }).ok).toBe(true);
    }
    expect(validateText('one\r\ntwo\rthree', { multiline: true })).toEqual({
      ok: true,
      text: 'one\ntwo\nthree',
    });
  });

  it('keeps every script, emoji (with joiners and variation selectors) and paired surrogates', () => {
    for (const text of [
      '契約書 第1号',
      '계약서',
      'Ünïcödé',
      'עברית',
      'عربي',
      '👩‍👩‍👧 ❤️',
      '𠮷野家',
      'a\u200db',
      'a\u200cb',
    ]) {
      expect(validateText(text)).toEqual({ ok: true, text });
    }
  });

  it('stores the NFC form, trimmed', () => {
    expect(normaliseText('  Cafe\u0301  ')).toBe('Caf\u00e9');
    expect(validateText('\u1100\u1161')).toEqual({ ok: true, text: '\uac00' });
  });

  it('has a message in every language', () => {
    for (const lang of LOCALES) {
      expect(translate('errors.unsafeText', {}, lang)).not.toBe('errors.unsafeText');
    }
  });
});

describe('the request schemas use it', () => {
  const issue = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
    r.success ? null : r.error!.issues.map((i) => i.message);

  it('refuses a title with U+202E, NUL or a lone surrogate and normalises a clean one', () => {
    for (const title of ['\u202efdp.exe', 'a\u0000b', 'x\ud800y']) {
      expect(issue(updateDocumentRequestSchema.safeParse({ title }))).toEqual(['errors.unsafeText']);
    }
    expect(updateDocumentRequestSchema.parse({ title: ' Cafe\u0301 ' })).toEqual({ title: 'Caf\u00e9' });
  });

  it('refuses them in names, contacts, file names, mail addresses and deny reasons', () => {
    const consents = {
      termsOfService: true,
      privacyPolicy: true,
      ageConfirmed: true,
      marketing: false,
      thirdPartyProvision: false,
    };
    const bad = 'Ann\u202eA';
    expect(
      issue(
        signUpRequestSchema.safeParse({
          email: 'a@example.com',
          password: 'Passw0rd!',
          name: bad,
          consents,
          lang: 'en',
        }),
      ),
    ).toEqual(['errors.unsafeText']);
    expect(
      issue(
        saveRecipientsRequestSchema.safeParse({
          recipients: [{ name: bad, contact: 'b@example.com' }],
          finalRecipients: ['c@example.com\u0000'],
          lang: 'en',
        }),
      ),
    ).toEqual(['errors.unsafeText', 'errors.unsafeText']);
    expect(
      issue(
        uploadRequestSchema.safeParse({
          fileName: 'a\u202ecod.pdf',
          contentType: 'application/pdf',
          sizeBytes: 1,
        }),
      ),
    ).toEqual(['errors.unsafeText']);
    expect(issue(mailDocumentRequestSchema.safeParse({ email: 'a@example.com\u2066', lang: 'en' }))).toEqual([
      'errors.unsafeText',
    ]);
    expect(issue(denyRequestSchema.safeParse({ reason: 'No\u0000', lang: 'en' }))).toEqual([
      'errors.unsafeText',
    ]);
    expect(denyRequestSchema.parse({ reason: ' Wrong price.\r\nSee page 2. ', lang: 'en' }).reason).toBe(
      'Wrong price.\nSee page 2.',
    );
  });
});
