// API contract of contract management (issue #7): the contract lists (draft / pending / signed, as owner or
// as contractor), details, activity, status polling, download, mail, delete, and the contractor's
// Continue link. Kept apart from schemas.ts (which spreads CONTRACT_SCHEMAS into API_SCHEMAS).
import * as z from 'zod';
import { CONTRACT_KINDS } from '../domain/entities';
import { DOCUMENT_LIST_TABS, DOCUMENT_STATUSES, HISTORY_ACTIONS } from '../domain/status';
import { lineText } from './schemas/text';
import { flowViewSchema, recipientFlowSchema } from './schemas/routing';
import { tokenClaimSchema } from './schemas/wallet';

const languageSchema = z.enum(['en', 'jp', 'ko']);
const docuIdParams = z.object({ docuId: z.string().min(1).max(64) });
const agreementSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);
const isoDate = z.iso.datetime({ offset: true });

/** A list page holds at most this many cards. */
export const CONTRACT_PAGE_MAX = 50;
export const CONTRACT_PAGE_DEFAULT = 20;

/** GET /api/documents?tab=draft|pending|signed&role=owner|contractor&cursor=…&limit=… */
export const listContractsQuerySchema = z.object({
  tab: z.enum(DOCUMENT_LIST_TABS),
  role: z.enum(['owner', 'contractor']).default('owner'),
  /** Opaque: the previous page's `nextCursor`. */
  cursor: z.string().min(1).max(2000).optional(),
  limit: z.coerce.number().int().min(1).max(CONTRACT_PAGE_MAX).default(CONTRACT_PAGE_DEFAULT),
});
export type ListContractsQuery = z.input<typeof listContractsQuerySchema>;

export const contractRecipientSchema = z.object({
  index: z.number().int().nonnegative(),
  name: z.string(),
  /** The full contact for the owner; null for a contractor looking at another party. */
  contact: z.string().nullable(),
  contactMasked: z.string(),
  method: z.enum(['email', 'phone']),
  isOwner: z.boolean(),
  /** 0 pending, 1 agreed, 2 denied. */
  agreement: agreementSchema,
  /** The viewer is this contractor. */
  me: z.boolean(),
  /** A denied contractor's reason (the deny-reason link), else null. */
  denyReason: z.string().nullable(),
  decidedAt: isoDate.nullable(),
  /** The language the contractor agreed in (issue #29; spec: agreement recorded "with language"). */
  agreedLang: z.enum(['en', 'jp', 'ko']).nullable().optional(),
  /** Video Sign (issue #15): the contractor's agreement video is recorded. */
  hasVideo: z.boolean(),
  /** Video Sign: their cross video confirmation, 0 pending, 1 confirmed, 2 denied. */
  videoConfirmation: agreementSchema,
  /** Issue #28: role, group, turn, reminders and delegation. */
  ...recipientFlowSchema.shape,
});
export type ContractRecipient = z.infer<typeof contractRecipientSchema>;

export const contractCardSchema = z.object({
  docuId: z.string(),
  id4: z.string(),
  kind: z.enum(CONTRACT_KINDS),
  title: z.string(),
  status: z.enum(DOCUMENT_STATUSES),
  /** How the viewer relates to the document. */
  role: z.enum(['owner', 'contractor']),
  createdAt: isoDate,
  sentAt: isoDate.nullable(),
  /** Time of the latest history entry (the card's "time since"), else the last change. */
  lastActivityAt: isoDate,
  recipients: z.array(contractRecipientSchema),
  /** A final (sealed) PDF exists: download gives it, and it may be mailed. */
  hasFinal: z.boolean(),
  /** Video Sign: the viewer's own video confirmation (the owner's too when not a contractor), or null
   *  when the viewer is not a party of it. */
  viewerVideoConfirm: agreementSchema.nullable(),
  /** Video Contract (issue #16, spec `vc_thumbnail`): a short-lived URL of the still of the owner's
   *  recorded terms (a small JPEG), else null. */
  thumbnailUrl: z.string().nullable(),
  /** Issue #28: the expiry date of a sent contract (null: none). */
  expiresAt: isoDate.nullable(),
  /** Issue #32, the owner's only: the contract's token once minted — its holder when minted (or moved
   *  to by a claim), whether the service holds it for the owner, and the owner's claim of it. */
  token: z
    .object({
      tokenId: z.string(),
      holder: z.string(),
      held: z.boolean(),
      /** A claim may be asked: none was, and the token is (or, minted before issue #32, may be) held. */
      claimable: z.boolean(),
      claim: tokenClaimSchema.nullable(),
    })
    .nullable()
    .optional(),
});
export type ContractCard = z.infer<typeof contractCardSchema>;

