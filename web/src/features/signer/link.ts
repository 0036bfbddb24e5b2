// A signer link, `/{lang}/outsign/{docuId}/{token}` (issue #5), and its page's first chunk: the one
// rule for the boot script (../../boot.ts), which starts the chunk with the HTML, and for the route
// (./routes.tsx). No imports: the boot script carries this module.

/** The signer page's first chunk (`signer-page-*.js`). */
export const loadSignerPage = () => import('./components/signer-page');

const SIGNER_LINK = /^\/[^/]+\/outsign\/([^/]+)\/([^/]+)\/?$/;

/** The link's document and token, when `pathname` is a signer link. */
export function signerLinkOf(pathname: string): { docuId: string; token: string } | null {
  const match = SIGNER_LINK.exec(pathname);
  if (!match) return null;
  try {
    return { docuId: decodeURIComponent(match[1]!), token: decodeURIComponent(match[2]!) };
  } catch {
    return null;
  }
}
