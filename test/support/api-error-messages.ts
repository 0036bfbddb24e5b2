// The public API's error messages as the catalogues give them now (scripts/api-error-messages.ts
// writes them; test/unit/shared/api-v1-errors.test.ts compares).
import en from '../../shared/i18n/en.json' with { type: 'json' };
import ja from '../../shared/i18n/ja.json' with { type: 'json' };
import ko from '../../shared/i18n/ko.json' with { type: 'json' };
import serverEn from '../../shared/i18n/server/en.json' with { type: 'json' };
import serverJa from '../../shared/i18n/server/ja.json' with { type: 'json' };
import serverKo from '../../shared/i18n/server/ko.json' with { type: 'json' };
import { collectErrorMessages } from '../../shared/i18n/api-errors';

export function apiErrorMessages() {
  return {
    en: collectErrorMessages([en, serverEn]),
    ja: collectErrorMessages([ja, serverJa]),
    ko: collectErrorMessages([ko, serverKo]),
  };
}
