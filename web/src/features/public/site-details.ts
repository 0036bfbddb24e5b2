// The operator's details on the public pages (issue #29 item 5): the external blog per language and
// the company's name, address, phone and support e-mail. They are the operator's configuration, read
// from the SPA build's environment (VITE_* variables, docs/deploy.md "Company details"), and each is
// shown only when set and well-formed: no placeholder, no link to a blog that does not exist.
import { isValidEmail } from '../../../../shared/domain/contact';
import type { Lang } from '../../app/paths';

export interface SiteDetails {
  /** The blog per URL language (Korean readers get the English one when no Korean blog is set). */
  blog: Partial<Record<Lang, string>>;
  company: { name?: string; address?: string; email?: string; phone?: string };
}

export type SiteEnv = Partial<Record<string, string | boolean | undefined>>;

const text = (env: SiteEnv, key: string): string | undefined => {
  const value = env[key];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
};

/** An absolute https (or http) address, else undefined. */
function webAddress(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** A phone number as people write it: digits with +, spaces, hyphens, dots and brackets. */
const phoneNumber = (value: string | undefined) =>
  value && /^\+?[\d\s().-]{6,30}$/.test(value) && /\d{6}/.test(value.replace(/\D/g, '')) ? value : undefined;

export function siteDetailsFrom(env: SiteEnv): SiteDetails {
  const en = webAddress(text(env, 'VITE_BLOG_URL_EN'));
  const jp = webAddress(text(env, 'VITE_BLOG_URL_JA'));
  const ko = webAddress(text(env, 'VITE_BLOG_URL_KO')) ?? en;
  const email = text(env, 'VITE_SUPPORT_EMAIL');
  const blog: SiteDetails['blog'] = {};
  if (en) blog.en = en;
  if (jp) blog.jp = jp;
  if (ko) blog.ko = ko;
  const company: SiteDetails['company'] = {};
  const name = text(env, 'VITE_COMPANY_NAME');
  const address = text(env, 'VITE_COMPANY_ADDRESS');
  const phone = phoneNumber(text(env, 'VITE_COMPANY_PHONE'));
  if (name) company.name = name;
  if (address) company.address = address;
  if (email && isValidEmail(email)) company.email = email;
  if (phone) company.phone = phone;
  return { blog, company };
}

/** The build's environment (Vite replaces import.meta.env; under jest there is none). */
function buildEnv(): SiteEnv {
  return (import.meta as { env?: SiteEnv }).env ?? {};
}

export const SITE: SiteDetails = siteDetailsFrom(buildEnv());

/** The blog of a language, or undefined: then no Blog link is shown. */
export const blogHref = (lang: Lang, site: SiteDetails = SITE): string | undefined => site.blog[lang];

/** The tel: link of a phone number. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^+\d]/g, '')}`;

/** The company's details that are set, in the order the About page lists them. */
export function companyLines(site: SiteDetails = SITE): string[] {
  const { name, address, email, phone } = site.company;
  return [name, address, email, phone].filter((v): v is string => v !== undefined);
}
