// /{lang}/home: the three services (E-Sign, Video Sign, Video Contract), each with read more / read
// less and a start link into its creation funnel.
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths, type Evsign, type Lang } from '../../../app/paths';

const SERVICES: readonly { evsign: Evsign; func: string }[] = [
  { evsign: 'esign', func: 'upload' },
  { evsign: 'vsign', func: 'upload' },
  { evsign: 'vcontract', func: 'vcrecord' },
];

/** A new contract has no id yet. */
const NEW_DOCUMENT = 'new';

export function ServiceCards({ lang }: { lang: Lang }) {
  const { t } = useTranslation();
  return (
    <section className="service-cards" aria-labelledby="service-cards-title">
      <h2 id="service-cards-title">{t('homeCards.title')}</h2>
      <ul>
        {SERVICES.map((service) => (
          <li key={service.evsign}>
            <ServiceCard
              evsign={service.evsign}
              href={paths.homeMake.getHref(lang, { ...service, docuId: NEW_DOCUMENT })}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

function ServiceCard({ evsign, href }: { evsign: Evsign; href: string }) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const detailsId = useId();
  return (
    <article className="card service-card" data-testid={`service-card-${evsign}`}>
      <h3>{t(`homeCards.${evsign}.title`)}</h3>
      <p>{t(`homeCards.${evsign}.summary`)}</p>
      <p id={detailsId} className="service-card-details" hidden={!expanded}>
        {t(`homeCards.${evsign}.details`)}
      </p>
      <div className="service-card-actions">
        <button
          type="button"
          className="button-link"
          aria-expanded={expanded}
          aria-controls={detailsId}
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded ? t('homeCards.readLess') : t('homeCards.readMore')}
        </button>
        <Link className="button button-primary" to={href} data-testid={`service-start-${evsign}`}>
          {t('homeCards.start')}
        </Link>
      </div>
    </article>
  );
}
