// Placeholders of the public site kept in one place: the blog per language and the company's
// address and contact. Replace them here when the real values are known.
import type { Lang } from '../../app/paths';

/** The external blog, per URL language (Korean readers get the English blog). */
export const BLOG_URLS: Record<Lang, string> = {
  en: 'https://blog.signseal.example/en',
  jp: 'https://blog.signseal.example/ja',
  ko: 'https://blog.signseal.example/en',
};

export const COMPANY = {
  name: 'SignSeal Inc.',
  address: '1-2-3 Example-cho, Chiyoda-ku, Tokyo 100-0000, Japan',
  email: 'support@signseal.example',
  phone: '+81-3-0000-0000',
} as const;

/** First year of the copyright line (doc 2 §9.1). */
export const COPYRIGHT_START_YEAR = 2023;

/**
 * sessionStorage key of the pending-payment marker: set when a visitor clicks Buy Now on the public
 * plans page, so the billing flow can resume after sign-in. Value: JSON `PendingPayment`.
 */
export const PENDING_PAYMENT_KEY = 'signseal.pendingPayment';

/** The plan keys of doc 2 §9.2 that can be bought. */
export type PlanKey =
  'year_personal' | 'year_standard' | 'month_personal' | 'month_standard' | 'price_onetime';

export interface PendingPayment {
  plan: PlanKey;
  /** ISO time the visitor clicked Buy Now. */
  createdAt: string;
}

/** Scroll distance after which the header takes its compact look (doc 1 §2). */
export { HEADER_SCROLL_THRESHOLD_PX } from '../../../../shared/domain/constants';
