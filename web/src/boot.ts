// The app shell's first script (issue #33), an entry of its own (web/vite.config.ts puts it first in
// index.html, async): a few hundred bytes that run as soon as they arrive, while the app's entry
// chunks (~170 KB) still download and before they are evaluated (~0.5 s on a phone at 4× CPU). It
// starts what the page will need next: the catalogue of the URL's language and, for a signer link,
// the signer page's chunk, then config.json and the contract's view, whose answer starts page 1's
// image (./features/signer/api/preload.ts). The app starts each again if this did not run (each
// starts once). Nothing here renders, and a failure here is the app's to meet and report.
import { localeForPath } from '../../shared/i18n/core';
import { CATALOGUES } from './app/catalogue-chunks';
import { earlyConfigBody } from './app/early-config';
import { detectLang, isLang } from './app/paths';
import { prefetchSignerView } from './features/signer/api/early-view';
import { loadSignerPage, signerLinkOf } from './features/signer/link';

const pathname = window.location.pathname;
const prefix = pathname.split('/')[1];
CATALOGUES[localeForPath(isLang(prefix) ? prefix : detectLang())]().catch(() => undefined);

const link = signerLinkOf(pathname);
if (link) {
  loadSignerPage().catch(() => undefined);
  earlyConfigBody()
    ?.then((config) => {
      const apiBase = (config as { apiBase?: unknown } | null)?.apiBase;
      if (typeof apiBase === 'string' && apiBase !== '') {
        prefetchSignerView(apiBase, link.docuId, link.token);
      }
    })
    .catch(() => undefined);
}
