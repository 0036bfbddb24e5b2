// /{lang}/home/myplan (issue #18, spec doc 1 §2 and §4, doc 2 §9.2): My Plan with cancel at period
// end, the invoices and a standard plan's company members. The plan shown is what the webhooks wrote.
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MembersResponse, MyPlanResponse, InvoicesResponse } from '../../../../../shared/api/billing';
import { formatDollars } from '../../../../../shared/domain/plans';
import type { Locale } from '../../../../../shared/i18n';
import { paths } from '../../../app/paths';
import { useLang } from '../../../app/use-lang';
import { errorMessage } from '../../../lib/error-message';
import { formatDate, formatNumber } from '../../../lib/format';
import { cancelSubscription, getInvoices, getMembers, getMyPlan, saveMembers } from '../api/billing-api';
import { refusalText } from './billing-text';
import { RemainingParts } from '../../../components/remaining-contracts';

function MembersCard({ initial, oneTime }: { initial: MembersResponse; oneTime: boolean }) {
  const { t } = useTranslation();
  const rows = Math.max(0, initial.seats - 1);
  const [saved, setSaved] = useState<string[]>(() =>
    Array.from({ length: rows }, (_, i) => initial.members[i] ?? ''),
  );
  const [emails, setEmails] = useState<string[]>(saved);
  // As the spec's update buttons: enabled once something was edited (issue #34 item 7).
  const edited = emails.some((email, i) => email !== saved[i]);
  const [state, setState] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    setState(null);
    try {
      const answer = await saveMembers(emails);
      const stored = Array.from({ length: rows }, (_, i) => answer.members[i] ?? '');
      setSaved(stored);
      setEmails(stored);
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
      <p className="muted">
        {/* One-time contracts include up to 5 seats, with the same editor (issue #29 item 4). */}
        {oneTime
          ? t('plans29.members.onetimeIntro', { seats: initial.seats - 1 })
          : t('billing.members.intro')}
      </p>
      {/* The seats bought and how many hold someone (the owner's own included), issue #34 item 6. */}
      <p data-testid="members-used">
        {t('billing.members.used', { used: 1 + saved.filter(Boolean).length, seats: initial.seats })}
      </p>
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
        <button
          type="submit"
          className="button button-primary"
          disabled={busy || !edited}
          data-testid="members-save"
        >
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
      // The plan and its subscription come in one answer: 'Fail to load subscription list:{errmsg}'.
      .catch((e: unknown) =>
        setPlanError(t('billing.errors.loadSubscription', { errmsg: errorMessage(t, e) })),
      );
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
      <p className="notice notice-warning" role="alert" data-testid="myplan-error">
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
          {plan.plan === 'trial' || plan.remaining.tickets === 0 ? null : (
            <dd>
              <RemainingParts remaining={plan.remaining} plan={plan.plan} testId="myplan-remaining-parts" />
            </dd>
          )}
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
      {members?.role === 'buyer' ? (
        <MembersCard key={members.seats} initial={members} oneTime={!plan.plan.endsWith('_standard')} />
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
              {/* Only the first line is listed: say so when there are more (spec doc 2 §8.6). */}
              {inv.lines.total_count > 1 ? (
                <p className="notice notice-warning" data-testid="invoice-lines-warning">
                  {t('billing.invoiceMultipleLines')}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
