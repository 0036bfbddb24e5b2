// Message keys are checked at compile time against the English catalogue: shared/i18n/en.json and
// shared/i18n/server/en.json merged, as the SPA's `resources` are (shared/i18n/index.ts).
import 'i18next';
import type { Catalogue } from '../../../shared/i18n/keys';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Catalogue };
  }
}
