// /{lang}/home/pay_plan/{plan} (issue #18, spec doc 1 §2 and §4, doc 2 §9.2): real prices from the
// payment provider, the order summary and Pay (Stripe Checkout, or a change of the subscription when
// there is one), and the payment result after the return (isModalOpen=true).
import { DEFAULT_QUANTITY } from '../../../../../shared/domain/constants';
import { useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Locale } from '../../../../../shared/i18n';
import { formatDollars, orderTotalCents } from '../../../../../shared/domain/plans';
import { isMessageKey } from '../../../app/i18n';
import { useLang } from '../../../app/use-lang';
import { ApiError } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format';
import { getMembers, getMyPlan, startCheckout } from '../api/billing-api';
import {
  choosesQuantity,
  initialQuantity,
  isPurchaseKey,
  paymentResultKey,
  quantityProblem,
} from '../purchase';
import { planName, refusalText } from './billing-text';
import { usePrices } from './price-lines';

/** Pay's failure: our translated refusal (seats, plan, availability) with its values; anything else
 *  — the provider or the network gave no message we know — 'An unexpected error occurred.' (spec §8.6). */
function payErrorText(t: TFunction, e: unknown): string {
  if (e instanceof ApiError && isMessageKey(e.code) && e.code !== 'errors.internal') return refusalText(t, e);
  return t('payment.unexpected');
}

/** The result after Checkout: the session's payment status as the server reads it from the provider. */
function PaymentResult({ sessionId }: { sessionId: string }) {
  const { t } = useTranslation();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  useEffect(() => {
    let live = true;
    getMyPlan(sessionId)
      .then((r) => {
        if (!live) return;
        const result = paymentResultKey(r.checkout);
        setMessage({ ok: result.ok, text: t(result.key) });
      })
      .catch(() => live && setMessage({ ok: false, text: t('payment.somethingWentWrong') }));
    return () => {
      live = false;
    };
  }, [sessionId, t]);
  if (!message) return null;
  return (
    <div role="dialog" aria-modal="false" className="card payment-result" data-testid="payment-result">
      <p className={message.ok ? 'notice notice-info' : 'notice notice-warning'}>{message.text}</p>
    </div>
  );
}

/** A member of a company plan does not buy: the buyer manages it (issue #29 item 1). */
function useCompanyManager(): string | null {
  const [owner, setOwner] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    getMembers()
      .then((m) => live && setOwner(m.role === 'member' ? m.ownerEmail : null))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return owner;
}

export function PayPlanPage() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const lang = useLang();
  const { plan } = useParams();
  const [search] = useSearchParams();
  const { prices, error } = usePrices();
  // Buy Now's choice (?quantity=), kept through sign-in by the pending-payment marker.
  const [quantity, setQuantity] = useState(() =>
    isPurchaseKey(plan) ? initialQuantity(plan, search) : String(DEFAULT_QUANTITY),
  );
  const [busy, setBusy] = useState(false);
  const [payError, setPayError] = useState<string | null>(null);
  const manager = useCompanyManager();
  if (!isPurchaseKey(plan)) {
    return (
      <p className="notice notice-warning" role="alert">
        {t('billing.pay.unknownPlan')}
      </p>
    );
  }
  const personal = !choosesQuantity(plan);
  const problem = personal ? null : quantityProblem(plan, quantity);
  const count = personal ? 1 : Number(quantity);
  const unit = prices?.[plan]?.price;
  const sessionId = search.get('isModalOpen') === 'true' ? search.get('session_id') : null;

  const pay = async () => {
    if (problem || busy) return;
    setBusy(true);
    setPayError(null);
    try {
      const { url } = await startCheckout(plan, count, lang);
      // A new subscription: the provider's checkout page. A change of the current one: this page
      // again with ?changed=true (the plan follows by the webhook).
      window.location.assign(url);
    } catch (e) {
      setPayError(payErrorText(t, e));
      setBusy(false);
    }
  };

  return (
    <div className="billing-page" data-testid="pay-plan-page">
      <h1>{t('titles.payPlan')}</h1>
      {sessionId ? <PaymentResult sessionId={sessionId} /> : null}
      {search.get('changed') === 'true' ? (
        <p className="notice notice-info" role="status" data-testid="plan-changed">
          {t('billing.change.changed')}
        </p>
      ) : null}
      {manager ? (
        <p className="notice notice-info" role="status" data-testid="pay-managed-by">
          {t('plans29.managedBy', { owner: manager })}
        </p>
      ) : null}
      <section className="card" aria-labelledby="order-summary">
        <h2 id="order-summary">{t('billing.pay.summary')}</h2>
        <dl className="facts">
          <dt>{t('billing.pay.plan')}</dt>
          <dd data-testid="pay-plan-name">{planName(t, plan)}</dd>
          <dt>{t('billing.pay.unitPrice')}</dt>
          <dd data-testid="pay-unit-price">{unit === undefined ? '—' : formatDollars(unit)}</dd>
        </dl>
        {personal ? null : (
          <label className="field">
            <span>{plan === 'price_onetime' ? t('billing.pay.contracts') : t('billing.pay.seats')}</span>
            <input
              type="number"
              min={1}
              step={1}
              value={quantity}
              onChange={(e) => setQuantity(e.target.value)}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? 'quantity-error' : undefined}
              data-testid="pay-quantity"
            />
          </label>
        )}
        {problem ? (
          <p id="quantity-error" className="field-error" role="alert" data-testid="pay-quantity-error">
            {'values' in problem ? t(problem.key, problem.values) : t(problem.key)}
          </p>
        ) : null}
        <p className="order-total">
          {t('billing.pay.total')}{' '}
          <strong data-testid="pay-total">
            {unit === undefined || problem ? '—' : formatDollars(orderTotalCents(count, unit))}
          </strong>
        </p>
        {error || payError ? (
          <p className="notice notice-warning" role="alert" data-testid="pay-error">
            {payError ?? error}
          </p>
        ) : null}
        <button
          type="button"
          className="button button-primary"
          disabled={Boolean(problem) || busy || unit === undefined || manager !== null}
          onClick={() => void pay()}
          data-testid="pay-button"
        >
          {t('billing.pay.pay')}
        </button>
        <p className="muted">{t('billing.pay.note', { count: formatNumber(count, locale) })}</p>
      </section>
    </div>
  );
}
