// A legal page: title, date, introduction, an optional table of contents whose links scroll smoothly
// to their section (and move focus there), and the sections.
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { LegalDocument as LegalDocumentCopy } from '../content/types';
import { Blocks } from './blocks';

interface LegalDocumentProps {
  title: string;
  document: LegalDocumentCopy;
  /** Language of the copy, when it differs from the page's. */
  lang: string;
  withContents?: boolean;
}

function scrollToSection(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  event.preventDefault();
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  target.focus({ preventScroll: true });
  // Keep the router's history entry; only the fragment changes, so the address can be shared.
  window.history.replaceState(window.history.state, '', `#${id}`);
}

export function LegalDocument({ title, document: doc, lang, withContents = false }: LegalDocumentProps) {
  const { t } = useTranslation();
  return (
    <main className="public-page legal-page">
      <header className="page-hero">
        <h1>{title}</h1>
        <p className="legal-updated">{t('public.legal.lastUpdated', { date: doc.updated })}</p>
      </header>
      <div className="legal-layout">
        {withContents ? (
          <nav className="legal-toc" aria-labelledby="legal-toc-title" data-testid="legal-toc">
            <h2 id="legal-toc-title">{t('public.legal.contents')}</h2>
            <ol lang={lang}>
              {doc.sections.map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`} onClick={(event) => scrollToSection(event, section.id)}>
                    {section.heading}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
        ) : null}
        <div className="legal-body" lang={lang}>
          <Blocks blocks={doc.intro} />
          {doc.sections.map((section, index) => (
            <section key={section.id} className="prose-section" aria-labelledby={section.id}>
              <h2 id={section.id} tabIndex={-1}>
                {withContents ? `${index + 1}. ` : ''}
                {section.heading}
              </h2>
              <Blocks blocks={section.blocks} />
            </section>
          ))}
        </div>
      </div>
    </main>
  );
}
