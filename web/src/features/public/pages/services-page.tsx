// /{lang}/services: the three services at a glance, each linking to its page.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/use-lang';
import { useDocumentTitle } from '../hooks/use-document-title';
import { usePublicContent } from '../hooks/use-public-content';
import { publicHref, SERVICE_IDS } from '../public-paths';

export function ServicesPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { copy, copyLocale } = usePublicContent();
  useDocumentTitle(t('public.pages.services'));
  return (
    <main className="public-page">
      <header className="page-hero">
        <h1>{t('public.pages.services')}</h1>
        <p className="page-lead" lang={copyLocale}>
          {copy.services.lead}
        </p>
      </header>
      <ul className="card-grid three">
        {SERVICE_IDS.map((id) => {
          const service = copy.landing.services[id];
          return (
            <li key={id} className="info-card">
              <h2>{t(`public.nav.${id}`)}</h2>
              <p className="info-card-subtitle" lang={copyLocale}>
                {service.title}
              </p>
              <p lang={copyLocale}>{service.summary}</p>
              <ul className="check-list" lang={copyLocale}>
                {service.points.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
              <Link className="text-link" to={publicHref(lang, id)}>
                {t('public.landing.learnMore')}
                <span className="visually-hidden">: {t(`public.nav.${id}`)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </main>
  );
}
