// Pieces of the messages the use cases queue for the notify worker, written once.
import { translate, type Locale } from '../../shared/i18n/server';
import { escapeHtml } from '../core/html';
import type { NotifyJob } from '../jobs';

type Attachment = NonNullable<Extract<NotifyJob, { kind: 'email' }>['attachments']>[number];

/** The title a message names: the document's own, or "Untitled" in the recipient's language. */
export function messageTitle(title: string | null | undefined, locale: Locale): string {
  return title || translate('signRequest.untitled', {}, locale);
}

/**
 * A message whose e-mail is a list of paragraphs — `${prefix}.${paragraph}`, under the subject
 * `${prefix}.subject`, signed "SignSeal" — and whose SMS is `${prefix}.sms`, for a recipient reached
 * by e-mail or by phone.
 */
export function paragraphMessage(input: {
  idempotencyKey: string;
  to: { method: 'email' | 'phone'; contact: string };
  locale: Locale;
  prefix: 'sealing.completion' | 'sealing.certificate';
  paragraphs: readonly string[];
  values: Record<string, string | number>;
  attachments?: Attachment[];
}): NotifyJob {
  const { idempotencyKey, to, locale, prefix, values } = input;
  if (to.method === 'phone') {
    return { kind: 'sms', idempotencyKey, to: to.contact, text: translate(`${prefix}.sms`, values, locale) };
  }
  const lines = input.paragraphs.map((p) => translate(`${prefix}.${p}`, values, locale));
  return {
    kind: 'email',
    idempotencyKey,
    to: [to.contact],
    subject: translate(`${prefix}.subject`, values, locale),
    text: [...lines, 'SignSeal'].join('\n\n'),
    html: lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n'),
    ...(input.attachments ? { attachments: input.attachments } : {}),
  };
}
