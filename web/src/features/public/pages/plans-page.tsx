// /{lang}/plans (doc 1 §2 "Pricing page", doc 2 §9.2): the prices from the payment provider (issue
// #18; the copy's 'shown at checkout' line while they load or when they cannot be read).
// The first view shows year_personal, year_standard and price_onetime; choosing a period shows that
// period alone. Buy Now tells a visitor to sign in, leaves a pending-payment marker and goes to login.
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/use-lang';
import { Accordion } from '../components/accordion';
import { PlanCatalogue } from '../components/plan-catalogue';
import { PENDING_PAYMENT_KEY, type PendingPayment, type PlanKey } from '../constants';
import { useDocumentTitle } from '../hooks/use-document-title';
import { usePublicContent } from '../hooks/use-public-content';
import { loginHref } from '../public-paths';

/** How long the 'sign in to buy' message stays before the login page opens. */
const REDIRECT_DELAY_MS = 1800;

export function PlansPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const { copy, copyLocale } = usePublicContent();
  useDocumentTitle(t('public.pages.plans'));

  const [buying, setBuying] = useState<PlanKey | undefined>(undefined);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

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
            {buying ? (
              <p className="notice notice-warning buy-notice" data-testid="buy-notice">
                <strong>{t('payment.signInToBuy')}</strong> <span>{t('public.plans.redirecting')}</span>
              </p>
            ) : null}
          </div>
        }
        action={(key, nameId) => (
          <button
            type="button"
            className="button button-primary plan-buy"
            onClick={() => buy(key)}
            disabled={buying !== undefined}
            aria-describedby={nameId}
          >
            {t('public.plans.buyNow')}
          </button>
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
