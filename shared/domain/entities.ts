// The product's entities (spec doc 1 §3) in the product's own words. The spec's field names appear
// only in the "spec:" mapping comments, for the edges (docs/api.md) that must translate old payloads.
// Times are ISO 8601 strings (UTC, e.g. 2025-01-31T09:30:00.000Z) so the same shapes travel over JSON.

import type { Language } from './constants';
import type { FieldAttachment, FieldType } from './fields';
import type { DocumentStatus, HistoryAction, RecipientAgreement, VideoConfirmation } from './status';

/** An ISO 8601 date-time string. */
export type IsoDateTime = string;

// --- Contract kinds ---------------------------------------------------------------------------

/** The three contract types; also the `{evsign}` segment of the creation funnel's routes. */
export const CONTRACT_KINDS = ['esign', 'vsign', 'vcontract'] as const;
/**
 * esign: one-click signature. vsign: signature plus a live video per signer.
 * vcontract: no document; the contract is a recorded video (recipients optional).
 * spec: derived from `use_video_sign` (vsign) and `vc_recipient` (vcontract).
 */
export type ContractKind = (typeof CONTRACT_KINDS)[number];

// --- Document ---------------------------------------------------------------------------------

/** A stored file: object key in the documents bucket with its real type, size and digest. */
export interface StoredFile {
  key: string;
  contentType: string;
  sizeBytes: number;
  /** Lower-case hex SHA-256 of the bytes. */
  sha256: string;
}

/** Size of one PDF page in points, as pdf-lib reports it (`page.getSize()`). */
export interface PageSize {
  width: number;
  height: number;
}

/** The on-chain record of a hash (document or video): an ERC-721 token minted for it. */
export interface ChainAnchor {
  chainId: number;
  contractAddress: string;
  tokenId: string;
  transactionHash: string;
  anchoredAt: IsoDateTime;
}

/** A contract. Recipients and history are separate items (one per recipient / event), not embedded. */
export interface Document {
  /** spec: `_id` / `docuId`. */
  id: string;
  /** Short contract number, shown in upper case and read aloud in videos. spec: `id4`. */
  shortId: string;
  /** Contract name. spec: `title`. */
  title: string;
  /** spec: `org_fname`. */
  originalFileName: string;
  status: DocumentStatus;
  /** spec: `use_video_sign` (vsign) and `vc_recipient` (vcontract). */
  kind: ContractKind;
  /** The owner ticked the terms and e-sign legal-effect box before sending. spec: `privateinfo_agree`. */
  termsAccepted: boolean;
  /** spec: `userId` (the owner). */
  ownerId: string;
  /** The uploaded PDF (vcontract: absent). spec: `file_url`, `s3_bucket_url`, `base_key`. */
  original?: StoredFile;
  /** Page sizes of the uploaded PDF, for placing and checking sign areas. Replaces spec `png_key_list`
   *  (pages render in the browser with pdf.js; no page images are stored). */
  pages: PageSize[];
  /** spec: `upload_percent`. */
  uploadPercent: number;
  /** Extra addresses that receive the final e-mail only (the optional recipients list). */
  finalCopyRecipients: string[];
  /** The sealed PDF and its anchor, once Completed. */
  final?: StoredFile;
  anchor?: ChainAnchor;
  /** Video contract thumbnail. spec: `vc_thumbnail`. */
  videoThumbnailKey?: string;
  createdAt: IsoDateTime;
  /** spec: uploaded time. */
  uploadedAt?: IsoDateTime;
  sentAt?: IsoDateTime;
  completedAt?: IsoDateTime;
  updatedAt: IsoDateTime;
  /** Optimistic-concurrency counter: every state-dependent write is conditional on it. */
  version: number;
}

// --- Sign areas -------------------------------------------------------------------------------

/**
 * Where one signature goes, in PDF coordinates: points, origin at the page's bottom-left corner, as
 * pdf-lib's `page.drawImage({ x, y, width, height })` expects — sealing needs no conversion. The UI
 * converts from its 1024-unit screen document space (constants DOC_SPACE_*).
 * spec (pos_info item): `sign_pos_page` → pageIndex, `sign_pos_x`/`sign_pos_y` → x/y (top-left in the
 * document space), `sign_height` → height.
 */
