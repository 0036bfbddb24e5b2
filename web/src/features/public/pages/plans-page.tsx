// /{lang}/plans (doc 1 §2 "Pricing page", doc 2 §9.2): the prices from the payment provider (issue
// #18; the copy's 'shown at checkout' line while they load or when they cannot be read).
// The first view shows year_personal, year_standard and price_onetime; choosing a period shows that
// period alone. Buy Now (issue #29 item 1): a signed-in user goes straight to Pay Plan with the plan and
// the seats or contracts chosen on the card; a visitor is told 'You need to Sign In to Buy.', a
// pending-payment marker keeps the choice, and sign-in or sign-up brings them to Pay Plan with it.
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PurchaseKey } from '../../../../../shared/domain/entities';
import { currentIdToken, mayHaveSession } from '../../../app/amplify';
import { useAppConfig } from '../../../app/app-context';
import { useLang } from '../../../app/use-lang';
import {
  choosesQuantity,
  payPlanHref,
  quantityProblem,
  rememberPendingPayment,
} from '../../billing/purchase';
import { Accordion } from '../components/accordion';
import { PlanCatalogue } from '../components/plan-catalogue';
import { useDocumentTitle } from '../hooks/use-document-title';
import { usePublicContent } from '../hooks/use-public-content';
import { loginHref } from '../public-paths';

/** How long the 'sign in to buy' message stays before the login page opens. */
const REDIRECT_DELAY_MS = 1800;

/** Seats (Standard) or contracts (one-time) on a card, checked as the pay page checks them. */
function QuantityField({
  plan,
  value,
  onChange,
  nameId,
}: {
  plan: PurchaseKey;
  value: string;
  onChange: (value: string) => void;
  nameId: string;
}) {
  const { t } = useTranslation();
  const problem = quantityProblem(plan, value);
  const errorId = `plan-${plan}-quantity-error`;
  const label = plan === 'price_onetime' ? t('billing.pay.contracts') : t('billing.pay.seats');
  return (
    <label className="field plan-quantity">
      <span>{label}</span>
      <input
        type="number"
        min={1}
        step={1}
        inputMode="numeric"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${nameId} ${errorId}` : nameId}
        data-testid="plan-quantity"
      />
      {problem ? (
        <span id={errorId} className="field-error" role="alert">
          {'values' in problem ? t(problem.key, problem.values) : t(problem.key)}
        </span>
      ) : null}
    </label>
  );
}

export function PlansPage() {
  const { t } = useTranslation();
  const config = useAppConfig();
  const lang = useLang();
  const navigate = useNavigate();
  const { copy, copyLocale } = usePublicContent();
  useDocumentTitle(t('public.pages.plans'));

  const [buying, setBuying] = useState<PurchaseKey | undefined>(undefined);
  const [signInNeeded, setSignInNeeded] = useState(false);
  const [quantities, setQuantities] = useState<Partial<Record<PurchaseKey, string>>>({});
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const buy = async (plan: PurchaseKey) => {
    const text = quantities[plan] ?? '1';
    if (choosesQuantity(plan) && quantityProblem(plan, text)) return;
    const quantity = choosesQuantity(plan) ? Number(text) : 1;
    setBuying(plan);
    // Signed in (Amplify loads only when this browser has had a session): straight to Pay Plan.
    const signedIn = mayHaveSession(config) && (await currentIdToken(config)) !== undefined;
    if (signedIn) {
      void navigate(payPlanHref(lang, plan, quantity));
      return;
    }
    rememberPendingPayment(window.sessionStorage, plan, quantity);
    setSignInNeeded(true);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => void navigate(loginHref(lang)), REDIRECT_DELAY_MS);
  };

  return (
    <main className="public-page plans-page">
      <header className="page-hero centered">
        <h1>{t('public.pages.plans')}</h1>
        <p className="page-lead" lang={copyLocale}>
          {copy.plans.lead}
        </p>
      </header>

      <PlanCatalogue
        notice={
          <div className="buy-notice-area" role="status" aria-live="polite">
            {signInNeeded ? (
              <p className="notice notice-warning buy-notice" data-testid="buy-notice">
                <strong>{t('payment.signInToBuy')}</strong> <span>{t('public.plans.redirecting')}</span>
              </p>
            ) : null}
          </div>
        }
        action={(key, nameId) => (
          <>
            {choosesQuantity(key) ? (
              <QuantityField
                plan={key}
                nameId={nameId}
                value={quantities[key] ?? '1'}
                onChange={(value) => setQuantities((prev) => ({ ...prev, [key]: value }))}
              />
            ) : null}
            <button
              type="button"
              className="button button-primary plan-buy"
              onClick={() => void buy(key)}
              disabled={buying !== undefined || quantityProblem(key, quantities[key] ?? '1') !== null}
              aria-describedby={nameId}
            >
              {t('public.plans.buyNow')}
            </button>
          </>
        )}
      />
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
