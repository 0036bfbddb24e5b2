// The links of a visitor (Sign in / Sign up) and the placeholder shown while a session is checked:
// used by account-links.tsx directly and by the lazily loaded auth-aware-links.tsx, so neither of those
// two imports the other back (no import cycle, issue #26).
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Lang } from '../../../app/paths';
import { loginHref, registerHref } from '../public-paths';

export interface AccountLinksProps {
  lang: Lang;
  /** Called when a link is followed (the mobile menu closes itself). */
  onNavigate?: () => void;
}

export function GuestLinks({ lang, onNavigate }: AccountLinksProps) {
  const { t } = useTranslation();
  return (
    <>
      <Link className="button button-secondary" to={loginHref(lang)} onClick={onNavigate}>
        {t('nav.signIn')}
      </Link>
      <Link className="button button-primary" to={registerHref(lang)} onClick={onNavigate}>
        {t('nav.signUp')}
      </Link>
    </>
  );
}

/** Holds the links' place (no layout jump) while the session is checked. */
export function AccountPending() {
  return <span className="account-pending" aria-hidden="true" />;
}
