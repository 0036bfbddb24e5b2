// Each language's catalogue is a chunk of its own (issue #15 performance): the one place that names
// them, for i18n (./i18n.ts), which loads a page's language, and for the boot script (../boot.ts),
// which starts that chunk with the HTML. Importing a chunk twice downloads it once (the module map).
import type { Locale } from '../../../shared/i18n/core';
import type { Catalogue } from '../../../shared/i18n/keys';

export type CatalogueLoaders = Record<Locale, () => Promise<{ default: Catalogue }>>;

export const CATALOGUES: CatalogueLoaders = {
  en: () => import('./catalogues/en'),
  ja: () => import('./catalogues/ja'),
  ko: () => import('./catalogues/ko'),
};

/**
 * The phone's recording page's part of each catalogue (shared/i18n/parts.ts; record.html shows nothing
 * else): about a third of the whole. Typed as the whole: the part's keys are checked by a unit test
 * against the page's source, and a key outside it would show as its key.
 */
export const RECORD_CATALOGUES: CatalogueLoaders = {
  en: () => import('./catalogues/record-en') as Promise<{ default: Catalogue }>,
  ja: () => import('./catalogues/record-ja') as Promise<{ default: Catalogue }>,
  ko: () => import('./catalogues/record-ko') as Promise<{ default: Catalogue }>,
};
