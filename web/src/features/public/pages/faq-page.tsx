// /{lang}/faq: the five evidence questions (doc 1 §2), one answer open at a time.
import { useTranslation } from 'react-i18next';
import { Accordion } from '../components/accordion';
import { useDocumentTitle } from '../hooks/use-document-title';
import { usePublicContent } from '../hooks/use-public-content';

export function FaqPage() {
  const { t } = useTranslation();
  const { copy, copyLocale } = usePublicContent();
  useDocumentTitle(t('public.pages.faq'));
  return (
    <main className="public-page narrow">
      <header className="page-hero">
        <h1>{t('public.pages.faq')}</h1>
        <p className="page-lead" lang={copyLocale}>
          {copy.faq.lead}
        </p>
      </header>
      <Accordion items={copy.faq.items} lang={copyLocale} initiallyOpen={copy.faq.items[0]?.id} />
    </main>
  );
}
