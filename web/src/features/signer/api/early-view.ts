// The contract's view of a signer link, asked for as soon as the API client is configured (main.tsx →
// the router's `prefetchDataForPath`), while the page's code and catalogue still download: on a phone
// the view's answer decides everything that follows — the document and pdf.js for a link that can be
// used, or only a short page for one used before its turn, expired or voided (issue #28), which must
// not wait for the page's code to ask, nor download the document viewer for nothing.
//
// This module needs only the API client (in the entry's chunks): the answer is checked against the
// view's schema by the page that takes it (./load-view.ts). A view that allows
// answering starts its screens, pdf.js and the PDF at once (./preload.ts).
import * as z from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { preloadScreensFor } from './preload';
import { signerBase } from './signer-path';

const keyOf = (docuId: string, token: string) => `${docuId}/${token}`;
const anyBody = z.unknown();

let early: { key: string; body: Promise<unknown> } | undefined;
/** Links whose page already loaded its view: a late prefetch would only ask twice. */
const loaded = new Set<string>();

/** Starts loading the link's view (once per page load). */
export function prefetchSignerView(docuId: string, token: string): void {
  const key = keyOf(docuId, token);
  if (early || loaded.has(key)) return;
  const body = apiRequest({ path: signerBase(docuId, token), schema: anyBody });
  // A view that allows answering: what it shows next starts downloading now, not once the page has
  // mounted. Its failure is the page's to show, when it takes the answer.
  body.then(preloadScreensFor).catch(() => undefined);
  early = { key, body };
}

/**
 * The prefetched answer for the signer page, if any (unchecked). It serves one page load: the page
 * mounted again later asks anew (React's development double mount comes in the same task, and gets
 * the same answer).
 */
export function takePrefetchedView(docuId: string, token: string): Promise<unknown> | undefined {
  const key = keyOf(docuId, token);
  loaded.add(key);
  if (early?.key !== key) return undefined;
  const { body } = early;
  setTimeout(() => {
    if (early?.body === body) early = undefined;
  }, 0);
  return body;
}
