// The contract's view of a signer link, asked for as early as the page can: by the boot script
// (../../../boot.ts) the moment config.json gives the API's address, while the app's own code still
// downloads, or else by the app once its configuration is read (main.tsx → the router's
// `prefetchDataForPath`). On a phone the view's answer decides everything that follows — the page's
// images, or the document and pdf.js, for a link that can be used, or only a short page for one used
// before its turn, expired or voided (issue #28) — which must not wait for the page's code to ask, nor
// download the document viewer for nothing.
//
// No API client nor zod here (the boot script carries this module, issue #33): the page that takes
// the answer reads it through the API client and checks it against the view's schema
// (./load-view.ts). A view that allows answering starts its screens and its first page's image (or
// pdf.js and the PDF) at once (./preload.ts).
import { preloadScreensFor } from './preload';
import { signerBase } from './signer-path';

const keyOf = (docuId: string, token: string) => `${docuId}/${token}`;

let early: { key: string; response: Promise<Response> } | undefined;
/** Links whose page already loaded its view: a late prefetch would only ask twice. */
const loaded = new Set<string>();

/** Starts loading the link's view (once per page load), as the API client would ask for it. */
export function prefetchSignerView(apiBase: string, docuId: string, token: string): void {
  const key = keyOf(docuId, token);
  if (early || loaded.has(key)) return;
  const response = fetch(`${apiBase}${signerBase(docuId, token)}`, {
    headers: { accept: 'application/json' },
  });
  // A view that allows answering: what it shows next starts downloading now, not once the page has
  // mounted (from a copy: the answer itself is never read, each taker gets a copy of its own). Any
  // failure is the page's to show, when it takes the answer.
  response
    .then((r) => (r.ok ? r.clone().json() : undefined))
    .then(preloadScreensFor)
    .catch(() => undefined);
  early = { key, response };
}

/**
 * The prefetched answer for the signer page, if any: a copy of its own, unread (the page reads it
 * through the API client). It serves one page load: the page mounted again later asks anew (React's
 * development double mount comes in the same task, and gets the same answer).
 */
export function takePrefetchedView(docuId: string, token: string): Promise<Response> | undefined {
  const key = keyOf(docuId, token);
  loaded.add(key);
  if (early?.key !== key) return undefined;
  const { response } = early;
  setTimeout(() => {
    if (early?.response === response) early = undefined;
  }, 0);
  return response.then((r) => r.clone());
}
