// A server refusal is shown in the page's language with its placeholders filled from the error's
// details (a 429's minutes, an upload's limit), never as a raw "{{minutes}}".
import en from '../../../shared/i18n/en.json' with { type: 'json' };
import { i18n } from '../../../web/src/app/i18n';
import { ApiError } from '../../../web/src/lib/api-client';
import { errorMessage } from '../../../web/src/lib/error-message';

describe('errorMessage', () => {
  beforeAll(async () => {
    i18n.addResourceBundle('en', 'translation', en, true, true);
    await i18n.changeLanguage('en');
  });

  it('fills the message’s placeholders from the details', () => {
    const err = new ApiError(429, 'upload.errors.tooManyForms', 'Too many requests', 'r1', {
      rule: 'uploadFormsPerDocument',
      limit: 10,
      minutes: 42,
    });
    const text = errorMessage(i18n.t, err);
    expect(text).toContain('42 minute');
    expect(text).not.toContain('{{');
  });

  it('ignores details that are not plain values, and keeps the request id', () => {
    const err = new ApiError(500, 'errors.internal', 'boom', 'req-9', { fields: [{ path: 'x' }] });
    expect(errorMessage(i18n.t, err)).toContain('req-9');
  });
});
