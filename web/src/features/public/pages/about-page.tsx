// /{lang}/about: who we are.
import { useTranslation } from 'react-i18next';
import { Blocks } from '../components/blocks';
import { useDocumentTitle } from '../hooks/use-document-title';
import { usePublicContent } from '../hooks/use-public-content';

export function AboutPage() {
  const { t } = useTranslation();
  const { copy, copyLocale } = usePublicContent();
  useDocumentTitle(t('public.pages.about'));
  return (
    <main className="public-page narrow">
      <header className="page-hero">
        <h1>{t('public.pages.about')}</h1>
        <p className="page-lead" lang={copyLocale}>
          {copy.about.lead}
        </p>
      </header>
      {copy.about.sections.map((section) => (
        <section
          key={section.id}
          className="prose-section"
          aria-labelledby={`about-${section.id}`}
          lang={copyLocale}
        >
          <h2 id={`about-${section.id}`}>{section.heading}</h2>
          <Blocks blocks={section.blocks} />
        </section>
      ))}
    </main>
  );
}
