// The signs page's route (issue #17), a child of the signed-in area (/{lang}/home/sign): the sign and
// stamp makers and the sign manager, in a lazy chunk of their own.
import type { RouteObject } from 'react-router';
import { titled } from '../../app/page-title';
import { paths, under } from '../../app/paths';

export function signsRoutes(): RouteObject[] {
  return [
    {
      path: under(paths.home.path, paths.homeSign.path),
      handle: titled('titles.signs'),
      lazy: async () => ({ Component: (await import('./components/signs-page')).SignsPage }),
    },
  ];
}
