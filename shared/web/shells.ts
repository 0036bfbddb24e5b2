// Which HTML shell a path without a file extension gets (an SPA route). Every route loads the app
// shell, index.html, except the phone's video recording pages, which a contractor opens from a QR code
// on a mobile network: they load record.html, a lean shell (no router, one catalogue) that renders
// only the recorder (issue #15: the page's JavaScript ≤ 150 KB gzip, docs/performance.md). Used by
// the CloudFront function (lib/constructs/web.ts), the local server and Vite's build inputs.

export const APP_SHELL = '/index.html';
export const RECORD_SHELL = '/record.html';

/** `/{lang}/vsign_mobile/{token}` and the Video Contract's `/{lang}/vc_mobile/{token}` (issue #16). */
export const RECORD_SHELL_PATH = /^\/[a-z]{2}\/(?:vsign|vc)_mobile\/[^/]+\/?$/;

/** The shell of an SPA route. */
export function shellFor(pathname: string): string {
  return RECORD_SHELL_PATH.test(pathname) ? RECORD_SHELL : APP_SHELL;
}

/**
 * The CloudFront viewer-request function (JS 2.0 runtime): a path with no file extension is an SPA
 * route and gets its shell; any other path is a file.
 */
export const SPA_REWRITE_CODE = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var last = uri.substring(uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) {
    request.uri = ${RECORD_SHELL_PATH.toString()}.test(uri) ? '${RECORD_SHELL}' : '${APP_SHELL}';
  }
  return request;
}`;

/**
 * The embedded signer page (issue #31, decision 160): `/embed/{lang}/{docuId}/{token}`. Not a file of
 * the SPA's bucket: CloudFront sends this prefix to the API (lib/constructs/web.ts), the local server
 * to the same handler (local/server.ts), which answers the app shell with the account's
 * frame-ancestors and without X-Frame-Options.
 */
export const EMBED_PAGE_PREFIX = '/embed/';
