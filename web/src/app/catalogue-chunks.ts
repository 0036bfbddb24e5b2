// Each language's catalogue is a chunk of its own (issue #15 performance): the one place that names
// them, for i18n (./i18n.ts), which loads a page's language, and for the boot script (../boot.ts),
// which starts that chunk with the HTML. Importing a chunk twice downloads it once (the module map).
import type { Locale } from '../../../shared/i18n/core';
import type { Catalogue } from '../../../shared/i18n/keys';

export const CATALOGUES: Record<Locale, () => Promise<{ default: Catalogue }>> = {
  en: () => import('./catalogues/en'),
  ja: () => import('./catalogues/ja'),
  ko: () => import('./catalogues/ko'),
};
