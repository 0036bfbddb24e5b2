// The e-sign creation funnel (issue #4): create, upload (presigned POST, then a server-side check of
// the landed object), contractors, sign areas, contract name and terms, send. Rules and messages
// come from shared/domain; every status change is a conditional write (status + version).
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { CountryCode } from 'libphonenumber-js';
import { EncryptedPDFError, PDFDocument } from '../droppable/pdf-lib';
import type {
  DocumentView,
  SaveAreasRequest,
  SaveRecipientsRequest,
  UpdateDocumentRequest,
  UploadRequest,
  UploadResponse,
} from '../../shared/api/schemas';
import type { Language } from '../../shared/domain/constants';
import { defaultCountryFor, isValidEmail, normaliseEmail } from '../../shared/domain/contact';
import { isOwnerContact, validateContractors, validateSignAreas } from '../../shared/domain/contractors';
import type { ContractKind } from '../../shared/domain/entities';
import type { PageSize } from '../../shared/domain/entities';
import {
  canTransition,
  TransitionError,
  type DocumentStatus,
  type HistoryAction,
} from '../../shared/domain/status';
import { uploadLimitMb, validateUpload, type ValidationFailure } from '../../shared/domain/validation';
import { localeForPath, translate } from '../../shared/i18n/server';
import type {
  AddressBookRecord,
  DocumentRecord,
  DocumentRepository,
  RecipientRecord,
  SignerRepository,
  SignerTokenRecord,
  EntitlementWrite,
} from '../adapters/dynamo/documents';
import { messageTitle, smsText } from './messages';
import type { SeatMemberStore, UserRecord } from '../adapters/dynamo/repository';
import { companyBuyerOf } from './seats';
import { AppError, ENTITLEMENT_CONFLICT, isAppError } from '../core/errors';
import type { AuthUser } from '../core/http';
import {
  consumeOne,
  DEFAULT_ENTITLEMENT_RULES,
  lotsOfRecord,
  ticketCount,
  type EntitlementRules,
} from '../../shared/domain/entitlements';
import type { NotifyJob, SealJob } from '../jobs';
import type { JobQueue, ObjectStorage } from '../ports';
import { defaultSignOf } from './default-sign';
import { enforceLimits, messageHits, type Limits } from './limits';
import { withConflictRetry } from './retry';
import { DEFAULT_PDF_BUDGETS, inflatedBytes, ParseTimeout, withinTime, type PdfBudgets } from './pdf-budget';
import { createShortLink } from './short-links';
import type { ShortLinkStore } from '../adapters/dynamo/short-links';
import { recordHistory, type HistoryTarget, type RequestFacts } from './history';
import { escapeHtml } from '../core/html';
import { isUploadKeyOf, newOriginalKey, newUploadKey, UPLOAD_FORM_SECONDS } from './original';

/** Signer links expire after this many days. */
export const SIGNER_TOKEN_DAYS = 30;
/** Presigned file GETs are valid this long (upload forms: UPLOAD_FORM_SECONDS in ./original.ts). */
export const FILE_URL_SECONDS = 10 * 60;

/** The recipient index of an owner who is not a contractor, in their video confirmation token
 *  (issue #15; here so that the contract lists need not load the confirmation use cases). */
export const OWNER_PARTY = -1;
/** At most this many contractors per document (one transaction writes them all with the document). */
export const MAX_CONTRACTORS = 40;

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
}

/** The link of a signature request: the signer page; by SMS a short link to it (same expiry). */
export async function requestLink(
  deps: Pick<DocumentDeps, 'appUrl' | 'shortLinks'>,
  input: {
    lang: Language;
    docuId: string;
    token: string;
    method: 'email' | 'phone';
    expiresAt: string;
    /** The page of the link: the signer page, or the video confirmation page (issue #15). */
    page?: 'outsign' | 'video_confirm';
  },
): Promise<string> {
  const path = `/${input.lang}/${input.page ?? 'outsign'}/${input.docuId}/${input.token}`;
  if (input.method !== 'phone' || !deps.shortLinks) return `${deps.appUrl.replace(/\/+$/, '')}${path}`;
  return createShortLink(
    { shortLinks: deps.shortLinks, appUrl: deps.appUrl },
    { kind: 'path', path },
    new Date(input.expiresAt),
  );
}

