// Texts the billing pages share: a plan's name and a refusal's message.
import type { TFunction } from 'i18next';
import type { PurchaseKey } from '../../../../../shared/domain/entities';
import { isMessageKey } from '../../../app/i18n';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';

export const planName = (t: TFunction, plan: PurchaseKey): string =>
  plan === 'price_onetime' ? t('public.plans.oneTimeTicket') : t(`shell.plans.${plan}`);

/** A refusal's message with its details (row, max) as values. */
export function refusalText(t: TFunction, e: unknown): string {
  if (e instanceof ApiError && isMessageKey(e.code) && e.details && typeof e.details === 'object') {
    return t(e.code, e.details as Record<string, unknown>);
  }
  return errorMessage(t, e);
}
