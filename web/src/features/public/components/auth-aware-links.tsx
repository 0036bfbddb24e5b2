// Loaded lazily, with Amplify configured: 'My page' when signed in, else Sign in / Sign up.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAuthStatus } from '../../auth/hooks/use-auth-status';
import { myPageHref } from '../public-paths';
import { AccountPending, GuestLinks, type AccountLinksProps } from './guest-links';

export function AuthAwareLinks(props: AccountLinksProps) {
  const { t } = useTranslation();
  const auth = useAuthStatus();
  if (auth.status === 'loading') return <AccountPending />;
  if (auth.status !== 'signedIn') return <GuestLinks {...props} />;
  return (
    <Link className="button button-primary" to={myPageHref(props.lang)} onClick={props.onNavigate}>
      {t('public.nav.myPage')}
    </Link>
  );
}