export type { RequestFacts } from './history';

// --- Pure helpers -------------------------------------------------------------------------------

/** The key of an original accepted before each upload got keys of its own (./original.ts). */
export function legacyOriginalKey(docuId: string): string {
  return `documents/${docuId}/original.pdf`;
}

/** A new signer token: 32 random bytes (256 bits), base64url (43 characters). */
export function newSignerToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored of a signer token: its SHA-256, lower-case hex. */
export function hashSignerToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * A new signer link for one recipient: the token (only ever in the link) and the record stored of it
 * (its hash, the recipient, and an expiry SIGNER_TOKEN_DAYS from `now`, also as the item's TTL).
 */
export function issueSignerToken(
  docuId: string,
  recipientIndex: number,
  now: Date,
): { token: string; record: SignerTokenRecord } {
  const token = newSignerToken();
  const expiresAtMs = now.getTime() + SIGNER_TOKEN_DAYS * 24 * 3600 * 1000;
  return {
    token,
    record: {
      tokenHash: hashSignerToken(token),
      docuId,
      recipientIndex,
      createdAt: now.toISOString(),
      expiresAt: new Date(expiresAtMs).toISOString(),
      ttl: Math.floor(expiresAtMs / 1000),
    },
  };
}

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The country assumed for phone numbers without '+' for a UI language. */
export function phoneCountryFor(lang: Language, englishDefault: CountryCode): CountryCode | undefined {
  return defaultCountryFor(lang, englishDefault);
}

export interface CheckedPdf {
  readonly pageCount: number;
  readonly pages: PageSize[];
  readonly sha256: string;
  readonly sizeBytes: number;
}

export type PdfCheck =
  | ({ ok: true } & CheckedPdf)
  | {
      ok: false;
      code:
        | 'upload.errors.notPdf'
        | 'upload.errors.encrypted'
        | 'upload.errors.empty'
        | 'upload.errors.tooLarge'
        | 'upload.errors.tooManyPages'
        | 'upload.errors.tooComplex';
      /** Values of the message (the page limit). */
      details?: Record<string, number>;
    };

const PDF_MAGIC = '%PDF-';

async function isEncryptedPdf(bytes: Uint8Array): Promise<boolean> {
  try {
    return (await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false })).isEncrypted;
  } catch {
    return false;
  }
}

/** The server-side check of an uploaded file: not empty, within the limit, a PDF by its first bytes,
 *  within the budgets of decompressed size, parse time and pages (./pdf-budget.ts), parsed by pdf-lib,
 *  not encrypted. Records page sizes (points) and the SHA-256. */
export async function checkPdfBytes(
  bytes: Uint8Array,
  maxBytes: number,
  budgets: PdfBudgets = DEFAULT_PDF_BUDGETS,
): Promise<PdfCheck> {
  if (bytes.length === 0) return { ok: false, code: 'upload.errors.empty' };
  if (bytes.length > maxBytes) return { ok: false, code: 'upload.errors.tooLarge' };
  const head = Buffer.from(bytes.subarray(0, PDF_MAGIC.length)).toString('latin1');
  if (head !== PDF_MAGIC) return { ok: false, code: 'upload.errors.notPdf' };
  if ((await inflatedBytes(bytes, budgets.maxInflatedBytes)) > budgets.maxInflatedBytes) {
    return { ok: false, code: 'upload.errors.tooComplex' };
  }
  let pages: PageSize[];
  try {
    const pdf = await withinTime(
      budgets.maxParseMs,
      PDFDocument.load(bytes, { updateMetadata: false, parseSpeed: 500 }),
    );
    if (pdf.isEncrypted) return { ok: false, code: 'upload.errors.encrypted' };
    const count = pdf.getPageCount();
    if (count > budgets.maxPages) {
      return { ok: false, code: 'upload.errors.tooManyPages', details: { maxPages: budgets.maxPages } };
    }
    pages = pdf.getPages().map((p) => {
      const { width, height } = p.getSize();
      return { width, height };
    });
  } catch (err) {
    if (err instanceof ParseTimeout) return { ok: false, code: 'upload.errors.tooComplex' };
    // pdf-lib is compiled to ES5, so `instanceof EncryptedPDFError` may fail: also ask it directly.
    if (err instanceof EncryptedPDFError || (await isEncryptedPdf(bytes))) {
      return { ok: false, code: 'upload.errors.encrypted' };
    }
    return { ok: false, code: 'upload.errors.notPdf' };
  }
  if (pages.length === 0) return { ok: false, code: 'upload.errors.notPdf' };
  return { ok: true, pageCount: pages.length, pages, sha256: sha256Hex(bytes), sizeBytes: bytes.length };
}

