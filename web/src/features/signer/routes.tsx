// The signer flow's route (issue #5), a child of /{lang}: open to anyone with the link, in a lazy
// chunk of its own (`signer-page-*.js`). When the URL is a signer link, the boot script (../../boot.ts)
// starts that chunk with the HTML, and the contract's view as soon as config.json gives the API's
// address; the router starts both again (once each) before and after its configuration is read
// (`prefetchSignerCode`, `prefetchSignerData`), should the boot script not have run. The view decides
// whether the document and pdf.js are needed at all (a link used before its turn, expired or voided
// needs neither, issue #28). The early view is a few hundred bytes, in the entry: on a phone, waiting
// for a chunk of its own delayed the view by half a second.
import type { RouteObject } from 'react-router';
import { titled } from '../../app/page-title';
import { paths } from '../../app/paths';
import { prefetchSignerView } from './api/early-view';
import { loadSignerPage, signerLinkOf } from './link';

/** Before the configuration is read: the signer page's chunk. */
export function prefetchSignerCode(pathname: string): void {
  if (!signerLinkOf(pathname)) return;
  // Failures are the route's own lazy import's to report.
  loadSignerPage().catch(() => undefined);
}

/** Once the configuration is read: the contract's view of a signer link. */
export function prefetchSignerData(pathname: string, apiBase: string): void {
  const link = signerLinkOf(pathname);
  if (link) prefetchSignerView(apiBase, link.docuId, link.token);
}

export function signerRoute(): RouteObject {
  return {
    path: paths.outsign.path,
    handle: titled('titles.signer'),
    lazy: async () => ({ Component: (await loadSignerPage()).SignerPage }),
  };
}
