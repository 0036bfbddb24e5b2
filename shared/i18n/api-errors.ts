// The public API's error messages (issue #31 item 2): every v1 error carries its message in the
// request's Accept-Language. Error codes are message keys of the catalogues, most of them in the SPA's
// part, which no function bundle may carry (~280 KB for three languages). So the API function gets
// only the error messages: every leaf under an `errors` key of either part, per locale, collected into
// ./server/api-errors.json by `npx tsx scripts/api-error-messages.ts` (collectErrorMessages below);
// test/unit/shared/api-v1-errors.test.ts fails when that file is not what the catalogues give now.
import messages from './server/api-errors.json' with { type: 'json' };
import { DEFAULT_LOCALE, type Locale, type MessageValues } from './core';

export type ErrorMessages = Readonly<Record<Locale, Readonly<Record<string, string>>>>;

/** The `errors` leaves of catalogues: `{ 'errors.validation': '…', 'documents.errors.x': '…' }`. */
export function collectErrorMessages(catalogues: readonly object[]): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (node: unknown, path: string[], inErrors: boolean) => {
    if (typeof node === 'string') {
      if (inErrors) out[path.join('.')] = node;
      return;
    }
    if (node && typeof node === 'object') {
      for (const [k, v] of Object.entries(node)) walk(v, [...path, k], inErrors || k === 'errors');
    }
  };
  for (const c of catalogues) walk(c, [], false);
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

const MESSAGES: ErrorMessages = messages;

/** An error code's message in a locale (English when the locale lacks it), values filled in; null
 *  when the code has no message. */
export function errorMessage(code: string, locale: Locale, values: MessageValues = {}): string | null {
  const text = MESSAGES[locale][code] ?? MESSAGES[DEFAULT_LOCALE][code];
  if (text === undefined) return null;
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}