/** Where the SPA sends an owner who has nothing left to send (spec: VIEW PLANS). */
export const PLANS_PATH = '/home/select_plan';

/** The one place where plan limits are enforced (issue #18): one entitlement of the owner for one
 *  sent contract, as a conditional write that goes in the send's transaction; with none left a
 *  translated refusal (402) naming the plans page. */
export function entitlementForSend(
  record: UserRecord | null,
  userId: string,
  rules: EntitlementRules = DEFAULT_ENTITLEMENT_RULES,
  now = new Date(),
): EntitlementWrite {
  const used = record
    ? consumeOne(
        {
          plan: record.plan,
          validDate: record.validDate,
          seats: record.seats,
          usageMonth: record.usageMonth,
          usageCount: record.usageCount,
          lots: lotsOfRecord(record, now),
        },
        now,
        rules,
      )
    : ({ ok: false, reason: 'noneLeft' } as const);
  if (!used.ok) {
    throw new AppError(`billing.errors.${used.reason}`, 'No contract left to send on this plan', {
      status: 402,
      details: { plansPath: PLANS_PATH },
    });
  }
  const { lots, usageMonth, usageCount } = used.next;
  return {
    userId,
    expectedVersion: record?.entitlementVersion,
    changes: {
      ticketLots: lots,
      availableTickets: ticketCount(lots, now),
      ...(usageMonth === undefined ? {} : { usageMonth, usageCount }),
    },
  };
}

/** The sender's entitlement: a company member uses the buyer's standard plan first (the buyer's record
 *  is conditionally updated), then their own; refused with the plan's reason when neither has one. */
async function senderEntitlement(
  deps: Pick<DocumentDeps, 'users' | 'seats' | 'entitlementRules'>,
  userId: string,
  now: Date,
): Promise<EntitlementWrite> {
  const own = await deps.users.getById(userId);
  const buyer =
    own && deps.seats ? await companyBuyerOf({ users: deps.users, seats: deps.seats }, own, now) : null;
  if (buyer) {
    try {
      return entitlementForSend(buyer, buyer.userId, deps.entitlementRules, now);
    } catch (companyRefusal) {
      try {
        return entitlementForSend(own, userId, deps.entitlementRules, now);
      } catch {
        throw companyRefusal;
      }
    }
  }
  return entitlementForSend(own, userId, deps.entitlementRules, now);
}

function validationError(failure: ValidationFailure, message: string): AppError {
  return new AppError(failure.error, message, {
    status: 400,
    details: {
      ...(failure.values ?? {}),
      ...(failure.row === undefined ? {} : { row: failure.row }),
    },
  });
}

function transitionError(err: TransitionError): AppError {
  return new AppError('errors.invalidTransition', err.message, { status: 409 });
}

/** 409 unless the table allows `from → to` for the document's kind. */
function assertCan(doc: DocumentRecord, to: DocumentStatus): void {
  if (!canTransition(doc.status, to, doc.kind)) throw transitionError(new TransitionError(doc.status, to));
}

// --- Reading --------------------------------------------------------------------------------------

function notFound(docuId: string): AppError {
  return new AppError('errors.notFound', `Document ${docuId} not found`, { status: 404 });
}

/** The caller's document, or 404 for a missing one and for another user's (nothing revealed). */
async function ownDocument(deps: DocumentDeps, user: AuthUser, docuId: string): Promise<DocumentRecord> {
  const doc = await deps.docs.getDocument(docuId);
  if (!doc || doc.ownerId !== user.sub) throw notFound(docuId);
  return doc;
}

