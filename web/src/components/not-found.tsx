// 'Sorry, the page you visited does not exist' with a way back.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorScreen } from './error-screen';

export function NotFound({ homeHref }: { homeHref: string }) {
  const { t } = useTranslation();
  return (
    <ErrorScreen
      title={t('access.notFound.message')}
      action={
        <Link className="button button-primary" to={homeHref}>
          {t('access.notFound.backHome')}
        </Link>
      }
    />
  );
}
