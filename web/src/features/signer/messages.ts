// Server and browser errors as the signer page shows them: the message key translated with the
// error's details as values.
import type { TFunction } from 'i18next';
import { isMessageKey } from '../../app/i18n';
import { ApiError } from '../../lib/api-client';

export function describeError(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    const details =
      typeof error.details === 'object' && error.details !== null
        ? (error.details as Record<string, unknown>)
        : {};
    const values = { ...details, requestId: error.requestId ?? '-' };
    if (isMessageKey(error.code)) return t(error.code, values);
  }
  return t('errors.internal', { requestId: '-' });
}
