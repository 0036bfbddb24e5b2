// Server and browser errors as the funnel shows them: the message key translated with the error's
// details (e.g. `limitMb`) as values.
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
    if (error.message) return error.message;
  }
  return t('errors.internal', { requestId: '-' });
}

/** A message key with values (validation results of shared/domain). */
export function describeKey(t: TFunction, key: string, values?: Record<string, unknown>): string {
  return isMessageKey(key) ? t(key, values ?? {}) : key;
}

/** The row a server validation error points at (`details.row`), if any. */
export function errorRow(error: unknown): number | undefined {
  if (!(error instanceof ApiError) || typeof error.details !== 'object' || error.details === null)
    return undefined;
  const row = (error.details as { row?: unknown }).row;
  return typeof row === 'number' ? row : undefined;
}
