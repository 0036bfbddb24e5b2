// Remaining contracts (issue #34 item 5, decision 135): one number on every page — My Plan, the side
// menu's plan box and Pricing Information — computed once by the server (shared/domain/entitlements.ts
// `remainingContracts`): this month's sends left under the plan plus the user's bought (or granted)
// contracts. Where both parts exist (a subscription and tickets), the sum is explained.
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../../shared/i18n';
import type { PlanKey } from '../../../shared/domain/entities';
import { formatNumber } from '../lib/format';

export interface Remaining {
  subscription: number;
  tickets: number;
  total: number;
}

/** The server's `remaining`, or (from an older server) its two parts added up the same way. */
export function remainingOf(user: {
  remaining?: Remaining | undefined;
  availableTickets: number;
  sendsLeftThisMonth?: number | undefined;
}): Remaining {
  if (user.remaining) return user.remaining;
  const subscription = user.sendsLeftThisMonth ?? 0;
  return { subscription, tickets: user.availableTickets, total: subscription + user.availableTickets };
}

/** '15 = 10 left this month + 5 bought' when both parts exist, else nothing. */
export function RemainingParts({
  remaining,
  plan,
  testId,
  className = 'muted remaining-parts',
}: {
  remaining: Remaining;
  plan: PlanKey;
  testId: string;
  className?: string;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  if (plan === 'trial' || remaining.tickets === 0) return null;
  return (
    <span className={className} data-testid={testId}>
      {t('shell.planBox.remainingParts', {
        total: formatNumber(remaining.total, locale),
        month: formatNumber(remaining.subscription, locale),
        tickets: formatNumber(remaining.tickets, locale),
      })}
    </span>
  );
}
