// The video pages' routes, children of /{lang}: the phone's recording page (issue #15; a video
// contract's, issue #16), its own small chunk with the recorder, and the video confirmation page
// (issue #15 item 4), its own small chunk. The contractor's video step is the signer page's.
import { useParams, type RouteObject } from 'react-router';
import { titled } from '../../app/page-title';
import { paths } from '../../app/paths';

export function videoRoutes(): RouteObject[] {
  const mobile = (
    [
      [paths.vsignMobile, 'titles.vsignMobile'],
      [paths.vcMobile, 'titles.vcMobile'],
    ] as const
  ).map(([p, title]) => ({
    path: p.path,
    handle: titled(title),
    lazy: async () => {
      const { MobileRecordingPage } = await import('./components/mobile-page');
      return { Component: () => <MobileRecordingPage token={useParams().token ?? ''} /> };
    },
  }));
  return [
    ...mobile,
    {
      path: paths.videoConfirm.path,
      handle: titled('titles.videoConfirm'),
      lazy: async () => ({ Component: (await import('./components/confirm-page')).VideoConfirmPage }),
    },
  ];
}
