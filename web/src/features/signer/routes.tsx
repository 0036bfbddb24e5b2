// The signer flow's route (issue #5), a child of /{lang}: open to anyone with the link, in a lazy
// chunk of its own (`signer-page-*.js`). When the URL is a signer link, the router starts fetching
// that chunk before its configuration is read (`prefetchSignerCode`), and the contract's view as soon
// as the API client is configured (`prefetchSignerData`): the view decides whether the document and
// pdf.js are needed at all (a link used before its turn, expired or voided needs neither, issue #28).
// The early view is a few hundred bytes on the API client, in the entry: on a phone, waiting for a
// chunk of its own delayed the view by half a second.
import type { RouteObject } from 'react-router';
import { titled } from '../../app/page-title';
import { paths } from '../../app/paths';
import { prefetchSignerView } from './api/early-view';

export const loadSignerPage = () => import('./components/signer-page');

const SIGNER_LINK = /^\/[^/]+\/outsign\/([^/]+)\/([^/]+)\/?$/;

/** The link's document and token, when `pathname` is a signer link. */
function signerLinkOf(pathname: string): { docuId: string; token: string } | null {
  const match = SIGNER_LINK.exec(pathname);
  if (!match) return null;
  try {
    return { docuId: decodeURIComponent(match[1]!), token: decodeURIComponent(match[2]!) };
  } catch {
    return null;
  }
}

/** Before the configuration is read: the signer page's chunk. */
export function prefetchSignerCode(pathname: string): void {
  if (!signerLinkOf(pathname)) return;
  // Failures are the route's own lazy import's to report.
  loadSignerPage().catch(() => undefined);
}

/** Once the API client is configured: the contract's view of a signer link. */
export function prefetchSignerData(pathname: string): void {
  const link = signerLinkOf(pathname);
  if (link) prefetchSignerView(link.docuId, link.token);
}

export function signerRoute(): RouteObject {
  return {
    path: paths.outsign.path,
    handle: titled('titles.signer'),
    lazy: async () => ({ Component: (await loadSignerPage()).SignerPage }),
  };
}
