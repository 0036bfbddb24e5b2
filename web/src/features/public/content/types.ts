// The shape of the public site's long copy (marketing and legal text). One module per language
// (en.ts, ja.ts) implements it, so a missing section is a compile error. Short UI strings (menus,
// buttons, headings) live in the i18n catalogues under `public.*` instead.
import type { FAQ_ITEMS } from '../../../../../shared/domain/constants';
import type { ServiceId } from '../public-paths';

/** Exactly N items (a copy with another count is a compile error). */
type Exactly<T, N extends number, Acc extends readonly T[] = readonly []> = Acc['length'] extends N
  ? Acc
  : Exactly<T, N, readonly [...Acc, T]>;

/** A paragraph, or a bulleted list when given as an array of items. */
export type Block = string | { list: readonly string[] };

export interface Section {
  /** Anchor id, stable across languages. */
  id: string;
  heading: string;
  blocks: readonly Block[];
}

export interface LegalDocument {
  /** Shown after 'Last updated:'. */
  updated: string;
  intro: readonly Block[];
  sections: readonly Section[];
}

export interface ServiceSummary {
  title: string;
  summary: string;
  points: readonly string[];
}

export interface ServicePage {
  lead: string;
  features: readonly { title: string; body: string }[];
  stepsHeading: string;
  steps: readonly string[];
  closing: string;
}

export type CaseId = 'hr' | 'sales' | 'leasing' | 'purchasing' | 'moneyLending' | 'outsourcing' | 'other';

export interface QuestionAnswer {
  id: string;
  question: string;
  answer: readonly Block[];
}

export type PlanFamily = 'personal' | 'standard' | 'oneTime';

export interface PublicContent {
  landing: {
    eyebrow: string;
    title: string;
    lead: string;
    trialNote: string;
    services: Record<ServiceId, ServiceSummary>;
    casesLead: string;
    cases: Record<CaseId, { title: string; body: string }>;
    closing: { title: string; body: string };
  };
  footer: { tagline: string };
  services: { lead: string };
  servicePages: Record<ServiceId, ServicePage>;
  /** The FAQ page: the spec's five evidence questions (doc 2 §9.1 'FAQ accordion: 5 items'). */
  faq: { lead: string; items: Exactly<QuestionAnswer, typeof FAQ_ITEMS> };
  about: { lead: string; sections: readonly Section[] };
  plans: {
    lead: string;
    priceAtCheckout: string;
    displayOnlyNote: string;
    families: Record<PlanFamily, { description: string; features: readonly string[] }>;
    faq: readonly QuestionAnswer[];
  };
  terms: LegalDocument;
  privacy: LegalDocument;
  refund: LegalDocument;
  status: { lead: string };
}
