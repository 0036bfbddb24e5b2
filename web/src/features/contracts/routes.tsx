// Contract management's routes (issue #7), children of the signed-in area (/{lang}/home/…): the lists
// and Show Document, in lazy chunks of their own.
import type { RouteObject } from 'react-router';
import { titled } from '../../app/page-title';
import { paths, under } from '../../app/paths';

export function contractsRoutes(): RouteObject[] {
  const home = paths.home.path;
  return [
    {
      path: under(home, paths.homeDoc.path),
      handle: titled('titles.contracts'),
      lazy: async () => ({ Component: (await import('./components/contracts-page')).ContractsPage }),
    },
    {
      path: under(home, paths.homeShowDocu.path),
      handle: titled('titles.showDocument'),
      lazy: async () => ({ Component: (await import('./components/show-document-page')).ShowDocumentPage }),
    },
    {
      // A colleague's contract, read-only, with its comment thread (issue #29 item 3).
      path: under(home, paths.homeComments.path),
      handle: titled('titles.contracts'),
      lazy: async () => ({
        Component: (await import('../comments/company-page')).CompanyContractPage,
      }),
    },
  ];
}
