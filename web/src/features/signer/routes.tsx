// The signer flow's route (issue #5), a child of /{lang}: open to anyone with the link, in a lazy
// chunk of its own (`signer-page-*.js`), which the router also starts fetching before its
// configuration is read when the URL is a signer link (`prefetchForPath`).
import type { RouteObject } from 'react-router';
import { titled } from '../../app/page-title';
import { paths } from '../../app/paths';

export const loadSignerPage = () => import('./components/signer-page');

export function signerRoute(): RouteObject {
  return {
    path: paths.outsign.path,
    handle: titled('titles.signer'),
    lazy: async () => ({ Component: (await loadSignerPage()).SignerPage }),
  };
}
