// The typed route registry. Route patterns are relative to the language segment (`/:lang`); every
// link in the app is built with `getHref`, so a renamed route is a compile error, not a broken link.
import { DEFAULT_LANGUAGE, LANGUAGES } from '../../../shared/i18n/core';

/** URL language prefix: 'en' | 'jp' | 'ko'. The i18n locale for 'jp' is 'ja'. */
export type Lang = (typeof LANGUAGES)[number];

export const DEFAULT_LANG: Lang = DEFAULT_LANGUAGE;

export function isLang(value: string | undefined): value is Lang {
  return value !== undefined && (LANGUAGES as readonly string[]).includes(value);
}

/** The three ways to make a contract (doc 1 §2, /home/make/{evsign}/…). */
export type Evsign = 'esign' | 'vsign' | 'vcontract';
/** Contract list tabs: the lists' (shared/domain/status DOCUMENT_LIST_TABS, drafts shown within
 *  Pending) and the activity timeline. */
export type DocTab = 'signed' | 'pending' | 'expired' | 'activity';
/** My page tabs. */
export const MY_PAGE_TABS = ['myinfo', 'priceinfo'] as const;
export type MyPageTab = (typeof MY_PAGE_TABS)[number];

export function isMyPageTab(value: string | undefined): value is MyPageTab {
  return value !== undefined && (MY_PAGE_TABS as readonly string[]).includes(value);
}

const simple = <P extends string>(path: P) => ({
  path,
  getHref: (lang: Lang) => (path === '' ? `/${lang}/` : `/${lang}/${path}`),
});

const enc = encodeURIComponent;

export const paths = {
  // Public site (features/public)
  landing: simple(''),
  status: simple('status'),
  services: simple('services'),
  eSignature: simple('eSignature'),
  videoSignature: simple('video-signature'),
  videoContract: simple('video-contract'),
  faq: simple('faq'),
  about: simple('about'),
  plans: simple('plans'),
  terms: simple('terms'),
  privacy: simple('privacy'),
  refund: simple('refund'),
  /** The REST v1 reference (issue #31, features/developers): public. */
  apiReference: simple('developers/api'),
  // Sign-in and sign-up (features/auth)
  login: simple('login'),
  register: simple('register'),
  thankyou: simple('thankyou'),
  // Signer pages (no account; the token in the path authorises them)
  outsign: {
    path: 'outsign/:docuId/:token',
    getHref: (lang: Lang, docuId: string, token: string) => `/${lang}/outsign/${enc(docuId)}/${enc(token)}`,
  },
  /** The phone hand-off of the video step (issue #15): the recording link's token only. */
  vsignMobile: {
    path: 'vsign_mobile/:token',
    getHref: (lang: Lang, token: string) => `/${lang}/vsign_mobile/${enc(token)}`,
  },
  /** The same phone hand-off for a video contract's contractor (issue #16). */
  vcMobile: {
    path: 'vc_mobile/:token',
    getHref: (lang: Lang, token: string) => `/${lang}/vc_mobile/${enc(token)}`,
  },
  videoConfirm: {
    path: 'video_confirm/:docuId/:token',
    getHref: (lang: Lang, docuId: string, token: string) =>
      `/${lang}/video_confirm/${enc(docuId)}/${enc(token)}`,
  },
  // Admin (admin-only)
  admin: simple('admin'),
  adminSetting: simple('admin/setting'),
  adminJobs: simple('admin/jobs'),
  // Signed-in area (login required)
  home: simple('home'),
  homeMake: {
    path: 'home/make/:evsign/:func/:docuId',
    getHref: (lang: Lang, p: { evsign: Evsign; func: string; docuId: string }) =>
      `/${lang}/home/make/${p.evsign}/${enc(p.func)}/${enc(p.docuId)}`,
  },
  /** The E-Sign creation funnel (features/funnel). */
  homeMakeEsign: {
    path: 'home/make/esign/:func/:docuId',
    getHref: (lang: Lang, p: { func: string; docuId: string }) =>
      `/${lang}/home/make/esign/${enc(p.func)}/${enc(p.docuId)}`,
  },
  /** The Video Sign creation funnel (features/funnel, with the owner's video step). */
  homeMakeVsign: {
    path: 'home/make/vsign/:func/:docuId',
    getHref: (lang: Lang, p: { func: string; docuId: string }) =>
      `/${lang}/home/make/vsign/${enc(p.func)}/${enc(p.docuId)}`,
  },
  /** The Video Contract creation funnel (features/funnel: the owner's video, contractors, Finalize). */
  homeMakeVcontract: {
    path: 'home/make/vcontract/:func/:docuId',
    getHref: (lang: Lang, p: { func: string; docuId: string }) =>
      `/${lang}/home/make/vcontract/${enc(p.func)}/${enc(p.docuId)}`,
  },
  homeDoc: {
    path: 'home/doc/:tab',
    getHref: (lang: Lang, tab: DocTab) => `/${lang}/home/doc/${tab}`,
  },
  homeMyPage: {
    path: 'home/mypage/:tab',
    getHref: (lang: Lang, tab: MyPageTab) => `/${lang}/home/mypage/${tab}`,
  },
  /** A colleague's contract and its comment thread (issue #29 item 3), from a mention e-mail. */
  homeComments: {
    path: 'home/comments/:docuId',
    getHref: (lang: Lang, docuId: string) => `/${lang}/home/comments/${enc(docuId)}`,
  },
  homeShowDocu: {
    path: 'home/show_docu/:docuId',
    getHref: (lang: Lang, docuId: string) => `/${lang}/home/show_docu/${enc(docuId)}`,
  },
  homeMyPlan: simple('home/myplan'),
  homeSelectPlan: simple('home/select_plan'),
  homePayPlan: {
    path: 'home/pay_plan/:plan',
    getHref: (lang: Lang, plan: string) => `/${lang}/home/pay_plan/${enc(plan)}`,
  },
  homeSign: simple('home/sign'),
  /** Templates (issue #27): the list, Use template and the owner's Edit template. */
  homeTemplates: simple('home/templates'),
  homeTemplateEdit: {
    path: 'home/templates/:templateId/edit',
    getHref: (lang: Lang, templateId: string) => `/${lang}/home/templates/${enc(templateId)}/edit`,
  },
  homeTemplateUse: {
    path: 'home/templates/:templateId/use',
    getHref: (lang: Lang, templateId: string) => `/${lang}/home/templates/${enc(templateId)}/use`,
  },
  /** Bulk send from a template (issue #27 item 6); `bulkId` reopens a send's progress. */
  homeTemplateBulk: {
    path: 'home/templates/:templateId/bulk',
    getHref: (lang: Lang, templateId: string, bulkId?: string) =>
      `/${lang}/home/templates/${enc(templateId)}/bulk${bulkId ? `?bulk=${enc(bulkId)}` : ''}`,
  },
} as const;

