// /{lang}/thankyou (login required): after the first sign-up or first login.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/use-lang';
import { authHref } from '../hrefs';
import { RequireAuth } from './require-auth';
import '../auth.css';

export function ThankYouPage() {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <RequireAuth loginHref={authHref.login(lang)}>
      <main className="page thank-you-page">
        <h1>{t('auth.thankYou')}</h1>
        <Link className="button button-primary" to={authHref.landing(lang)}>
          {t('auth.startExplore')}
        </Link>
      </main>
    </RequireAuth>
  );
}
