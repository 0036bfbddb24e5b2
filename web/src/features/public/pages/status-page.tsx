// /{lang}/status: the API's health (the former landing card).
import { useTranslation } from 'react-i18next';
import { HealthCard } from '../../health/components/health-card';
import { useDocumentTitle } from '../hooks/use-document-title';
import { usePublicContent } from '../hooks/use-public-content';

export function StatusPage() {
  const { t } = useTranslation();
  const { copy, copyLocale } = usePublicContent();
  useDocumentTitle(t('public.pages.status'));
  return (
    <main className="public-page narrow">
      <h1>{t('public.pages.status')}</h1>
      <p className="page-lead" lang={copyLocale}>
        {copy.status.lead}
      </p>
      <HealthCard />
    </main>
  );
}