function expected(doc: DocumentRecord) {
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
    areas: (r.areas ?? []).map((a) => ({ ...a })),
    ...(r.video ? { hasVideo: true as const } : {}),
  };
}

async function view(deps: DocumentDeps, docuId: string): Promise<DocumentView> {
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
    fileUrl,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

export async function getDocument(deps: DocumentDeps, user: AuthUser, docuId: string): Promise<DocumentView> {
  await ownDocument(deps, user, docuId);
  return view(deps, docuId);
}

// --- History ------------------------------------------------------------------------------------

function addHistory(
  deps: DocumentDeps,
  doc: DocumentRecord,
  action: HistoryAction,
  actor: { name: string; contact: string },
  facts: RequestFacts,
  target?: HistoryTarget,
): Promise<void> {
  return recordHistory(deps.docs, doc, action, actor, facts, undefined, target);
}

async function ownerActor(deps: DocumentDeps, user: AuthUser): Promise<{ name: string; contact: string }> {
  const record = await deps.users.getById(user.sub);
  return { name: record?.name || user.name, contact: record?.email || user.email };
}

// --- Create -------------------------------------------------------------------------------------

export async function createDocument(
  deps: DocumentDeps,
  user: AuthUser,
  input: { kind: ContractKind },
  now = new Date(),
): Promise<DocumentView> {
  const docuId = randomUUID().replace(/-/g, '');
  const at = now.toISOString();
  // A video contract's first party is its owner, who records the terms (row 0, always there).
  const owner = input.kind === 'vcontract' ? await ownerActor(deps, user) : null;
  await deps.docs.createDocument(
    {
      docuId,
      id4: docuId.slice(0, 4),
      ownerId: user.sub,
      kind: input.kind,
      title: '',
      status: 'Ready',
      privateinfoAgree: false,
      finalRecipients: [],
      pages: [],
      createdAt: at,
      updatedAt: at,
      version: 1,
    },
    owner ? [videoContractOwnerRow(docuId, owner)] : [],
  );
  return view(deps, docuId);
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

// --- Upload -------------------------------------------------------------------------------------

export async function createUpload(
  deps: DocumentDeps,
  user: AuthUser,
  docuId: string,
  input: UploadRequest,
): Promise<UploadResponse> {
  const doc = await ownDocument(deps, user, docuId);
  assertCan(doc, 'Upload');
  if (doc.kind === 'vcontract') {
    // A video contract has no PDF: its "upload" is the owner's recorded terms.
    throw new AppError('errors.invalidTransition', 'A video contract has no document to upload', {
      status: 409,
    });
  }
  const check = validateUpload(input, deps.maxUploadBytes);
  if (!check.ok) throw validationError(check, 'The file is refused');
  // Each form may stage up to the upload cap for minutes: a capped number per owner and per document
  // an hour (429 over it, issue #25).
  await enforceLimits(deps.limits, [
    { rule: 'uploadFormsPerOwner', key: user.sub },
    { rule: 'uploadFormsPerDocument', key: docuId },
  ]);
  // A key of its own for each form: a saved form can only ever write to this staging key, which is
  // forgotten once the upload is completed (or replaced by the next form).
  const key = newUploadKey(docuId);
  const presigned = await deps.storage.presignUpload(key, {
    contentType: 'application/pdf',
    maxBytes: deps.maxUploadBytes,
    expiresSeconds: UPLOAD_FORM_SECONDS,
  });
  await deps.docs.updateDocument(docuId, expected(doc), {
    pendingFileName: input.fileName,
    pendingUploadKey: key,
  });
  if (doc.pendingUploadKey) await deps.storage.deleteMany([doc.pendingUploadKey]);
  return presigned;
}

function uploadError(
  code: string,
  message: string,
  deps: DocumentDeps,
  details?: Record<string, number>,
): AppError {
  return new AppError(code, message, {
    status: 400,
    ...(code === 'upload.errors.tooLarge'
      ? { details: { limitMb: uploadLimitMb(deps.maxUploadBytes) } }
      : details
        ? { details }
        : {}),
  });
}

export async function completeUpload(
  deps: DocumentDeps,
  user: AuthUser,
  docuId: string,
  input: { key: string },
  facts: RequestFacts,
): Promise<DocumentView> {
  const doc = await ownDocument(deps, user, docuId);
  const key = input.key;
  if (!doc.pendingUploadKey || key !== doc.pendingUploadKey) {
    // A form already completed (or replaced by a newer one) is spent: nothing it posts is ever used.
    if (isUploadKeyOf(docuId, key)) {
      await deps.storage.deleteMany([key]);
      throw new AppError('upload.errors.expired', 'This upload form is spent or was replaced', {
        status: 409,
      });
    }
    throw new AppError('errors.badRequest', 'This is not the upload key of the document', { status: 400 });
  }
  assertCan(doc, 'Upload');

  // A refused file is removed and its form spent; an original accepted earlier stays as it was.
  const failWith = async (code: string, message: string, details?: Record<string, number>) => {
    await deps.storage.deleteMany([key]);
    await deps.docs.updateDocument(docuId, expected(doc), { pendingUploadKey: null, pendingFileName: null });
    return uploadError(code, message, deps, details);
  };

  const info = await deps.storage.head(key);
  if (!info) throw uploadError('upload.errors.missing', 'Nothing was uploaded', deps);
  if (info.size === 0) throw await failWith('upload.errors.empty', 'The file is empty');
  if (info.size > deps.maxUploadBytes)
    throw await failWith('upload.errors.tooLarge', 'The file is too large');
  const bytes = await deps.storage.getBytes(key);
  const checked = await checkPdfBytes(bytes, deps.maxUploadBytes, deps.pdfBudgets);
  if (!checked.ok) {
    throw await failWith(checked.code, `The file was refused: ${checked.code}`, checked.details);
  }

  // The checked bytes (not whatever the staging key holds later) become the original, under a key
  // no form names. Re-upload: contractors are kept, their sign areas cleared (the pages may differ).
  const fileKey = newOriginalKey(docuId);
  const stored = await deps.storage.put(fileKey, bytes, 'application/pdf');
  const recipients = await deps.docs.listRecipients(docuId);
  try {
    await deps.docs.changeStatus(
      docuId,
      expected(doc),
      'Upload',
      {
        fileKey,
        fileEtag: stored.etag ?? null,
        originalFileName: doc.pendingFileName ?? 'document.pdf',
        pendingFileName: null,
        pendingUploadKey: null,
        sizeBytes: checked.sizeBytes,
        sha256: checked.sha256,
        pages: checked.pages,
        uploadedAt: new Date().toISOString(),
      },
      { putRecipients: recipients.map((r) => ({ ...r, areas: [] })) },
    );
  } catch (err) {
    await deps.storage.deleteMany([fileKey]);
    throw err;
  }
  await deps.storage.deleteMany([key, ...(doc.fileKey ? [doc.fileKey] : [])]);
  await addHistory(deps, doc, 'upload', await ownerActor(deps, user), facts);
  return view(deps, docuId);
}

// --- Contractors ----------------------------------------------------------------------------------

export async function saveRecipients(
  deps: DocumentDeps,
  user: AuthUser,
  docuId: string,
  input: SaveRecipientsRequest,
  now = new Date(),
): Promise<DocumentView> {
  const doc = await ownDocument(deps, user, docuId);
  assertCan(doc, 'AddRcpt');
  const result = validateContractors(input.recipients, {
    defaultCountry: phoneCountryFor(input.lang, deps.englishPhoneCountry),
    optional: doc.kind === 'vcontract',
  });
  if (!result.ok) throw validationError(result, 'The contractors are refused');
  const contractors = result.contractors;
  if (contractors.length > MAX_CONTRACTORS) {
    throw new AppError('errors.validation', `At most ${MAX_CONTRACTORS} contractors`, {
      status: 400,
      details: { row: MAX_CONTRACTORS },
    });
  }
  const finalRecipients: string[] = [];
  for (const [row, raw] of input.finalRecipients.entries()) {
    const text = raw.trim();
    if (!text) continue;
    if (!isValidEmail(text)) {
      throw new AppError('contractors.errors.invalidEmail', 'A final recipient is not an e-mail', {
        status: 400,
        details: { row, finalRecipient: true },
      });
    }
    const email = normaliseEmail(text);
    if (!finalRecipients.includes(email)) finalRecipients.push(email);
  }

  const owner = await ownerActor(deps, user);
  const old = await deps.docs.listRecipients(docuId);
  // A video contract's owner is party 0 already (their recorded terms): the contractors follow.
  const vcontract = doc.kind === 'vcontract';
  const first = vcontract ? 1 : 0;
  if (vcontract) {
    const row = contractors.findIndex(
      (c) => c.method === 'email' && isOwnerContact(c.contact, owner.contact),
    );
    if (row >= 0) {
      throw new AppError('contractors.errors.ownerIsParty', 'The owner is already a party', {
        status: 400,
        details: { row },
      });
    }
  }
  // Areas of a contractor who stays at the same position with the same contact are kept.
  const rows: RecipientRecord[] = contractors.map((c, row) => {
    const index = row + first;
    const isOwner = c.method === 'email' && !!owner.contact && isOwnerContact(c.contact, owner.contact);
    const before = old.find((r) => r.index === index && r.contact === c.contact);
    return {
      docuId,
      index,
      name: c.name,
      contact: c.contact,
      method: c.method,
      isOwner,
      agreement: isOwner ? 1 : 0,
      areas: (before?.areas ?? []).map((a) => ({ ...a, signed: isOwner })),
      lang: input.lang,
      // The owner's own video (Video Sign) stays while the owner stays a contractor.
      ...(isOwner && before?.isOwner && before.video ? { video: before.video } : {}),
    };
  });
  const ownerRow = old.find((r) => r.index === 0 && r.isOwner);
  const next = vcontract
    ? [videoContractOwnerRow(docuId, owner, ownerRow && { ...ownerRow, lang: input.lang }), ...rows]
    : rows;
  const stale = old.filter((r) => r.index >= next.length).map((r) => r.index);
  await deps.docs.changeStatus(
    docuId,
    expected(doc),
    'AddRcpt',
    { finalRecipients, lang: input.lang },
    { putRecipients: next, deleteRecipients: stale },
  );

  const at = now.toISOString();
  const entries: AddressBookRecord[] = next
    .filter((r) => !r.isOwner)
    .map((r) => ({ ownerId: user.sub, contact: r.contact, name: r.name, method: r.method, lastUsedAt: at }));
  await deps.docs.upsertAddressBook(entries);
  return view(deps, docuId);
}

export async function listAddressBook(
  deps: DocumentDeps,
  user: AuthUser,
): Promise<{ entries: { name: string; contact: string }[] }> {
  const items = await deps.docs.listAddressBook(user.sub);
  const sorted = [...items].sort((a, b) => b.lastUsedAt.localeCompare(a.lastUsedAt));
  return { entries: sorted.map((e) => ({ name: e.name, contact: e.contact })) };
}

// --- Sign areas -----------------------------------------------------------------------------------

export async function saveAreas(
  deps: DocumentDeps,
  user: AuthUser,
  docuId: string,
  input: SaveAreasRequest,
): Promise<DocumentView> {
  const doc = await ownDocument(deps, user, docuId);
  assertCan(doc, 'SetPos');
  const recipients = await deps.docs.listRecipients(docuId);
  const unknown = input.areas.find((a) => a.recipientIndex >= recipients.length);
  if (unknown) {
    throw new AppError('errors.validation', 'A sign area names a contractor that does not exist', {
      status: 400,
      details: { row: unknown.recipientIndex },
    });
  }
  const next = recipients.map((r) => ({
    ...r,
    areas: input.areas
      .filter((a) => a.recipientIndex === r.index)
      .map((a) => ({
        pageIndex: a.pageIndex,
        x: a.x,
        y: a.y,
        width: a.width,
        height: a.height,
        // The owner's areas are pre-signed; sending stamps them with the owner's default sign.
        signed: r.isOwner,
      })),
  }));
  const check = validateSignAreas(
    next.map((r) => ({ signAreas: r.areas })),
    doc.pages ?? [],
  );
  if (!check.ok) throw validationError(check, 'The sign areas are refused');
  await deps.docs.changeStatus(docuId, expected(doc), 'SetPos', {}, { putRecipients: next });
  return view(deps, docuId);
}

// --- Contract name and terms --------------------------------------------------------------------

const DRAFTS: readonly DocumentStatus[] = ['Ready', 'Upload', 'AddRcpt', 'SetPos'];

export async function updateDocument(
  deps: DocumentDeps,
  user: AuthUser,
  docuId: string,
  input: UpdateDocumentRequest,
): Promise<DocumentView> {
  const changes: { title?: string; privateinfoAgree?: boolean } = {};
  if (input.title !== undefined) changes.title = input.title;
  if (input.privateinfoAgree !== undefined) changes.privateinfoAgree = input.privateinfoAgree;
  // The name and the terms box are independent fields: a save of one must not fail because the
  // owner's other save (the name's blur save and the box's, sent together) moved the version. The
  // write stays conditional (a draft, the version read), and a conflict is read and written again.
  await withConflictRetry(async () => {
    const doc = await ownDocument(deps, user, docuId);
    if (!DRAFTS.includes(doc.status)) {
      throw new AppError('errors.invalidTransition', `A document in status ${doc.status} cannot be edited`, {
        status: 409,
      });
    }
    if (Object.keys(changes).length) await deps.docs.updateDocument(docuId, expected(doc), changes);
  });
  return view(deps, docuId);
}

// --- Send ---------------------------------------------------------------------------------------

/** The request message of one contractor, in the owner's chosen language. */
export function signRequestJob(input: {
  docuId: string;
  index: number;
  lang: Language;
  recipient: { name: string; contact: string; method: 'email' | 'phone' };
  ownerName: string;
  title: string;
  link: string;
}): NotifyJob {
  const locale = localeForPath(input.lang);
  const values = {
    name: input.recipient.name,
    owner: input.ownerName,
    title: messageTitle(input.title, locale),
    link: input.link,
    days: SIGNER_TOKEN_DAYS,
  };
  const idempotencyKey = `sign-request#${input.docuId}#${input.index}`;
  if (input.recipient.method === 'phone') {
    return {
      kind: 'sms',
      idempotencyKey,
      docuId: input.docuId,
      to: input.recipient.contact,
      text: smsText('signRequest.sms', values, locale, ['title', 'owner']),
    };
  }
  const text = translate('signRequest.body', values, locale);
  const html = `<p>${escapeHtml(translate('signRequest.greeting', values, locale))}</p>
<p>${escapeHtml(translate('signRequest.intro', values, locale))}</p>
<p><a href="${escapeHtml(input.link)}">${escapeHtml(translate('signRequest.button', values, locale))}</a></p>
<p>${escapeHtml(translate('signRequest.expiry', values, locale))}</p>`;
  return {
    kind: 'email',
    idempotencyKey,
    docuId: input.docuId,
    to: [input.recipient.contact],
    subject: translate('signRequest.subject', values, locale),
    text,
    html,
  };
}

export async function sendDocument(
  deps: DocumentDeps,
  user: AuthUser,
  docuId: string,
  input: { lang: Language },
  facts: RequestFacts,
  now = new Date(),
): Promise<DocumentView> {
  const doc = await ownDocument(deps, user, docuId);
  assertCan(doc, 'Agree');
  if (!doc.privateinfoAgree) {
    throw new AppError('documents.send.termsRequired', 'The terms must be accepted before sending', {
      status: 400,
    });
  }
  if (doc.kind !== 'vcontract' && !doc.fileKey) {
    // A failed re-upload removed the file: the funnel must upload again before sending.
    throw new AppError('errors.invalidTransition', 'The document has no checked file to send', {
      status: 409,
    });
  }
  // Checked before the limits count anything; consumed again (fresh) in the send's transaction.
  let consume = await senderEntitlement(deps, user.sub, now);
  const owner = await ownerActor(deps, user);
  const recipients = await deps.docs.listRecipients(docuId);
  if (recipients.length === 0) throw transitionError(new TransitionError(doc.status, 'Agree'));
  // The owner as a contractor signs now, with their default sign: without one there is nothing to
  // put in their areas (the SPA has the owner draw one first).
  const ownerContractors = recipients.filter((r) => r.isOwner);
  // A video contract has no sign areas: the owner's recorded terms are their agreement.
  const signs = doc.kind !== 'vcontract' && ownerContractors.length > 0;
  const ownerSign = signs ? await defaultSignOf(deps, user.sub) : null;
  if (signs && !ownerSign) {
    throw new AppError('ownerSigns.errors.noSignToSend', 'The owner is a contractor and has no sign', {
      status: 409,
    });
  }

  // Video Sign: the owner as a contractor has recorded in the funnel before sending; a video
  // contract's owner recorded its terms first.
  if (doc.kind !== 'esign' && ownerContractors.some((r) => !r.video)) {
    throw new AppError('video.errors.ownerVideoRequired', 'The owner is a contractor and has no video', {
      status: 409,
    });
  }

  // Every request counts against the owner's and each contact's limits, all or none: over a limit
  // nothing is sent and the document stays ready to send (429).
  const contractors = recipients.filter((x) => !x.isOwner);
  await enforceLimits(deps.limits, messageHits(user.sub, contractors));

  const links: { recipient: RecipientRecord; token: string; expiresAt: string }[] = [];
  const tokens: SignerTokenRecord[] = [];
  for (const r of contractors) {
    const { token, record } = issueSignerToken(docuId, r.index, now);
    links.push({ recipient: r, token, expiresAt: record.expiresAt });
    tokens.push(record);
  }
  const ownerRows: RecipientRecord[] = ownerContractors.map((r) => ({
    ...r,
    agreement: 1,
    ...(ownerSign ? { signImageKey: ownerSign.imageKey } : {}),
    decidedAt: now.toISOString(),
    decidedIp: facts.ip,
    decidedUserAgent: facts.userAgent,
    areas: (r.areas ?? []).map((a) => ({ ...a, signed: true, signId: ownerSign!.signId })),
  }));
  // Each contractor remembers the hash of its current token: a resent link revokes the older one.
  const contractorRows = links.map(({ recipient, token }) => ({
    ...recipient,
    tokenHash: hashSignerToken(token),
  }));
  // Two sends racing for the owner's last contract: the conditional write lets exactly one through;
  // the other reads the entitlements again and is refused (402) when none is left.
  for (let attempt = 1; ; attempt++) {
    try {
      await deps.docs.changeStatus(
        docuId,
        expected(doc),
        'Agree',
        { sentAt: now.toISOString(), lang: input.lang },
        { putRecipients: [...ownerRows, ...contractorRows], putTokens: tokens, consume },
      );
      break;
    } catch (err) {
      if (!(isAppError(err) && err.code === ENTITLEMENT_CONFLICT)) throw err;
      if (attempt >= 10) throw new AppError('errors.conflict', err.message, { status: 409 });
      await new Promise((r) => setTimeout(r, 5 + Math.floor(Math.random() * 20 * attempt)));
      consume = await senderEntitlement(deps, user.sub, now);
    }
  }

  for (const r of ownerRows)
    await addHistory(deps, doc, 'agree', { name: r.name, contact: r.contact }, facts);
  for (const { recipient, token, expiresAt } of links) {
    const link = await requestLink(deps, {
      lang: input.lang,
      docuId,
      token,
      method: recipient.method,
      expiresAt,
    });
    const job = signRequestJob({
      docuId,
      index: recipient.index,
      lang: input.lang,
      recipient,
      ownerName: owner.name,
      title: doc.title ?? '',
      link,
    });
    await deps.queue.enqueue('notify', job);
    // The owner sent it (their IP and browser); the contractor is whom it went to, by their channel.
    await addHistory(deps, doc, 'transfer', owner, facts, recipient);
  }

  if (links.length === 0) {
    // The owner is the only contractor: everyone has signed; exactly one seal job.
    assertCan({ ...doc, status: 'Agree' }, 'Generating');
    await deps.docs.changeStatus(docuId, { status: 'Agree', version: doc.version + 1 }, 'Generating');
    const last = ownerRows[ownerRows.length - 1]!;
    await addHistory(deps, doc, 'all_agree', { name: last.name, contact: last.contact }, facts);
    const job: SealJob = { docuId };
    await deps.queue.enqueue('seal', job);
  }
  return view(deps, docuId);
}
