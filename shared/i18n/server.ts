// The server's messages: `translate` over the namespaces the server renders in the recipient's
// language (./server/*.json: sign requests, denial notices, completion and certificate mails, the audit
// pages, history actions, the contract mail). Lambdas import this module, never ./index, so their
// bundles carry these catalogues only, not the SPA's (eslint.config.js enforces it).

import en from './server/en.json' with { type: 'json' };
import ja from './server/ja.json' with { type: 'json' };
import ko from './server/ko.json' with { type: 'json' };
import { DEFAULT_LOCALE, lookup, translateIn, type Locale, type MessageValues } from './core';
import type { ServerCatalogue, ServerMessageKey, ServerNamespace } from './keys';

export * from './core';
export type { ServerMessageKey, ServerNamespace };

/** The server catalogues, one per locale. */
export const serverCatalogues = {
  en: en satisfies ServerCatalogue,
  ja: ja satisfies ServerCatalogue,
  ko: ko satisfies ServerCatalogue,
} as const;

/**
 * What `translate` accepts: a key of the server catalogues, or a key built at run time whose
 * compile-time type is a pattern starting with a server namespace (`audit.${string}`). A literal key
 * outside the server catalogues (an SPA key or a typo) is a compile error; a plain `string` cannot be
 * checked and is accepted.
 */
export type ServerKey<K extends string> = string extends K
  ? K
  : K extends ServerMessageKey
    ? K
    : IsPattern<K> extends true
      ? K extends `${ServerNamespace}.${string}`
        ? K
        : ServerMessageKey
      : ServerMessageKey;

/** Whether a string type is a template pattern (`audit.${string}`) rather than one literal. */
type IsPattern<K extends string> = Record<never, never> extends Record<K, unknown> ? true : false;

/**
 * A server message in a locale with its values filled in (falls back to English, then to the key
 * itself; a variable without a value is left as written).
 */
export function translate<K extends string>(
  key: ServerKey<K>,
  values: MessageValues = {},
  locale: Locale = DEFAULT_LOCALE,
): string {
  return translateIn(serverCatalogues, key, values, locale);
}

/** Whether a string is a key of the server catalogues. */
export function isServerMessageKey(key: string): key is ServerMessageKey {
  return lookup(en, key) !== undefined;
}
