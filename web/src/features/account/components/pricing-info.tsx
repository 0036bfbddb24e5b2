// Pricing Information: plan, valid until, days left of the plan length with a progress bar, remaining
// contracts, and the trial-end notice. No payments yet.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MeResponse } from '../../../../../shared/api/schemas';
import { daysLeft, planLengthDays } from '../../../../../shared/domain/plans';
import type { Locale } from '../../../../../shared/i18n';
import { paths, type Lang } from '../../../app/paths';
import { formatDate, formatElapsed, formatNumber, timeZoneLabel } from '../../../lib/format';
import { remainingOf, RemainingParts } from '../../../components/remaining-contracts';

export function PricingInfo({ user, lang, now = new Date() }: { user: MeResponse; lang: Lang; now?: Date }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const total = planLengthDays(user.plan);
  const left = Math.min(daysLeft(user.validDate, now), total);
  const validUntil = formatDate(user.validDate, locale);
  // The same number as My Plan and the plan box (issue #34 item 5).
  const remaining = remainingOf(user);

  return (
    <section className="card pricing-info" data-testid="pricing-info">
      <dl className="facts">
        <dt>{t('myPage.priceInfo.plan')}</dt>
        <dd data-testid="priceinfo-plan">{t(`shell.plans.${user.plan}`)}</dd>
        <dt>{t('myPage.priceInfo.validUntil')}</dt>
        <dd data-testid="priceinfo-valid-until">{validUntil}</dd>
        <dt>{t('myPage.priceInfo.remaining')}</dt>
        <dd data-testid="priceinfo-remaining">{formatNumber(remaining.total, locale)}</dd>
        {user.plan === 'trial' || remaining.tickets === 0 ? null : (
          <dd>
            <RemainingParts remaining={remaining} plan={user.plan} testId="priceinfo-remaining-parts" />
          </dd>
        )}
      </dl>

      <div className="plan-progress">
        <label htmlFor="plan-progress">{t('myPage.priceInfo.progressLabel')}</label>
        <progress id="plan-progress" max={total} value={left} data-testid="priceinfo-progress" />
        <p data-testid="priceinfo-days-left">
          {t('myPage.priceInfo.daysLeft', {
            days: formatNumber(left, locale),
            total: formatNumber(total, locale),
          })}
        </p>
      </div>

      {left === 0 ? (
        <p className="notice notice-warning" data-testid="priceinfo-expired">
          {t('myPage.priceInfo.expiredNotice', { date: validUntil })}
        </p>
      ) : user.plan === 'trial' ? (
        <p className="notice notice-info" data-testid="priceinfo-trial-notice">
          {t('myPage.priceInfo.trialNotice', { date: validUntil })}
        </p>
      ) : null}

      {user.lastLoginAt ? (
        <p className="muted" data-testid="priceinfo-last-login">
          {t('myPage.priceInfo.lastLogin', { elapsed: formatElapsed(user.lastLoginAt, locale, now) })}
        </p>
      ) : null}
      <p className="muted">
        {t('myPage.priceInfo.memberSince', { date: formatDate(user.createdAt, locale) })}
      </p>
      <p className="muted" data-testid="priceinfo-time-zone">
        {t('myPage.priceInfo.timeZone', { zone: timeZoneLabel(locale) })}
      </p>

      <Link className="button button-primary" to={paths.homeSelectPlan.getHref(lang)}>
        {t('myPage.priceInfo.viewPlans')}
      </Link>
    </section>
  );
}
