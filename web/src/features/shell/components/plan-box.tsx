// The side menu's plan box: plan (a company member's: the company's), valid date (long format),
// remaining contracts (the one number of My Plan, explained as this month's sends left + bought
// contracts where both exist, issue #34 item 5), this month's sends left of a subscription, and a
// link to the pricing information.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MeResponse } from '../../../../../shared/api/schemas';
import type { Locale } from '../../../../../shared/i18n';
import { paths, type Lang } from '../../../app/paths';
import { formatDate, formatNumber } from '../../../lib/format';
import { remainingOf, RemainingParts } from '../../../components/remaining-contracts';

export function PlanBox({ user, lang }: { user: MeResponse; lang: Lang }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const remaining = remainingOf(user);
  return (
    <section className="plan-box" aria-labelledby="plan-box-title" data-testid="plan-box">
      <h2 id="plan-box-title">{t('shell.planBox.title')}</h2>
      <dl>
        <dt>{t('shell.planBox.plan')}</dt>
        <dd data-testid="plan-box-plan">{t(`shell.plans.${user.plan}`)}</dd>
        <dt>{t('shell.planBox.validDate')}</dt>
        <dd data-testid="plan-box-valid-date">{formatDate(user.validDate, locale)}</dd>
        <dt>{t('shell.planBox.remaining')}</dt>
        <dd data-testid="plan-box-remaining">{formatNumber(remaining.total, locale)}</dd>
        {user.plan === 'trial' || remaining.tickets === 0 ? null : (
          <dd>
            <RemainingParts remaining={remaining} plan={user.plan} testId="plan-box-remaining-parts" />
          </dd>
        )}
        {user.plan === 'trial' ? null : (
          <>
            <dt>{t('shell.planBox.sendsLeft')}</dt>
            <dd data-testid="plan-box-sends-left">{formatNumber(remaining.subscription, locale)}</dd>
          </>
        )}
      </dl>
      <Link className="plan-box-link" to={paths.homeMyPage.getHref(lang, 'priceinfo')}>
        {t('shell.planBox.details')}
      </Link>
    </section>
  );
}
