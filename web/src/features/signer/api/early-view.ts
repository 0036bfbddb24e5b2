// The contract's view of a signer link, asked for as soon as the API client is configured (main.tsx →
// the router's `prefetchDataForPath`), while the page's code and catalogue still download: on a phone
// the view's answer decides everything that follows — the document and pdf.js for a link that can be
// used, or only a short page for one used before its turn, expired or voided (issue #28), which must
// not wait for the page's code to ask or download the document viewer for nothing.
import type { SignerView } from '../../../../../shared/api/schemas';
import { fetchSignerView } from './signer-api';

const keyOf = (docuId: string, token: string) => `${docuId}/${token}`;

let early: { key: string; view: Promise<SignerView> } | undefined;
/** Links whose page already loaded its view: a late prefetch would only ask twice. */
const loaded = new Set<string>();

/** Starts loading the link's view (once per page load). */
export function prefetchSignerView(docuId: string, token: string): void {
  const key = keyOf(docuId, token);
  if (early || loaded.has(key)) return;
  const view = fetchSignerView(docuId, token);
  // Its failure is the page's to show, when it takes the answer.
  view.catch(() => undefined);
  early = { key, view };
}

/**
 * The view for the signer page: the prefetched one if any, else a new request. A prefetched view is
 * used by one page load only; the page mounted again (React's development double mount comes in the
 * same task) asks anew.
 */
export function takeSignerView(docuId: string, token: string, signal: AbortSignal): Promise<SignerView> {
  const key = keyOf(docuId, token);
  loaded.add(key);
  const prefetched = early?.key === key ? early.view : undefined;
  if (!prefetched) return fetchSignerView(docuId, token, signal);
  setTimeout(() => {
    if (early?.view === prefetched) early = undefined;
  }, 0);
  return prefetched;
}
