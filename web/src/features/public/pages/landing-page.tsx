// /{lang}/: the product landing (doc 1 §2 "Landing page"): trial button, the three services, the case
// grid and a closing call to action.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/use-lang';
import type { CaseId } from '../content/types';
import { usePublicContent } from '../hooks/use-public-content';
import { publicHref, registerHref, SERVICE_IDS, type ServiceId } from '../public-paths';

const CASE_IDS: readonly CaseId[] = [
  'hr',
  'sales',
  'leasing',
  'purchasing',
  'moneyLending',
  'outsourcing',
  'other',
];

export function LandingPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { copy, copyLocale } = usePublicContent();
  const landing = copy.landing;

  return (
    <main className="landing" data-testid="public-landing">
      <section className="hero">
        <div className="hero-inner">
          <div className="hero-text">
            <p className="eyebrow" lang={copyLocale}>
              {landing.eyebrow}
            </p>
            <h1 lang={copyLocale}>{landing.title}</h1>
            <p className="hero-lead" lang={copyLocale}>
              {landing.lead}
            </p>
            <div className="hero-actions">
              <Link
                className="button button-primary button-large"
                to={registerHref(lang)}
                data-testid="trial-button"
              >
                {t('public.landing.trialButton')}
              </Link>
              <p className="hero-note" lang={copyLocale}>
                {landing.trialNote}
              </p>
            </div>
          </div>
          <HeroVisual />
        </div>
      </section>

      <section className="landing-services" aria-labelledby="landing-services-title">
        <div className="section-inner">
          <h2 id="landing-services-title" className="section-title">
            {t('public.landing.servicesHeading')}
          </h2>
          {SERVICE_IDS.map((id, index) => {
            const service = landing.services[id];
            return (
              <section
                key={id}
                className={`service-row${index % 2 ? ' is-reversed' : ''}`}
                aria-labelledby={`service-${id}`}
              >
                <div className="service-row-text">
                  <p className="service-number" aria-hidden="true">
                    {String(index + 1).padStart(2, '0')}
                  </p>
                  <h3 id={`service-${id}`} lang={copyLocale}>
                    {service.title}
                  </h3>
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
                </div>
                <ServiceIllustration id={id} />
              </section>
            );
          })}
        </div>
      </section>

      <section className="landing-cases" aria-labelledby="landing-cases-title">
        <div className="section-inner">
          <h2 id="landing-cases-title" className="section-title">
            {t('public.landing.casesHeading')}
          </h2>
          <p className="section-lead" lang={copyLocale}>
            {landing.casesLead}
          </p>
          <ul className="case-grid" data-testid="case-grid">
            {CASE_IDS.map((id) => (
              <li key={id} className="case-card" lang={copyLocale}>
                <h3>{landing.cases[id].title}</h3>
                <p>{landing.cases[id].body}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="closing-cta" aria-labelledby="closing-cta-title">
        <div className="section-inner">
          <h2 id="closing-cta-title" lang={copyLocale}>
            {landing.closing.title}
          </h2>
          <p lang={copyLocale}>{landing.closing.body}</p>
          <Link className="button button-light button-large" to={registerHref(lang)}>
            {t('public.landing.trialButton')}
          </Link>
        </div>
      </section>
    </main>
  );
}

/** A document with a signature line and a seal: decoration only. */
function HeroVisual() {
  return (
    <div className="hero-visual" aria-hidden="true">
      <div className="doc-card">
        <span className="doc-line wide" />
        <span className="doc-line" />
        <span className="doc-line wide" />
        <span className="doc-line short" />
        <span className="doc-signature" />
        <span className="doc-seal">
          <svg viewBox="0 0 32 32" width="56" height="56" focusable="false">
            <circle cx="16" cy="16" r="14" fill="currentColor" />
            <path
              d="M10.5 16.5l3.5 3.5 7.5-8"
              fill="none"
              stroke="#fff"
              strokeWidth="2.5"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </span>
      </div>
      <div className="doc-video">
        <span className="play" />
      </div>
    </div>
  );
}

function ServiceIllustration({ id }: { id: ServiceId }) {
  return (
    <div className={`service-illustration service-illustration-${id}`} aria-hidden="true">
      <svg viewBox="0 0 64 64" width="96" height="96" focusable="false">
        {id === 'eSignature' ? (
          <>
            <rect
              x="14"
              y="8"
              width="36"
              height="48"
              rx="4"
              fill="#fff"
              stroke="currentColor"
              strokeWidth="3"
            />
            <path
              d="M20 40c4-8 7 4 10-2s5-6 8 0 4 2 6 0"
              fill="none"
              stroke="currentColor"
              strokeWidth="3"
              strokeLinecap="round"
            />
            <path d="M20 20h24M20 28h16" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
          </>
        ) : id === 'videoSignature' ? (
          <>
            <rect
              x="6"
              y="16"
              width="38"
              height="32"
              rx="5"
              fill="#fff"
              stroke="currentColor"
              strokeWidth="3"
            />
            <path d="M44 28l14-8v24l-14-8z" fill="currentColor" />
            <circle cx="25" cy="32" r="6" fill="currentColor" />
          </>
        ) : (
          <>
            <rect
              x="8"
              y="10"
              width="30"
              height="40"
              rx="4"
              fill="#fff"
              stroke="currentColor"
              strokeWidth="3"
            />
            <rect x="28" y="26" width="28" height="22" rx="4" fill="currentColor" />
            <path d="M38 31l9 6-9 6z" fill="#fff" />
            <path d="M14 20h18M14 28h10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
          </>
        )}
      </svg>
    </div>
  );
}
