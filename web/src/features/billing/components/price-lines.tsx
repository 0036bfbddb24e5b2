// The plans' prices from the payment provider with the spec's display rules (doc 2 §9.2), shared by
// the public pricing page and Select Plan (issue #18).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlanPricesResponse } from '../../../../../shared/api/billing';
import type { PurchaseKey } from '../../../../../shared/domain/entities';
import { formatDollars } from '../../../../../shared/domain/plans';
import { errorMessage } from '../../../lib/error-message';
import { getPrices } from '../api/billing-api';

type Prices = PlanPricesResponse['prices'];

/** The spec's display rules (doc 2 §9.2): annual total and its monthly equivalent; monthly and
 *  one-time prices as they are; dollars with two decimals and thousands separators. */
export function PriceLines({ plan, prices }: { plan: PurchaseKey; prices: Prices }) {
  const { t } = useTranslation();
  const p = prices[plan];
  if (!p) return <p className="plan-price">—</p>;
  if (p.interval === 'year') {
    return (
      <>
        <p className="plan-price" data-testid="plan-price">
          {t('billing.prices.perYear', { price: formatDollars(p.price) })}
        </p>
        <p className="plan-period" data-testid="plan-monthly-equivalent">
          {t('billing.prices.monthlyEquivalent', { price: formatDollars(p.price / 12) })}
        </p>
      </>
    );
  }
  return (
    <p className="plan-price" data-testid="plan-price">
      {t(p.interval === 'month' ? 'billing.prices.perMonth' : 'billing.prices.perContract', {
        price: formatDollars(p.price),
      })}
    </p>
  );
}

export function usePrices(): { prices: Prices | null; error: string | null } {
  const { t } = useTranslation();
  const [state, setState] = useState<{ prices: Prices | null; error: string | null }>({
    prices: null,
    error: null,
  });
  useEffect(() => {
    let live = true;
    getPrices()
      .then((r) => live && setState({ prices: r.prices, error: null }))
      .catch((e: unknown) => live && setState({ prices: null, error: errorMessage(t, e) }));
    return () => {
      live = false;
    };
  }, [t]);
  return state;
}