export const contractListSchema = z.object({
  items: z.array(contractCardSchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type ContractList = z.infer<typeof contractListSchema>;

export const historyEntrySchema = z.object({
  action: z.enum(HISTORY_ACTIONS),
  time: isoDate,
  actorName: z.string(),
  actorContactMasked: z.string(),
  reason: z.string().nullable(),
  /** A signature request: the contractor it went to (masked contact) and by which channel. */
  targetName: z.string().nullable(),
  targetContactMasked: z.string().nullable(),
  channel: z.enum(['email', 'sms']).nullable(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** GET /api/documents/{docuId}/details: the detail panels. */
export const contractDetailsSchema = contractCardSchema.extend({
  /** Signature Requester Info. */
  requester: z.object({ name: z.string(), email: z.string(), phone: z.string().nullable() }),
  /** Document Info. */
  document: z.object({
    originalFileName: z.string().nullable(),
    pageCount: z.number().int().nonnegative(),
    sizeBytes: z.number().int().nonnegative().nullable(),
    sha256: z.string().nullable(),
    uploadedAt: isoDate.nullable(),
  }),
  /** The sealed final PDF (a video contract's contract record, issue #34 item 4): null until sealed.
   *  `pageCount` is null for a PDF sealed before its pages were recorded. */
  record: z
    .object({
      fileName: z.string(),
      pageCount: z.number().int().nonnegative().nullable(),
      sizeBytes: z.number().int().nonnegative().nullable(),
      sha256: z.string(),
      completedAt: isoDate.nullable(),
    })
    .nullable(),
  /** Activity of this document, newest first. */
  history: z.array(historyEntrySchema),
  /** Issue #28: where the flow stands (who has the turn, reminders, what is scheduled next). */
  flow: flowViewSchema,
  /** Video Sign (issue #15): each recorded agreement video (the owner plays it by GET …/videos/{index}). */
  videos: z.array(
    z.object({
      index: z.number().int().nonnegative(),
      /** Who recorded it: the party's name (issue #34 item 4). */
      name: z.string(),
      recordedAt: isoDate,
      /** SHA-256 of the accepted video's bytes. */
      sha256: z.string(),
      contentType: z.string(),
      sizeBytes: z.number().int().nonnegative(),
      /** Seconds, as measured by the recorder and bounded by its session (null for older videos). */
      durationSeconds: z.number().nonnegative().nullable(),
      hasThumbnail: z.boolean(),
    }),
  ),
});
export type ContractDetails = z.infer<typeof contractDetailsSchema>;

/** GET /api/documents/{docuId}/videos/{index}: short-lived presigned GETs of a contractor's video and
 *  its thumbnail, for the owner's details panel. */
export const contractVideoParamsSchema = z.object({
  docuId: z.string().min(1).max(64),
  index: z.coerce.number().int().min(0).max(99),
});
export const contractVideoResponseSchema = z.object({
  url: z.string(),
  thumbnailUrl: z.string().nullable(),
  contentType: z.string(),
  expiresAt: isoDate,
});
export type ContractVideoResponse = z.infer<typeof contractVideoResponseSchema>;

/** GET /api/documents/{docuId}/status: polled every 5 s while Generating. */
export const contractStatusSchema = z.object({ status: z.enum(DOCUMENT_STATUSES) });

/** GET /api/documents/{docuId}/download: short-lived presigned GETs of the latest PDF. */
export const downloadResponseSchema = z.object({
  /** Downloads as a file (Content-Disposition: attachment). */
  url: z.string(),
  /** Opens inline (Show Document's frame). */
  viewUrl: z.string(),
  fileName: z.string(),
  /** The sealed final PDF, not the original. */
  final: z.boolean(),
  expiresAt: isoDate,
});
export type DownloadResponse = z.infer<typeof downloadResponseSchema>;

/** POST /api/documents/{docuId}/mail: the final PDF to an address (completed documents only). */
export const mailDocumentRequestSchema = z.object({ email: lineText().max(254), lang: languageSchema });
export type MailDocumentRequest = z.infer<typeof mailDocumentRequestSchema>;
export const mailDocumentResponseSchema = z.object({ sent: z.literal(true) });

export const deleteDocumentResponseSchema = z.object({ deleted: z.literal(true) });

/** POST /api/documents/{docuId}/signer-link: the contractor's own link to their signer page. */
export const signerLinkRequestSchema = z.object({ lang: languageSchema });
export const signerLinkResponseSchema = z.object({ path: z.string() });

/** GET /api/activity: the latest history items across the owner's documents. */
export const activityItemSchema = historyEntrySchema.extend({
  docuId: z.string(),
  id4: z.string(),
  title: z.string(),
});
export type ActivityItem = z.infer<typeof activityItemSchema>;
export const activityResponseSchema = z.object({ items: z.array(activityItemSchema) });
export type ActivityResponse = z.infer<typeof activityResponseSchema>;

export const CONTRACT_SCHEMAS = {
  ListContracts: { query: listContractsQuerySchema, response: contractListSchema },
  GetContractDetails: { params: docuIdParams, response: contractDetailsSchema },
  GetContractStatus: { params: docuIdParams, response: contractStatusSchema },
  DownloadDocument: { params: docuIdParams, response: downloadResponseSchema },
  MailDocument: {
    params: docuIdParams,
    body: mailDocumentRequestSchema,
    response: mailDocumentResponseSchema,
  },
  DeleteDocument: { params: docuIdParams, response: deleteDocumentResponseSchema },
  GetContractVideo: { params: contractVideoParamsSchema, response: contractVideoResponseSchema },
  ContractorSignerLink: {
    params: docuIdParams,
    body: signerLinkRequestSchema,
    response: signerLinkResponseSchema,
  },
  GetActivity: { response: activityResponseSchema },
} as const;

export { docuIdParams as contractParamsSchema };
