// /{lang}/plans (doc 1 §2 "Pricing page", doc 2 §9.2): the prices from the payment provider (issue
// #18; the copy's 'shown at checkout' line while they load or when they cannot be read).
// The first view shows year_personal, year_standard and price_onetime; choosing a period shows that
// period alone. Buy Now tells a visitor to sign in, leaves a pending-payment marker and goes to login.
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/use-lang';
import { Accordion } from '../components/accordion';
import { PENDING_PAYMENT_KEY, type PendingPayment, type PlanKey } from '../constants';
import type { PlanFamily } from '../content/types';
import { useDocumentTitle } from '../hooks/use-document-title';
import { usePublicContent } from '../hooks/use-public-content';
import { loginHref } from '../public-paths';
import { PriceLines, usePrices } from '../../billing/price-lines';

type Period = 'annual' | 'monthly' | 'oneTime';

const PERIODS: readonly Period[] = ['annual', 'monthly', 'oneTime'];

const PLANS: Record<PlanKey, { family: PlanFamily; period: Period }> = {
  year_personal: { family: 'personal', period: 'annual' },
  year_standard: { family: 'standard', period: 'annual' },
  month_personal: { family: 'personal', period: 'monthly' },
  month_standard: { family: 'standard', period: 'monthly' },
  price_onetime: { family: 'oneTime', period: 'oneTime' },
};

const FIRST_VIEW: readonly PlanKey[] = ['year_personal', 'year_standard', 'price_onetime'];

/** How long the 'sign in to buy' message stays before the login page opens. */
const REDIRECT_DELAY_MS = 1800;

export function PlansPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const { copy, copyLocale } = usePublicContent();
  const { prices } = usePrices();
  useDocumentTitle(t('public.pages.plans'));

  /** undefined: the first view (annual cards and the one-time card). */
  const [period, setPeriod] = useState<Period | undefined>(undefined);
  const [buying, setBuying] = useState<PlanKey | undefined>(undefined);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const shown = period
    ? (Object.keys(PLANS) as PlanKey[]).filter((key) => PLANS[key].period === period)
    : FIRST_VIEW;

  const buy = (plan: PlanKey) => {
    const marker: PendingPayment = { plan, createdAt: new Date().toISOString() };
    try {
      sessionStorage.setItem(PENDING_PAYMENT_KEY, JSON.stringify(marker));
    } catch {
      // Storage can be unavailable (private mode); the visitor can still sign in and choose again.
    }
    setBuying(plan);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => void navigate(loginHref(lang)), REDIRECT_DELAY_MS);
  };

  const familyName: Record<PlanFamily, string> = {
    personal: t('public.plans.personal'),
    standard: t('public.plans.standard'),
    oneTime: t('public.plans.oneTimeTicket'),
  };
  const periodNote: Record<Period, string> = {
    annual: t('public.plans.billedAnnually'),
    monthly: t('public.plans.billedMonthly'),
    oneTime: t('public.plans.payPerContract'),
  };

  return (
    <main className="public-page plans-page">
      <header className="page-hero centered">
        <h1>{t('public.pages.plans')}</h1>
        <p className="page-lead" lang={copyLocale}>
          {copy.plans.lead}
        </p>
      </header>

      <div className="period-toggle" role="group" aria-label={t('public.plans.periodLabel')}>
        {PERIODS.map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={period === value}
            className={period === value ? 'is-active' : undefined}
            onClick={() => setPeriod(value)}
          >
            {t(`public.plans.${value}`)}
          </button>
        ))}
      </div>

      <div className="buy-notice-area" role="status" aria-live="polite">
        {buying ? (
          <p className="notice notice-warning buy-notice" data-testid="buy-notice">
            <strong>{t('payment.signInToBuy')}</strong> <span>{t('public.plans.redirecting')}</span>
          </p>
        ) : null}
      </div>

      <ul className="plan-grid" data-testid="plan-grid">
        {shown.map((key) => {
          const { family, period: planPeriod } = PLANS[key];
          const details = copy.plans.families[family];
          return (
            <li key={key} className={`plan-card plan-${family}`} data-plan={key} data-testid="plan-card">
              <h2 id={`plan-${key}-name`}>{familyName[family]}</h2>
              <p className="plan-period">{periodNote[planPeriod]}</p>
              {prices?.[key] ? (
                <PriceLines plan={key} prices={prices} />
              ) : (
                <p className="plan-price" lang={copyLocale}>
                  {copy.plans.priceAtCheckout}
                </p>
              )}
              <p className="plan-description" lang={copyLocale}>
                {details.description}
              </p>
              <ul className="check-list" lang={copyLocale}>
                {details.features.map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
              <button
                type="button"
                className="button button-primary plan-buy"
                onClick={() => buy(key)}
                disabled={buying !== undefined}
                aria-describedby={`plan-${key}-name`}
              >
                {t('public.plans.buyNow')}
              </button>
            </li>
          );
        })}
      </ul>
      <p className="plans-note" lang={copyLocale}>
        {copy.plans.displayOnlyNote}
      </p>

      <section className="plans-faq" aria-labelledby="plans-faq-title">
        <h2 id="plans-faq-title">{t('public.plans.faqHeading')}</h2>
        <Accordion items={copy.plans.faq} lang={copyLocale} headingLevel={3} />
      </section>
    </main>
  );
}
