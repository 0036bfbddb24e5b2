// Server errors carry a message key as their code: translate it when the catalogues know it, else
// show the server's (English) message; anything that is not an API error is the generic message.
import type { TFunction } from 'i18next';
import { isMessageKey } from '../app/i18n';
import { ApiError } from './api-client';

export function errorMessage(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    const requestId = error.requestId ?? '-';
    if (isMessageKey(error.code)) return t(error.code, { ...interpolation(error.details), requestId });
    if (error.message) return error.message;
    return t('errors.internal', { requestId });
  }
  return t('errors.internal', { requestId: '-' });
}

/** The plain values of an error's details (limitMb, minutes, row …), for the message's placeholders. */
function interpolation(details: unknown): Record<string, string | number> {
  if (!details || typeof details !== 'object' || Array.isArray(details)) return {};
  return Object.fromEntries(
    Object.entries(details).filter(([, v]) => typeof v === 'string' || typeof v === 'number'),
  ) as Record<string, string | number>;
}
