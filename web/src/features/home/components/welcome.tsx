// The signed-in landing: greets the user by the name the API knows.
import { useTranslation } from 'react-i18next';
import { ErrorScreen } from '../../../components/error-screen';
import { Spinner } from '../../../components/spinner';
import { errorMessage } from '../../../lib/error-message';
import { useMe } from '../api/get-me';

export function Welcome() {
  const { t } = useTranslation();
  const me = useMe();

  if (me.status === 'loading') return <Spinner />;
  if (me.status === 'error')
    return <ErrorScreen title={t('common.errorTitle')} message={errorMessage(t, me.error)} />;
  return (
    <section className="card welcome" data-testid="welcome">
      <h1>{t('home.welcome', { name: me.data.name })}</h1>
    </section>
  );
}
