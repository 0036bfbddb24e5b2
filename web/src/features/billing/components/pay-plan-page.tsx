// /{lang}/home/pay_plan/{plan} (issue #18, spec doc 1 §2 and §4, doc 2 §9.2): real prices from the
// payment provider, the order summary and Pay (Stripe Checkout, or a change of the subscription when
// there is one), and the payment result after the return (isModalOpen=true).
import { DEFAULT_QUANTITY } from '../../../../../shared/domain/constants';
import { useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PURCHASE_KEYS, type PurchaseKey } from '../../../../../shared/domain/entities';
import { STANDARD_PLAN_MAX_SEATS } from '../../../../../shared/domain/constants';
import { formatDollars, orderTotalCents } from '../../../../../shared/domain/plans';
import type { Locale } from '../../../../../shared/i18n';
import { useLang } from '../../../app/use-lang';
import { formatNumber } from '../../../lib/format';
import { getMyPlan, startCheckout } from '../api/billing-api';
import { planName, refusalText } from './billing-text';
import { usePrices } from './price-lines';

const isPlan = (v: string | undefined): v is PurchaseKey => PURCHASE_KEYS.includes(v as PurchaseKey);

type QuantityProblem =
  | { key: 'billing.errors.notPositive' | 'billing.errors.notWholeNumber' }
  | { key: 'billing.errors.tooManySeats'; values: { max: number } };

function quantityProblem(plan: PurchaseKey, text: string): QuantityProblem | null {
  const n = Number(text);
  if (text.trim() === '' || !Number.isFinite(n) || n <= 0) return { key: 'billing.errors.notPositive' };
  if (!Number.isInteger(n)) return { key: 'billing.errors.notWholeNumber' };
  if (plan.endsWith('_standard') && n > STANDARD_PLAN_MAX_SEATS) {
    return { key: 'billing.errors.tooManySeats', values: { max: STANDARD_PLAN_MAX_SEATS } };
  }
  return null;
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
        const status = r.checkout?.paymentStatus;
        if (status === 'paid' || status === 'no_payment_required')
          setMessage({ ok: true, text: t('payment.succeeded') });
        else if (r.checkout?.status === 'open') setMessage({ ok: false, text: t('payment.failed') });
        else if (r.checkout) setMessage({ ok: false, text: t('payment.processing') });
        else setMessage({ ok: false, text: t('payment.somethingWentWrong') });
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

export function PayPlanPage() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const lang = useLang();
  const { plan } = useParams();
  const [search] = useSearchParams();
  const { prices, error } = usePrices();
  const [quantity, setQuantity] = useState(String(DEFAULT_QUANTITY));
  const [busy, setBusy] = useState(false);
  const [payError, setPayError] = useState<string | null>(null);
  if (!isPlan(plan)) {
    return (
      <p className="notice notice-warning" role="alert">
        {t('billing.pay.unknownPlan')}
      </p>
    );
  }
  const personal = plan.endsWith('_personal');
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
      setPayError(refusalText(t, e));
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
          disabled={Boolean(problem) || busy || unit === undefined}
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
