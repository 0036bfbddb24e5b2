// The creation funnels' routes, children of the signed-in area (/{lang}/home/…): E-Sign, Video Sign
// (the same page with the owner's video step, issue #15) and Video Contract (the owner's video, the
// optional contractors, Finalize; issue #16), one lazy chunk.
import type { RouteObject } from 'react-router';
import { titled } from '../../app/page-title';
import { paths, under } from '../../app/paths';

export function funnelRoutes(): RouteObject[] {
  const home = paths.home.path;
  return (
    [
      [paths.homeMakeEsign, 'FunnelPage'],
      [paths.homeMakeVsign, 'VideoSignFunnelPage'],
      [paths.homeMakeVcontract, 'VideoContractFunnelPage'],
    ] as const
  ).map(([p, page]) => ({
    path: under(home, p.path),
    handle: titled('titles.newContract'),
    lazy: async () => ({ Component: (await import('./components/funnel-page'))[page] }),
  }));
}
