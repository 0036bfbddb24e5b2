// The public pages' relative paths (children of `/:lang`) and their links. The app's path registry
// (app/paths.ts) lists them through PUBLIC_PATHS; within the feature, links are built here.
import type { Lang } from '../../app/paths';

export const PUBLIC_PAGES = {
  landing: '',
  status: 'status',
  services: 'services',
  eSignature: 'eSignature',
  videoSignature: 'video-signature',
  videoContract: 'video-contract',
  faq: 'faq',
  about: 'about',
  plans: 'plans',
  terms: 'terms',
  privacy: 'privacy',
  refund: 'refund',
  verify: 'verify',
  /** The REST v1 reference (issue #31), rendered from /api/v1/openapi.json. */
  apiReference: 'developers/api',
} as const;

export type PublicPage = keyof typeof PUBLIC_PAGES;

export function publicHref(lang: Lang, page: PublicPage): string {
  return `/${lang}/${PUBLIC_PAGES[page]}`;
}

/** Pages outside this feature that the public site links to. */
export function registerHref(lang: Lang): string {
  return `/${lang}/register`;
}

export function loginHref(lang: Lang): string {
  return `/${lang}/login`;
}

export function myPageHref(lang: Lang): string {
  return `/${lang}/home`;
}

/** The three services, in menu order, with their page. */
export const SERVICE_IDS = ['eSignature', 'videoSignature', 'videoContract'] as const;
export type ServiceId = (typeof SERVICE_IDS)[number];