export type PathName = keyof typeof paths;

/** Top-level routes outside the language prefix. */
export const unprefixedPaths = {
  lineCallback: '/callback_linelogin',
} as const;

/** The first path segments that exist under /{lang}: an unprefixed path starting with one is redirected. */
export const PREFIXED_FIRST_SEGMENTS: ReadonlySet<string> = new Set(
  Object.values(paths)
    .map((p) => p.path.split('/')[0] ?? '')
    .filter((segment) => segment !== ''),
);

/** A pattern of the registry relative to a parent route: `under('home', 'home/doc/:tab')` → 'doc/:tab'. */
export function under(parent: string, pattern: string): string {
  if (!pattern.startsWith(`${parent}/`)) throw new Error(`${pattern} is not below ${parent}`);
  return pattern.slice(parent.length + 1);
}

/** Language for a visitor who arrives without a prefix, from the browser's language. */
export function detectLang(language: string = navigator.language): Lang {
  const primary = language.toLowerCase().split('-')[0];
  if (primary === 'ja' || primary === 'jp') return 'jp';
  if (primary === 'ko') return 'ko';
  return DEFAULT_LANG;
}

/**
 * A first segment that looks like a language code ('fr', 'de', 'zh-cn', 'ja') but is not one of ours:
 * such a prefix is replaced by a supported language rather than shown as a missing page.
 */
export function looksLikeLanguagePrefix(segment: string | undefined): boolean {
  return segment !== undefined && /^[a-z]{2}(?:[-_][a-z]{2,4})?$/i.test(segment) && !isLang(segment);
}

/** The same page in another language: swaps the first path segment, keeps the rest. */
export function switchLangHref(pathname: string, lang: Lang): string {
  const segments = pathname.split('/');
  // segments[0] is '' (leading slash); segments[1] is the current language.
  if (isLang(segments[1])) segments[1] = lang;
  else segments.splice(1, 0, lang);
  return segments.join('/') || `/${lang}/`;
}

/** Prefixes an unprefixed path with a language: '/home?x=1' → '/en/home?x=1'. */
export function prefixedHref(lang: Lang, pathname: string, search = '', hash = ''): string {
  const rest = pathname === '/' ? '/' : pathname;
  return `/${lang}${rest}${search}${hash}`;
}

/** Replaces an unsupported language prefix: ('/fr/home', 'en') → '/en/home'. */
export function replacePrefixHref(lang: Lang, pathname: string, search = '', hash = ''): string {
  const segments = pathname.split('/');
  segments[1] = lang;
  const joined = segments.join('/');
  return `${joined === `/${lang}` ? `/${lang}/` : joined}${search}${hash}`;
}
