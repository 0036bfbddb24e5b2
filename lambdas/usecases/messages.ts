// Pieces of the messages the use cases queue for the notify worker, written once.
import { fitSms } from '../../shared/domain/sms';
import { translate, type Locale } from '../../shared/i18n/server';
import { escapeHtml } from '../core/html';
import type { NotifyJob } from '../jobs';

type Attachment = NonNullable<Extract<NotifyJob, { kind: 'email' }>['attachments']>[number];

/** The title a message names: the document's own, or "Untitled" in the recipient's language. */
export function messageTitle(title: string | null | undefined, locale: Locale): string {
  return title || translate('signRequest.untitled', {}, locale);
}

/** An SMS from its catalogue key, within two segments: the `shrinkable` values (names, titles, a
 *  reason) are cut as needed; links are short links and never cut. */
export function smsText(
  key: string,
  values: Record<string, string | number>,
  locale: Locale,
  shrinkable: readonly string[],
): string {
  return fitSms((v) => translate(key, v, locale), values, shrinkable);
}

/**
 * A message whose e-mail is a list of paragraphs — `${prefix}.${paragraph}`, under the subject
 * `${prefix}.subject`, signed "SignSeal" — and whose SMS is `${prefix}.sms`, for a recipient reached
 * by e-mail or by phone.
 */
export function paragraphMessage(input: {
  idempotencyKey: string;
  /** The document the message is about (the admin Jobs page shows it for a dead letter). */
  docuId?: string;
  to: { method: 'email' | 'phone'; contact: string };
  locale: Locale;
  prefix: 'sealing.completion' | 'sealing.completion.vcontract' | 'sealing.certificate';
  paragraphs: readonly string[];
  values: Record<string, string | number>;
  attachments?: Attachment[];
}): NotifyJob {
  const { idempotencyKey, to, locale, prefix, values } = input;
  const about = input.docuId ? { docuId: input.docuId } : {};
  if (to.method === 'phone') {
    const text = smsText(`${prefix}.sms`, values, locale, ['title', 'name']);
    return { kind: 'sms', idempotencyKey, ...about, to: to.contact, text };
  }
  const lines = input.paragraphs.map((p) => translate(`${prefix}.${p}`, values, locale));
  return {
    kind: 'email',
    idempotencyKey,
    ...about,
    to: [to.contact],
    subject: translate(`${prefix}.subject`, values, locale),
    text: [...lines, 'SignSeal'].join('\n\n'),
    html: lines.map((l) => `<p>${escapeHtml(l).replace(/\n/g, '<br>')}</p>`).join('\n'),
    ...(input.attachments ? { attachments: input.attachments } : {}),
  };
}

/** Characters no file name may carry on common systems, and controls. */
// eslint-disable-next-line no-control-regex -- file names must not carry control characters
const UNSAFE_IN_FILE_NAME = /[\\/:*?"<>|\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]+/g;
/** A file name's title part is cut to this many characters (code points, CJK included). */
export const FILE_TITLE_MAX = 60;

/**
 * The one name of a document's PDF, for the download, the mailed copy and the completion e-mails:
 * the sanitised title (letters of every script kept; separators, controls, bidi marks and characters
 * unsafe on Windows or macOS replaced), then the short number, then `-signed` for the sealed PDF (a
 * video contract's: `-record`):
 * `Service agreement-F421-signed.pdf`, `業務委託契約書-F421-signed.pdf`, or `F421-signed.pdf` untitled.
 */
export function documentFileName(
  doc: { title?: string | null; id4: string; kind?: string },
  final: boolean,
): string {
  const cleaned = (doc.title ?? '')
    .normalize('NFC')
    .replace(UNSAFE_IN_FILE_NAME, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+|[.\s]+$/g, '');
  const title = [...cleaned].slice(0, FILE_TITLE_MAX).join('').trim();
  const number = doc.id4.toUpperCase();
  // A video contract's final PDF is its contract record (issue #16).
  const suffix = final ? (doc.kind === 'vcontract' ? '-record' : '-signed') : '';
  return `${title ? `${title}-` : ''}${number}${suffix}.pdf`;
}