export interface SignArea {
  /** 0-based page index. */
  pageIndex: number;
  x: number;
  y: number;
  width: number;
  height: number;
  /** The contractor has applied a sign to this area (the owner's areas start signed). spec: `signed`.
   *  For a field that takes no sign image: the contractor has filled it. */
  signed: boolean;
  /** Issue #27 (fields.ts): absent on areas saved before fields existed, which are signatures. */
  type?: FieldType;
  required?: boolean;
  label?: string;
  placeholder?: string;
  multiline?: boolean;
  maxLength?: number;
  options?: string[];
  value?: string;
  filledAt?: IsoDateTime;
  attachment?: FieldAttachment;
}

// --- Recipients -------------------------------------------------------------------------------

/** How a contractor is reached, derived from the contact. spec: `method`. */
export type ContactMethod = 'email' | 'phone';

/** A contractor's recorded agreement video. Explicit, not a string-length test (architecture §14). */
export interface RecipientVideo {
  file: StoredFile;
  recordedAt: IsoDateTime;
  anchor?: ChainAnchor;
}

/** Network facts recorded with a contractor's decision (also in the history). */
export interface ClientFacts {
  ip: string;
  userAgent: string;
}

/** A contractor of a document (spec: recipient, outer or second signer). One stored item each. */
export interface Recipient {
  /** spec: `_id`. */
  id: string;
  documentId: string;
  /** 0-based position: the 1st contractor is 0. Sign areas are placed in this order. */
  order: number;
  name: string;
  /** Normalised contact: lower-case e-mail or E.164 phone. spec: `contact`. */
  contact: string;
  method: ContactMethod;
  /** Extra mobile number shown in the info panel. spec: mobile. */
  mobile?: string;
  /** The contact is the owner's own: the owner signs at sending. spec: `is_owner`. */
  isOwner: boolean;
  /** Account of the signer: the owner's user id, or the outer user found or created for the contact. */
  userId?: string;
  /** spec: `pos_info`. */
  signAreas: SignArea[];
  /** The sign or stamp image applied to every area. spec: `sign_url`. */
  signImageKey?: string;
  /** spec: `vsign_url`. */
  video?: RecipientVideo;
  /** spec: `rcpt_agree` (0 pending, 1 agreed, 2 denied). */
  agreement: RecipientAgreement;
  /** spec: `video_confirm` (0 pending, 1 confirmed, 2 denied). */
  videoConfirmation: VideoConfirmation;
  /** Free text, at most 200 characters. spec: `reject_reason`. */
  denyReason?: string;
  /** Language the contractor used, for e-mails to them. */
  language?: Language;
  decidedAt?: IsoDateTime;
  decidedFrom?: ClientFacts;
}

// --- History ----------------------------------------------------------------------------------

/**
 * One event of a document's life. Stored plain for the owner's views; certificates and the public
 * verification page show `actorContactMasked`, computed once when the item is written.
 * spec: `name`, `contact`, `action`, `time`, `ipaddr`, `machine` (the old product sent 'unknown' for the
 * last two; this product records the real values).
 */
export interface HistoryItem {
  documentId: string;
  action: HistoryAction;
  time: IsoDateTime;
  /** spec: `name`. */
  actorName: string;
  /** spec: `contact`. */
  actorContact: string;
  actorContactMasked: string;
  /** spec: `ipaddr`. */
  ip: string;
  /** spec: `machine`. */
  userAgent: string;
  /** The deny reason (reject, reject_vconfirm). */
  reason?: string;
  /** The anchor transaction (hash_nft). */
  transactionHash?: string;
}

// --- Users ------------------------------------------------------------------------------------

export const SUBSCRIPTION_PLAN_KEYS = [
  'month_personal',
  'month_standard',
  'year_personal',
  'year_standard',
] as const;
/** A user's plan. spec: `plan`. */
export const PLAN_KEYS = ['trial', ...SUBSCRIPTION_PLAN_KEYS] as const;
export type PlanKey = (typeof PLAN_KEYS)[number];
export type SubscriptionPlanKey = (typeof SUBSCRIPTION_PLAN_KEYS)[number];
/** Everything that can be bought: the four subscriptions and the one-time purchase of contracts. */
export const PURCHASE_KEYS = [...SUBSCRIPTION_PLAN_KEYS, 'price_onetime'] as const;
export type PurchaseKey = (typeof PURCHASE_KEYS)[number];

/** Sign-up consents (spec: registration agreement step). */
export interface RegistrationConsents {
  termsOfService: boolean;
  privacyPolicy: boolean;
  /** The user confirmed the configured minimum age. */
  ageConfirmed: boolean;
  /** Optional. spec: `AgreeMarketing`. */
  marketing: boolean;
  /** Optional. spec: `AgreeThird`. */
  thirdPartyProvision: boolean;
}

