// /{lang}/home/select_plan, /{lang}/home/pay_plan/{plan} and /{lang}/home/myplan (issue #18, spec
// doc 1 §2 and §4, doc 2 §9.2): real prices from the payment provider, the order summary and Pay
// (Stripe Checkout), the payment result after the return (isModalOpen=true), and My Plan with
// cancel at period end and the invoices. The plan shown is what the webhooks wrote.
import { useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { PURCHASE_KEYS, type PurchaseKey } from '../../../../shared/domain/entities';
import { STANDARD_PLAN_MAX_SEATS } from '../../../../shared/domain/constants';
import { formatDollars, orderTotalCents } from '../../../../shared/domain/plans';
import type { Locale } from '../../../../shared/i18n';
import type { MyPlanResponse, InvoicesResponse } from '../../../../shared/api/billing';
import { paths } from '../../app/paths';
import { useLang } from '../../app/use-lang';
import { errorMessage } from '../../lib/error-message';
import { formatDate, formatNumber } from '../../lib/format';
import { cancelSubscription, getInvoices, getMyPlan, startCheckout } from './billing-api';
import { PriceLines, usePrices } from './price-lines';

const planName = (t: TFunction, plan: PurchaseKey): string =>
  plan === 'price_onetime' ? t('public.plans.oneTimeTicket') : t(`shell.plans.${plan}`);

export function SelectPlanPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { prices, error } = usePrices();
  return (
    <div className="billing-page" data-testid="select-plan-page">
      <h1>{t('titles.selectPlan')}</h1>
      {error ? (
        <p className="notice notice-warning" role="alert">
          {error}
        </p>
      ) : null}
      <ul className="plan-grid">
        {PURCHASE_KEYS.map((plan) => (
          <li key={plan} className="plan-card card" data-plan={plan} data-testid="plan-card">
            <h2>{planName(t, plan)}</h2>
            {prices ? <PriceLines plan={plan} prices={prices} /> : <p>{t('shell.loading')}</p>}
            <Link className="button button-primary" to={paths.homePayPlan.getHref(lang, plan)}>
              {t('public.plans.buyNow')}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

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
  const [quantity, setQuantity] = useState('1');
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
      window.location.assign(url);
    } catch (e) {
      setPayError(errorMessage(t, e));
      setBusy(false);
    }
  };

  return (
    <div className="billing-page" data-testid="pay-plan-page">
      <h1>{t('titles.payPlan')}</h1>
      {sessionId ? <PaymentResult sessionId={sessionId} /> : null}
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

export function MyPlanPage() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const lang = useLang();
  const [plan, setPlan] = useState<MyPlanResponse | null>(null);
  const [planError, setPlanError] = useState<string | null>(null);
  const [invoices, setInvoices] = useState<InvoicesResponse['invoices'] | null>(null);
  const [invoiceError, setInvoiceError] = useState<string | null>(null);
  const [cancelState, setCancelState] = useState<string | null>(null);

  useEffect(() => {
    getMyPlan()
      .then(setPlan)
      .catch((e: unknown) => setPlanError(errorMessage(t, e)));
    getInvoices()
      .then((r) => setInvoices(r.invoices))
      .catch((e: unknown) =>
        setInvoiceError(t('billing.errors.loadInvoices', { errmsg: errorMessage(t, e) })),
      );
  }, [t]);

  const cancel = async () => {
    try {
      await cancelSubscription();
      setCancelState(t('billing.success'));
      window.setTimeout(() => window.location.reload(), 1500);
    } catch (e) {
      setCancelState(t('billing.errors.update', { errmsg: errorMessage(t, e) }));
    }
  };

  if (planError) {
    return (
      <p className="notice notice-warning" role="alert">
        {planError}
      </p>
    );
  }
  if (!plan) return <p>{t('shell.loading')}</p>;
  const left = Math.min(plan.daysLeft, plan.planLengthDays);
  const validUntil = formatDate(plan.validDate, locale);
  const sub = plan.subscription;
  return (
    <div className="billing-page" data-testid="my-plan-page">
      <h1>{t('titles.myPlan')}</h1>
      <section className="card">
        <dl className="facts">
          <dt>{t('myPage.priceInfo.plan')}</dt>
          <dd data-testid="myplan-plan">{t(`shell.plans.${plan.plan}`)}</dd>
          <dt>{t('myPage.priceInfo.validUntil')}</dt>
          <dd>{validUntil}</dd>
          <dt>{t('myPage.priceInfo.remaining')}</dt>
          <dd data-testid="myplan-remaining">{formatNumber(plan.remaining.total, locale)}</dd>
        </dl>
        <progress max={plan.planLengthDays} value={left} aria-label={t('myPage.priceInfo.progressLabel')} />
        <p data-testid="myplan-days-left">
          {t('myPage.priceInfo.daysLeft', {
            days: formatNumber(left, locale),
            total: formatNumber(plan.planLengthDays, locale),
          })}
        </p>
        {plan.plan === 'trial' ? (
          <p className="notice notice-info">{t('myPage.priceInfo.trialNotice', { date: validUntil })}</p>
        ) : null}
        <Link
          className="button button-primary"
          to={paths.homeSelectPlan.getHref(lang)}
          data-testid="view-plans"
        >
          {t('billing.viewPlans')}
        </Link>
      </section>
      {sub && sub.status !== 'canceled' ? (
        <section className="card" data-testid="myplan-subscription">
          {sub.cancel_at ? (
            <p className="notice notice-info" data-testid="unsubscribe-scheduled">
              {t('billing.unsubscribeScheduled')}
            </p>
          ) : (
            <button
              type="button"
              className="button"
              onClick={() => void cancel()}
              data-testid="cancel-subscription"
            >
              {t('billing.cancelAtPeriodEnd')}
            </button>
          )}
          {cancelState ? <p role="status">{cancelState}</p> : null}
        </section>
      ) : null}
      <section className="card" aria-labelledby="invoices-title">
        <h2 id="invoices-title">{t('billing.invoices')}</h2>
        {invoiceError ? (
          <p className="notice notice-warning" role="alert">
            {invoiceError}
          </p>
        ) : null}
        {invoices?.length === 0 ? <p className="muted">{t('billing.noInvoices')}</p> : null}
        <ul data-testid="invoice-list">
          {(invoices ?? []).map((inv) => (
            <li key={inv.id}>
              {inv.lines.data[0]?.description ?? inv.number} — {formatDollars(inv.total)}{' '}
              {inv.hosted_invoice_url ? (
                <a href={inv.hosted_invoice_url} target="_blank" rel="noreferrer">
                  {t('billing.viewInvoice')}
                </a>
              ) : null}{' '}
              {inv.invoice_pdf ? (
                <a href={inv.invoice_pdf} target="_blank" rel="noreferrer">
                  PDF
                </a>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
