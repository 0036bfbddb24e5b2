// Refusals (issues #5, #15): a denial's checked reason, and the notices of a denial, a terms-denial or a
// denial of the videos to every participant, the refusing one included.
import type { Language } from '../../shared/domain/constants';
import { withMailBrand } from './brand-mail';
import { validateDenyReason } from '../../shared/domain/validation';
import { localeForPath, translate } from '../../shared/i18n/server';
import { AppError } from '../core/errors';
import type { NotifyJob } from '../jobs';
import { messageTitle, smsText } from './messages';
import { escapeHtml } from '../core/html';
import { isLanguage, type SignerContext, type SigningDeps } from './signer-link';

/** A denial's reason, checked (spec: not blank, at most the limit): 400 with its message otherwise. */
export function denyReason(input: string): string {
  const checked = validateDenyReason(input);
  if (!checked.ok) {
    throw new AppError(checked.error, 'The reason is refused', {
      status: 400,
      details: { ...(checked.values ?? {}) },
    });
  }
  return checked.reason;
}

// --- Notices --------------------------------------------------------------------------------------

/** The notices of a refusal: a denial, a terms-denial, or a denial of the videos (issue #15). */
export type RefusalKind = 'deny' | 'terms' | 'vconfirm';
const REFUSAL_PREFIX = {
  deny: 'denialNotice',
  terms: 'termsDenialNotice',
  vconfirm: 'videoDenialNotice',
} as const;

/** A denial (or terms-denial) notice to one participant, in the language the owner chose at send. */
export function refusalNoticeJob(input: {
  docuId: string;
  kind: RefusalKind;
  lang: Language;
  to: { name: string; contact: string; method: 'email' | 'phone' };
  signerName: string;
  title: string;
  reason?: string;
  /** The notice to the contractor who refused: their own copy, in the second person. */
  self?: boolean;
}): NotifyJob {
  const locale = localeForPath(input.lang);
  const prefix = REFUSAL_PREFIX[input.kind];
  // Subject, intro, body and SMS of the refuser's own copy are under `${prefix}.self`.
  const own = (part: 'subject' | 'intro' | 'sms') =>
    input.self ? `${prefix}.self.${part}` : `${prefix}.${part}`;
  // A denial of the videos shares the denial's greeting and closing, and composes its text from them.
  const base = input.kind === 'terms' ? 'termsDenialNotice' : 'denialNotice';
  const values = {
    name: input.to.name,
    signer: input.signerName,
    title: messageTitle(input.title, locale),
    reason: input.reason ?? '',
  };
  const idempotencyKey = `${prefix}#${input.docuId}#${input.to.contact}`;
  if (input.to.method === 'phone') {
    return {
      kind: 'sms',
      idempotencyKey,
      docuId: input.docuId,
      to: input.to.contact,
      text: smsText(own('sms'), values, locale, ['reason', 'title', 'signer', 'name']),
    };
  }
  const reasonHtml =
    input.kind !== 'terms'
      ? `<p>${escapeHtml(translate('denialNotice.reasonLabel', values, locale))}</p>
<blockquote>${escapeHtml(values.reason)}</blockquote>\n`
      : '';
  const greeting = translate(`${base}.greeting`, values, locale);
  const intro = translate(own('intro'), values, locale);
  const closing = translate(`${base}.closing`, values, locale);
  const html = `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
${reasonHtml}<p>${escapeHtml(closing)}</p>`;
  const reasonLabel = translate('denialNotice.reasonLabel', values, locale);
  const text =
    input.kind === 'vconfirm'
      ? `${greeting}\n\n${intro}\n\n${reasonLabel}\n${values.reason}\n\n${closing}\n\nSignSeal`
      : translate(
          input.self ? `${REFUSAL_PREFIX[input.kind]}.self.body` : `${REFUSAL_PREFIX[input.kind]}.body`,
          values,
          locale,
        );
  return {
    kind: 'email',
    idempotencyKey,
    docuId: input.docuId,
    to: [input.to.contact],
    subject: translate(own('subject'), values, locale),
    text,
    html,
  };
}

export async function refusalNotices(
  deps: SigningDeps,
  ctx: SignerContext,
  kind: RefusalKind,
  reason?: string,
): Promise<NotifyJob[]> {
  const lang = isLanguage(ctx.doc.lang) ? ctx.doc.lang : 'en';
  const owner = await deps.users.getById(ctx.doc.ownerId);
  // Every participant (spec doc 1 §4), the refusing contractor included: the owner (by e-mail), then
  // each contractor by their own channel (e-mail or SMS), each address once.
  const people: { name: string; contact: string; method: 'email' | 'phone'; self: boolean }[] = [];
  const ownerListed = Boolean(owner?.email && !owner.closed);
  if (owner?.email && !owner.closed) {
    people.push({ name: owner.name, contact: owner.email.toLowerCase(), method: 'email', self: false });
  }
  for (const r of ctx.recipients) {
    if (r.isOwner) continue;
    if (people.some((p) => p.contact === r.contact)) continue;
    people.push({ name: r.name, contact: r.contact, method: r.method, self: r.index === ctx.me.index });
  }
  // The owner's own notice plain; the contractors' carry the contract's brand (issue #29 item 2).
  return people.map(({ self, ...to }, i) => {
    const job = refusalNoticeJob({
      docuId: ctx.doc.docuId,
      kind,
      lang,
      to,
      signerName: ctx.me.name,
      title: ctx.doc.title ?? '',
      ...(reason === undefined ? {} : { reason }),
      self,
    });
    const isOwner = i === 0 && ownerListed;
    return isOwner ? job : withMailBrand(job, ctx.doc.brand, deps.appUrl);
  });
}