/** A registered account (owner, requester, customer). */
export interface User {
  /** spec: `_id`. */
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  phone?: string;
  /** spec: `image`. */
  imageUrl?: string;
  /** spec: blockchain wallet. */
  walletAddress?: string;
  plan: PlanKey;
  /** End of the current plan period. spec: `valid_date`. */
  validUntil: IsoDateTime;
  /** Remaining contracts (tickets). spec: `available_ticket`. */
  availableTickets: number;
  /** Card-payment customer id. spec: `customerId`. */
  paymentCustomerId?: string;
  /** spec: `company_payment`. */
  companyPaymentId?: string;
  /** Sign-click tutorial counter. spec: `comp_signclick`. */
  signClickTutorialCount: number;
  /** Push device. spec: stored device address (`macAddress`) and `platform`. */
  device?: { address: string; platform: string };
  /** spec: `last_login_time` (a first login is recorded as absent, not as year 2000). */
  lastLoginAt?: IsoDateTime;
  /** spec: `isAdmin`. (`isAuth` is a property of the session, not stored.) */
  isAdmin: boolean;
  /** Id of the default sign. spec: `default_sign_index` into `signlist` (signs are separate items). */
  defaultSignId?: string;
  language: Language;
  consents: RegistrationConsents;
  createdAt: IsoDateTime;
}

/** An account-less signer, found or created from contact and name. spec: outer user. */
export interface OuterUser {
  id: string;
  name: string;
  contact: string;
  method: ContactMethod;
  createdAt: IsoDateTime;
}

/** Whose sign it is. spec: `UserDbId` = { db: 'User' | 'OuterUser', userId }. */
export interface SignOwner {
  kind: 'user' | 'outer';
  id: string;
}

// --- Signs and stamps -------------------------------------------------------------------------

export const SIGN_KINDS = ['draw', 'autoGeneration', 'generalStamp', 'corporateStamp', 'upload'] as const;
/** How a sign or stamp was made (spec: Draw, Auto Generation, General Stamp, Corporate Stamp, Upload). */
export type SignKind = (typeof SIGN_KINDS)[number];

/** A sign image is black, a stamp image red. */
export type SignStyle = 'sign' | 'stamp';

/** A sign or stamp image in a user's sign list. spec: an entry of `signlist`. */
export interface Sign {
  id: string;
  owner: SignOwner;
  kind: SignKind;
  style: SignStyle;
  /** PNG with transparent background. */
  imageKey: string;
  createdAt: IsoDateTime;
}

/** Script of an auto-generated sign. spec: Language (Japanese or English). */
export type AutoSignScript = 'ja' | 'en';

/** Input of the auto-generated sign maker. */
export interface AutoSignRequest {
  familyName: string;
  givenName: string;
  script: AutoSignScript;
}

// --- Address book -----------------------------------------------------------------------------

/** A contractor of an earlier contract, offered in the recipient step's dropdown. */
export interface AddressBookEntry {
  name: string;
  contact: string;
  method: ContactMethod;
  lastUsedAt: IsoDateTime;
}

// --- Payment ----------------------------------------------------------------------------------

/** A price from the payment provider. spec: `price` (in cents), `priceId`. */
export interface PriceInfo {
  key: PurchaseKey;
  priceCents: number;
  priceId: string;
}

/** The seats of a standard subscription. spec: `_id`, `quantity`, `members`. */
export interface CompanyPayment {
  id: string;
  /** spec: `quantity`. */
  seats: number;
  /** One e-mail per seat, padded with '' up to `seats`. */
  members: string[];
}

/** spec: the subscription object (Stripe's field names, in cents and Unix seconds there). */
export interface Subscription {
  id: string;
  status: string;
  quantity: number;
  currency: string;
  createdAt: IsoDateTime;
  currentPeriodStart: IsoDateTime;
  currentPeriodEnd: IsoDateTime;
  /** Set when cancellation at period end is scheduled ('Unsubscribe has been scheduled'). */
  cancelAt?: IsoDateTime;
  canceledAt?: IsoDateTime;
  latestInvoiceId?: string;
}

export interface Invoice {
  id: string;
  lineCount: number;
  description: string;
  periodStart: IsoDateTime;
  periodEnd: IsoDateTime;
  hostedInvoiceUrl?: string;
  invoicePdfUrl?: string;
}
