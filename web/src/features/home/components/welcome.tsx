// The signed-in start page's greeting, by the name the API knows.
import { useTranslation } from 'react-i18next';

export function Welcome({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <section className="welcome" data-testid="welcome">
      <h1>{t('home.welcome', { name })}</h1>
    </section>
  );
}
