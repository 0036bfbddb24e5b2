// What every use case on an owner's document shares (issue #26): its dependencies (DocumentDeps), the
// owner's document or the one 404, the transition guard and the funnel's errors, the document's view,
// and the owner as the actor of its history. The capability modules (documents, uploads, recipients,
// sending, signing, video confirmation, contracts) import from here; nothing here imports them.
import type { Clock, PageRenderer, Scheduler } from '../ports';
import { groupOf, roleOf } from '../../shared/domain/routing';
import { routingSettingsOf } from './routing-views';
import { ownerFieldView } from './field-views';
import type { CountryCode } from 'libphonenumber-js';
import type { DocumentView } from '../../shared/api/schemas';
import {
  canTransition,
  TransitionError,
  type DocumentStatus,
  type HistoryAction,
} from '../../shared/domain/status';
import type { ValidationFailure } from '../../shared/domain/validation';
import type {
  DocumentRecord,
  DocumentRepository,
  RecipientRecord,
  SignerRepository,
} from '../adapters/dynamo/documents';
import type { SeatMemberStore, UserRecord } from '../adapters/dynamo/repository';
import { AppError } from '../core/errors';
import type { AuthUser } from '../core/http';
import type { EntitlementRules } from '../../shared/domain/entitlements';
import type { JobQueue, ObjectStorage } from '../ports';
import type { Limits } from './limits';
import type { PdfBudgets } from './pdf-budget';
import type { ShortLinkStore } from '../adapters/dynamo/short-links';
import { recordHistory, type HistoryTarget, type RequestFacts } from './history';

/** Presigned file GETs are valid this long (upload forms: UPLOAD_FORM_SECONDS in ./original.ts). */
export const FILE_URL_SECONDS = 10 * 60;

/** The recipient index of an owner who is not a contractor, in their video confirmation token
 *  (issue #15; here so that the contract lists need not load the confirmation use cases). */
export const OWNER_PARTY = -1;

export interface DocumentDeps {
  readonly docs: DocumentRepository;
  readonly users: { getById(userId: string): Promise<UserRecord | null> };
  /** The owner's signs: an owner who is a contractor signs at sending with the default one. */
  readonly signs: Pick<SignerRepository, 'listSigns'>;
  readonly storage: ObjectStorage;
  readonly queue: JobQueue;
  /** Abuse limits (architecture §18): sending and resending count against them. */
  readonly limits: Limits;
  readonly maxUploadBytes: number;
  /** Pages, decompressed size and parse time of an upload (./pdf-budget.ts). */
  readonly pdfBudgets?: PdfBudgets;
  /** Country for phone numbers without '+' on English pages (config DEFAULT_PHONE_COUNTRY). */
  readonly englishPhoneCountry: CountryCode;
  /** Public base URL of the SPA (config APP_URL), for signer links. */
  readonly appUrl: string;
  /** Short links for SMS (issue #14); without them an SMS carries the full link. */
  readonly shortLinks?: ShortLinkStore;
  /** Monthly sends of the subscriptions (issue #18; config PERSONAL_SENDS_PER_MONTH, STANDARD_SENDS_PER_SEAT). */
  readonly entitlementRules?: EntitlementRules;
  /** Company seat members (issue #18): a member's sends use the buyer's standard plan. */
  readonly seats?: SeatMemberStore;
  /** Issue #28: reminders and expiry are scheduled here (lambdas/deps.ts always gives one; unit tests
   *  of other rules may leave it out, and then nothing is scheduled), on this clock. */
  readonly scheduler?: Scheduler;
  readonly clock?: Clock;
  /** Issue #33: images of an accepted original's first pages (./page-images.ts); none without it. */
  readonly pageRenderer?: PageRenderer;
}

/** The key of an original accepted before each upload got keys of its own (./original.ts). */
export function legacyOriginalKey(docuId: string): string {
  return `documents/${docuId}/original.pdf`;
}

export function validationError(failure: ValidationFailure, message: string): AppError {
  return new AppError(failure.error, message, {
    status: 400,
    details: {
      ...(failure.values ?? {}),
      ...(failure.row === undefined ? {} : { row: failure.row }),
    },
  });
}

export function transitionError(err: TransitionError): AppError {
  return new AppError('errors.invalidTransition', err.message, { status: 409 });
}

/** 409 unless the table allows `from → to` for the document's kind. */
export function assertCan(doc: DocumentRecord, to: DocumentStatus): void {
  if (!canTransition(doc.status, to, doc.kind)) throw transitionError(new TransitionError(doc.status, to));
}

