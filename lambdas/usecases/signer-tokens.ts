// Signer tokens and signature requests (issues #5, #15): a token lives only in its link and its SHA-256
// is stored; the request's link (the signer page or the video confirmation page; by SMS a short link)
// and its message. Shared by sending, the owner's Resend and video confirmation.
import { createHash, randomBytes } from 'node:crypto';
import type { Language } from '../../shared/domain/constants';
import { localeForPath, translate } from '../../shared/i18n/server';
import type { SignerTokenRecord } from '../adapters/dynamo/documents';
import { messageTitle, smsText } from './messages';
import type { NotifyJob } from '../jobs';
import { createShortLink } from './short-links';
import { escapeHtml } from '../core/html';
import type { DocumentDeps } from './document-access';

/** Signer links expire after this many days. */
export const SIGNER_TOKEN_DAYS = 30;

/** A new signer token: 32 random bytes (256 bits), base64url (43 characters). */
export function newSignerToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored of a signer token: its SHA-256, lower-case hex. */
export function hashSignerToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * A new signer link for one recipient: the token (only ever in the link) and the record stored of it
 * (its hash, the recipient, and an expiry SIGNER_TOKEN_DAYS from `now`, also as the item's TTL).
 */
export function issueSignerToken(
  docuId: string,
  recipientIndex: number,
  now: Date,
): { token: string; record: SignerTokenRecord } {
  const token = newSignerToken();
  const expiresAtMs = now.getTime() + SIGNER_TOKEN_DAYS * 24 * 3600 * 1000;
  return {
    token,
    record: {
      tokenHash: hashSignerToken(token),
      docuId,
      recipientIndex,
      createdAt: now.toISOString(),
      expiresAt: new Date(expiresAtMs).toISOString(),
      ttl: Math.floor(expiresAtMs / 1000),
    },
  };
}

/** The link of a signature request: the signer page; by SMS a short link to it (same expiry). */
export async function requestLink(
  deps: Pick<DocumentDeps, 'appUrl' | 'shortLinks'>,
  input: {
    lang: Language;
    docuId: string;
    token: string;
    method: 'email' | 'phone';
    expiresAt: string;
    /** The page of the link: the signer page, or the video confirmation page (issue #15). */
    page?: 'outsign' | 'video_confirm';
  },
): Promise<string> {
  const path = `/${input.lang}/${input.page ?? 'outsign'}/${input.docuId}/${input.token}`;
  if (input.method !== 'phone' || !deps.shortLinks) return `${deps.appUrl.replace(/\/+$/, '')}${path}`;
  return createShortLink(
    { shortLinks: deps.shortLinks, appUrl: deps.appUrl },
    { kind: 'path', path },
    new Date(input.expiresAt),
  );
}

/** The request message of one contractor, in the owner's chosen language. */
export function signRequestJob(input: {
  docuId: string;
  index: number;
  lang: Language;
  recipient: { name: string; contact: string; method: 'email' | 'phone' };
  ownerName: string;
  title: string;
  link: string;
}): NotifyJob {
  const locale = localeForPath(input.lang);
  const values = {
    name: input.recipient.name,
    owner: input.ownerName,
    title: messageTitle(input.title, locale),
    link: input.link,
    days: SIGNER_TOKEN_DAYS,
  };
  const idempotencyKey = `sign-request#${input.docuId}#${input.index}`;
  if (input.recipient.method === 'phone') {
    return {
      kind: 'sms',
      idempotencyKey,
      docuId: input.docuId,
      to: input.recipient.contact,
      text: smsText('signRequest.sms', values, locale, ['title', 'owner']),
    };
  }
  const text = translate('signRequest.body', values, locale);
  const html = `<p>${escapeHtml(translate('signRequest.greeting', values, locale))}</p>
<p>${escapeHtml(translate('signRequest.intro', values, locale))}</p>
<p><a href="${escapeHtml(input.link)}">${escapeHtml(translate('signRequest.button', values, locale))}</a></p>
<p>${escapeHtml(translate('signRequest.expiry', values, locale))}</p>`;
  return {
    kind: 'email',
    idempotencyKey,
    docuId: input.docuId,
    to: [input.recipient.contact],
    subject: translate('signRequest.subject', values, locale),
    text,
    html,
  };
}
