// Pages that later issues fill: a translated "being built" notice inside the shell, not a 404.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export function PlaceholderPage({ backHref }: { backHref: string }) {
  const { t } = useTranslation();
  return (
    <section className="card placeholder-page" data-testid="placeholder-page">
      <h1>{t('placeholders.title')}</h1>
      <p>{t('placeholders.message')}</p>
      <Link className="button button-secondary" to={backHref}>
        {t('placeholders.backHome')}
      </Link>
    </section>
  );
}
