// The brand in e-mails to contractors (issue #29 item 2): a header with the logo by absolute URL (alt
// text = the company or owner name) over a rule in the accent colour, and the name as the text part's
// first line (the fallback when images are off or the mail is read as text). SMS stay as they are.
import { brandLogoPath } from '../../shared/domain/brand';
import { escapeHtml } from '../core/html';
import type { NotifyJob } from '../jobs';

/** A document's brand snapshot, as the document item keeps it. */
export interface MailBrand {
  readonly logoSha256?: string | null;
  readonly color: string;
  readonly name: string;
}

/** The e-mail's brand header (HTML): the logo, or the name in the accent colour without one. */
export function brandHeaderHtml(brand: MailBrand, appUrl: string): string {
  const color = /^#[0-9a-f]{6}$/i.test(brand.color) ? brand.color : '#1f5fbf';
  const name = escapeHtml(brand.name);
  const inner = brand.logoSha256
    ? `<img src="${escapeHtml(`${appUrl.replace(/\/+$/, '')}${brandLogoPath(brand.logoSha256)}`)}" alt="${name}" style="display:block;max-width:100%;height:auto;border:0">`
    : `<strong style="color:${color};font-size:20px">${name}</strong>`;
  return `<div data-brand="header" style="padding:0 0 12px;margin:0 0 16px;border-bottom:4px solid ${color}">${inner}</div>`;
}

/** The job with the brand's header; unchanged without a brand or for an SMS. */
export function withMailBrand(
  job: NotifyJob,
  brand: MailBrand | null | undefined,
  appUrl: string,
): NotifyJob {
  if (!brand || job.kind !== 'email') return job;
  return {
    ...job,
    text: `${brand.name}\n\n${job.text}`,
    html: `${brandHeaderHtml(brand, appUrl)}\n${job.html ?? `<p>${escapeHtml(job.text)}</p>`}`,
  };
}
