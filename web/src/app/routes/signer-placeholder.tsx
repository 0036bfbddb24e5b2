// A signer link's page until the signer flow exists: a translated "being built" page, never the
// not-found page, so a contractor who follows an e-mailed link is not told the link is wrong.
import { PlaceholderPage } from '../../features/shell/components/placeholder-page';
import { paths } from '../paths';
import { useLang } from '../use-lang';

export function SignerPlaceholderRoute() {
  const lang = useLang();
  return <PlaceholderPage backHref={paths.landing.getHref(lang)} />;
}
