// /{lang}/eSignature, /video-signature, /video-contract: one marketing page per service.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/use-lang';
import { useDocumentTitle } from '../hooks/use-document-title';
import { usePublicContent } from '../hooks/use-public-content';
import { publicHref, registerHref, SERVICE_IDS, type ServiceId } from '../public-paths';

export function ServicePage({ service }: { service: ServiceId }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { copy, copyLocale } = usePublicContent();
  const page = copy.servicePages[service];
  const title = t(`public.nav.${service}`);
  useDocumentTitle(title);
  return (
    <main className={`public-page service-page service-page-${service}`}>
      <header className="page-hero">
        <h1>{title}</h1>
        <p className="page-lead" lang={copyLocale}>
          {page.lead}
        </p>
        <Link className="button button-primary button-large" to={registerHref(lang)}>
          {t('public.landing.trialButton')}
        </Link>
      </header>
      <ul className="card-grid two" lang={copyLocale}>
        {page.features.map((feature) => (
          <li key={feature.title} className="info-card">
            <h2>{feature.title}</h2>
            <p>{feature.body}</p>
          </li>
        ))}
      </ul>
      <section className="steps" aria-labelledby="service-steps" lang={copyLocale}>
        <h2 id="service-steps">{page.stepsHeading}</h2>
        <ol>
          {page.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </section>
      <section className="page-cta">
        <p lang={copyLocale}>{page.closing}</p>
        <Link className="button button-primary" to={registerHref(lang)}>
          {t('public.landing.trialButton')}
        </Link>
      </section>
      <nav className="other-services" aria-label={t('public.nav.services')}>
        <ul>
          {SERVICE_IDS.filter((id) => id !== service).map((id) => (
            <li key={id}>
              <Link to={publicHref(lang, id)}>{t(`public.nav.${id}`)}</Link>
            </li>
          ))}
        </ul>
      </nav>
    </main>
  );
}

export function ESignaturePage() {
  return <ServicePage service="eSignature" />;
}

export function VideoSignaturePage() {
  return <ServicePage service="videoSignature" />;
}

export function VideoContractPage() {
  return <ServicePage service="videoContract" />;
}
