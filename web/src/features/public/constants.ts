// Constants of the public site. The operator's details (blog, company address and contact) are
// configuration: see ./site-details.ts.

/** First year of the copyright line (doc 2 §9.1). */
export const COPYRIGHT_START_YEAR = 2023;

/** Scroll distance after which the header takes its compact look (doc 1 §2). */
export { HEADER_SCROLL_THRESHOLD_PX } from '../../../../shared/domain/constants';