// --- Reading --------------------------------------------------------------------------------------

export function notFound(docuId: string): AppError {
  return new AppError('errors.notFound', `Document ${docuId} not found`, { status: 404 });
}

/** The caller's document, or 404 for a missing one and for another user's (nothing revealed). */
export async function ownDocument(
  deps: DocumentDeps,
  user: AuthUser,
  docuId: string,
): Promise<DocumentRecord> {
  const doc = await deps.docs.getDocument(docuId);
  if (!doc || doc.ownerId !== user.sub) throw notFound(docuId);
  return doc;
}

export function expected(doc: DocumentRecord) {
  return { status: doc.status, version: doc.version };
}

export function toRecipientView(r: RecipientRecord): DocumentView['recipients'][number] {
  const agreement = r.agreement === 1 || r.agreement === 2 ? r.agreement : 0;
  return {
    index: r.index,
    name: r.name,
    contact: r.contact,
    method: r.method,
    isOwner: r.isOwner,
    agreement,
    areas: (r.areas ?? []).map(ownerFieldView),
    ...(r.video ? { hasVideo: true as const } : {}),
    role: roleOf(r),
    group: groupOf(r),
  };
}

function formFieldViews(fields: NonNullable<DocumentRecord['formFields']>): DocumentView['formFields'] {
  const types = ['text', 'checkbox', 'radio', 'dropdown', 'signature'] as const;
  return fields.flatMap((f) => {
    const type = types.find((t) => t === f.type);
    if (!type) return [];
    return [
      {
        name: f.name,
        type,
        pageIndex: f.pageIndex,
        x: f.x,
        y: f.y,
        width: f.width,
        height: f.height,
        required: f.required,
        ...(f.multiline === undefined ? {} : { multiline: f.multiline }),
        ...(f.maxLength === undefined ? {} : { maxLength: f.maxLength }),
        ...(f.options === undefined ? {} : { options: [...f.options] }),
      },
    ];
  });
}

export async function view(deps: DocumentDeps, docuId: string): Promise<DocumentView> {
  const doc = await deps.docs.getDocument(docuId);
  if (!doc) throw notFound(docuId);
  const recipients = await deps.docs.listRecipients(docuId);
  const fileUrl = doc.fileKey
    ? await deps.storage.presignDownload(doc.fileKey, { expiresSeconds: FILE_URL_SECONDS })
    : null;
  const pages = doc.pages ?? [];
  return {
    docuId: doc.docuId,
    id4: doc.id4,
    kind: doc.kind,
    title: doc.title ?? '',
    status: doc.status,
    originalFileName: doc.originalFileName ?? null,
    pageCount: doc.fileKey ? pages.length : null,
    pages: pages.map((p) => ({ width: p.width, height: p.height })),
    sizeBytes: doc.sizeBytes ?? null,
    sha256: doc.sha256 ?? null,
    privateinfoAgree: doc.privateinfoAgree ?? false,
    recipients: recipients.map(toRecipientView),
    finalRecipients: doc.finalRecipients ?? [],
    routing: routingSettingsOf(doc),
    formFields: doc.fileKey ? formFieldViews(doc.formFields ?? []) : [],
    fileUrl,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

// --- History ------------------------------------------------------------------------------------

export function addHistory(
  deps: DocumentDeps,
  doc: DocumentRecord,
  action: HistoryAction,
  actor: { name: string; contact: string },
  facts: RequestFacts,
  target?: HistoryTarget,
): Promise<void> {
  return recordHistory(deps.docs, doc, action, actor, facts, undefined, target);
}

export async function ownerActor(
  deps: DocumentDeps,
  user: AuthUser,
): Promise<{ name: string; contact: string }> {
  const record = await deps.users.getById(user.sub);
  return { name: record?.name || user.name, contact: record?.email || user.email };
}

/** The owner's row of a video contract: index 0, always a party (their video is the contract's terms). */
export function videoContractOwnerRow(
  docuId: string,
  owner: { name: string; contact: string },
  before?: RecipientRecord,
): RecipientRecord {
  return {
    docuId,
    index: 0,
    name: owner.name,
    contact: owner.contact,
    method: 'email',
    isOwner: true,
    agreement: 0,
    areas: [],
    ...(before?.video ? { video: before.video } : {}),
    ...(before?.lang ? { lang: before.lang } : {}),
  };
}
