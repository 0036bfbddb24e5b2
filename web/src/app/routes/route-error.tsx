// What a route shows when its loader or component fails (e.g. the API is unreachable): a translated
// error screen with a way back, never a blank page.
import { Link, useParams, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorScreen } from '../../components/error-screen';
import { errorMessage } from '../../lib/error-message';
import { UserLoadError } from '../guards';
import { detectLang, isLang, paths } from '../paths';

export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const { lang } = useParams();
  return (
    <ErrorScreen
      title={t('common.errorTitle')}
      message={
        error instanceof UserLoadError
          ? `${t('auth.loadUserFailed')} ${errorMessage(t, error.reason)}`
          : errorMessage(t, error)
      }
      action={
        <Link
          className="button button-primary"
          to={paths.landing.getHref(isLang(lang) ? lang : detectLang())}
        >
          {t('access.notFound.backHome')}
        </Link>
      }
    />
  );
}
