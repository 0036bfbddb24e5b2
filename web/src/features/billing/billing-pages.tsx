// /{lang}/home/select_plan, /{lang}/home/pay_plan/{plan} and /{lang}/home/myplan (issue #18, spec
// doc 1 §2 and §4, doc 2 §9.2): real prices from the payment provider, the order summary and Pay
// (Stripe Checkout, or a change of the subscription when there is one), the payment result after the
// return (isModalOpen=true), and My Plan with cancel at period end, the invoices and a standard plan's
// company members. The plan shown is what the webhooks wrote. Select Plan shows the public pricing
// page's catalogue (toggle, prices, features) with a link to the pay page.
import { useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { PURCHASE_KEYS, type PurchaseKey } from '../../../../shared/domain/entities';
import type { MembersResponse } from '../../../../shared/api/billing';
import { STANDARD_PLAN_MAX_SEATS } from '../../../../shared/domain/constants';
import { formatDollars, orderTotalCents } from '../../../../shared/domain/plans';
import type { Locale } from '../../../../shared/i18n';
import type { MyPlanResponse, InvoicesResponse } from '../../../../shared/api/billing';
import { paths } from '../../app/paths';
import { useLang } from '../../app/use-lang';
import { isMessageKey } from '../../app/i18n';
import { ApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-message';
import { PlanCatalogue } from '../public/components/plan-catalogue';
import { formatDate, formatNumber } from '../../lib/format';
import {
  cancelSubscription,
  getInvoices,
  getMembers,
  getMyPlan,
  saveMembers,
  startCheckout,
} from './billing-api';
import { usePrices } from './price-lines';

const planName = (t: TFunction, plan: PurchaseKey): string =>
  plan === 'price_onetime' ? t('public.plans.oneTimeTicket') : t(`shell.plans.${plan}`);

export function SelectPlanPage() {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <div className="billing-page" data-testid="select-plan-page">
      <h1>{t('titles.selectPlan')}</h1>
      <PlanCatalogue
        action={(plan, nameId) => (
          <Link
            className="button button-primary plan-buy"
            to={paths.homePayPlan.getHref(lang, plan)}
            aria-describedby={nameId}
          >
            {t('public.plans.buyNow')}
          </Link>
        )}
      />
    </div>
  );
}

/** A refusal's message with its details (row, max) as values. */
function refusalText(t: TFunction, e: unknown): string {
  if (e instanceof ApiError && isMessageKey(e.code) && e.details && typeof e.details === 'object') {
    return t(e.code, e.details as Record<string, unknown>);
  }
  return errorMessage(t, e);
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

/** The standard plan's company members: one row per seat, the owner's own fixed (spec doc 1 §2). */
function MembersCard({ initial }: { initial: MembersResponse }) {
  const { t } = useTranslation();
  const rows = Math.max(0, initial.seats - 1);
  const [emails, setEmails] = useState<string[]>(() =>
    Array.from({ length: rows }, (_, i) => initial.members[i] ?? ''),
  );
  const [state, setState] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    setState(null);
    try {
      const saved = await saveMembers(emails);
      setEmails(Array.from({ length: rows }, (_, i) => saved.members[i] ?? ''));
      setState({ ok: true, text: t('billing.members.saved') });
    } catch (e) {
      setState({ ok: false, text: refusalText(t, e) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card" aria-labelledby="members-title" data-testid="members">
      <h2 id="members-title">{t('billing.members.title')}</h2>
      <p className="muted">{t('billing.members.intro')}</p>
      {/* The server checks the addresses and answers translated messages with the row. */}
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <ol className="members-list">
          <li>
            <label className="field">
              <span>{t('billing.members.seat', { n: 1 })}</span>
              <input type="email" value={initial.ownerEmail} readOnly aria-describedby="members-owner" />
            </label>
            <span id="members-owner" className="muted">
              {t('billing.members.owner')}
            </span>
          </li>
          {emails.map((email, i) => (
            <li key={i}>
              <label className="field">
                <span>{t('billing.members.seat', { n: i + 2 })}</span>
                <input
                  type="email"
                  value={email}
                  autoComplete="off"
                  onChange={(e) => setEmails((prev) => prev.map((v, k) => (k === i ? e.target.value : v)))}
                  data-testid="member-email"
                />
              </label>
            </li>
          ))}
        </ol>
        {state ? (
          <p
            className={state.ok ? 'notice notice-info' : 'notice notice-warning'}
            role={state.ok ? 'status' : 'alert'}
            data-testid="members-result"
          >
            {state.text}
          </p>
        ) : null}
        <button type="submit" className="button button-primary" disabled={busy} data-testid="members-save">
          {t('billing.members.save')}
        </button>
      </form>
    </section>
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
  const [members, setMembers] = useState<MembersResponse | null>(null);

  useEffect(() => {
    getMyPlan()
      .then(setPlan)
      .catch((e: unknown) => setPlanError(errorMessage(t, e)));
    getMembers()
      .then(setMembers)
      .catch(() => setMembers(null));
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
        {plan.companyOwnerEmail ? (
          <p className="notice notice-info" data-testid="myplan-shared">
            {t('billing.members.sharedFrom', { owner: plan.companyOwnerEmail })}
          </p>
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
      {members?.role === 'buyer' ? <MembersCard key={members.seats} initial={members} /> : null}
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
