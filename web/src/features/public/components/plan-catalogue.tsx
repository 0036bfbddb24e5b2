// The plans' catalogue of doc 1 §2 "Pricing page" (doc 2 §9.2): the period toggle and one card per
// plan with the provider's price (annual total and monthly equivalent), the copy's description and
// features. The first view shows year_personal, year_standard and price_onetime; choosing a period
// shows that period alone. Shared by the public pricing page and the signed-in Select Plan (issue
// #18); each page gives the card's action (Buy Now for a visitor, the pay page for an owner).
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PurchaseKey } from '../../../../../shared/domain/entities';
import { PriceLines, usePrices } from '../../billing/components/price-lines';
import type { PlanFamily } from '../content/types';
import { usePublicContent } from '../hooks/use-public-content';
import './plan-catalogue.css';

type Period = 'annual' | 'monthly' | 'oneTime';

const PERIODS: readonly Period[] = ['annual', 'monthly', 'oneTime'];

const PLANS: Record<PurchaseKey, { family: PlanFamily; period: Period }> = {
  year_personal: { family: 'personal', period: 'annual' },
  year_standard: { family: 'standard', period: 'annual' },
  month_personal: { family: 'personal', period: 'monthly' },
  month_standard: { family: 'standard', period: 'monthly' },
  price_onetime: { family: 'oneTime', period: 'oneTime' },
};

const FIRST_VIEW: readonly PurchaseKey[] = ['year_personal', 'year_standard', 'price_onetime'];

export function PlanCatalogue({
  action,
  notice,
}: {
  /** The card's button or link; `nameId` is the id of the card's heading (for aria-describedby). */
  action: (plan: PurchaseKey, nameId: string) => ReactNode;
  /** Shown between the toggle and the cards (the visitor's 'sign in to buy'). */
  notice?: ReactNode;
}) {
  const { t } = useTranslation();
  const { copy, copyLocale } = usePublicContent();
  const { prices } = usePrices();
  /** undefined: the first view (annual cards and the one-time card). */
  const [period, setPeriod] = useState<Period | undefined>(undefined);
  const shown = period
    ? (Object.keys(PLANS) as PurchaseKey[]).filter((key) => PLANS[key].period === period)
    : FIRST_VIEW;

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
    <>
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
      {notice}
      <ul className="plan-grid" data-testid="plan-grid">
        {shown.map((key) => {
          const { family, period: planPeriod } = PLANS[key];
          const details = copy.plans.families[family];
          const nameId = `plan-${key}-name`;
          return (
            <li key={key} className={`plan-card plan-${family}`} data-plan={key} data-testid="plan-card">
              <h2 id={nameId}>{familyName[family]}</h2>
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
              {action(key, nameId)}
            </li>
          );
        })}
      </ul>
    </>
  );
}
