// The signer flow without an account (issue #5): the signer link `/{lang}/outsign/{docuId}/{token}`
// is checked here (hash lookup, same document, not expired, the recipient's current token), then the
// signer views the document, uploads sign images to an account-less record, applies them to their
// own areas, and agrees, denies with a reason, or refuses the e-sign terms. Every write is conditional
// on the document's status and version: two signers agreeing at the same instant serialise, and only
// the one that sees everybody else agreed moves Agree → Generating and enqueues the one seal job.
import { pngRawSize } from '../core/png-size';
import { assertOriginalIntact } from './original';
import { recordHistory } from './history';
import { randomBytes } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import type {
  ApplySignsRequest,
  DenyRequest,
  SignerActionResponse,
  SignerView,
  UploadSignResponse,
} from '../../shared/api/schemas';
import { SIGN_IMAGE_LIMITS } from '../../shared/api/schemas';
import type { Language } from '../../shared/domain/constants';
import { maskContact } from '../../shared/domain/contact';
import { canTransition, type DocumentStatus, type HistoryAction } from '../../shared/domain/status';
import { validateDenyReason } from '../../shared/domain/validation';
import { localeForPath, translate } from '../../shared/i18n/server';
import type {
  DocumentRecord,
  RecipientRecord,
  SignerRepository,
  SignRecord,
} from '../adapters/dynamo/documents';
import { AppError } from '../core/errors';
import type { AuthUser } from '../core/http';
import type { NotifyJob, SealJob } from '../jobs';
import { FILE_URL_SECONDS, type DocumentDeps } from './document-access';
import type { RequestFacts } from './history';
import { hashSignerToken, issueSignerToken, requestLink, signRequestJob } from './signer-tokens';
import { enforceLimits, messageHits } from './limits';
import { messageTitle, smsText } from './messages';
import { withConflictRetry } from './retry';
import { issueConfirmTokens, partiesOf, resendConfirmRequest, sendConfirmRequests } from './video-confirm';
import { escapeHtml } from '../core/html';
import { presignVideo } from './video-playback';

export interface SigningDeps extends DocumentDeps {
  readonly signers: SignerRepository;
  /** Records the first time a contractor opened their link (once; later calls change nothing). */
  readonly markOpened?: (docuId: string, index: number, at: string) => Promise<void>;
}

/** Sign images: PNG, at least 50×20 and at most 1400×600 pixels, at most 1 MB (shared/api). */
export { SIGN_IMAGE_LIMITS };

// --- Pure helpers -------------------------------------------------------------------------------

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export type PngCheck = { ok: true; width: number; height: number } | { ok: false; reason: string };

/** Checks a sign image by its bytes: the PNG signature, an IHDR chunk first, and the size limits. */
export function checkSignPng(bytes: Uint8Array): PngCheck {
  if (bytes.length > SIGN_IMAGE_LIMITS.maxBytes) return { ok: false, reason: 'larger than 1 MB' };
  if (bytes.length < 33) return { ok: false, reason: 'too short to be a PNG' };
  for (let i = 0; i < PNG_SIGNATURE.length; i++) {
    if (bytes[i] !== PNG_SIGNATURE[i]) return { ok: false, reason: 'not a PNG (signature bytes)' };
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const chunkLength = view.getUint32(8);
  const chunkType = String.fromCharCode(bytes[12]!, bytes[13]!, bytes[14]!, bytes[15]!);
  if (chunkType !== 'IHDR' || chunkLength !== 13) return { ok: false, reason: 'no IHDR chunk' };
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  const L = SIGN_IMAGE_LIMITS;
  if (width < L.minWidth || height < L.minHeight)
    return { ok: false, reason: `too small (${width}×${height})` };
  if (width > L.maxWidth || height > L.maxHeight)
    return { ok: false, reason: `too large (${width}×${height})` };
  const data = pngImageData(bytes, view);
  if (typeof data === 'string') return { ok: false, reason: data };
  return { ok: true, width, height };
}

const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
/**
 * Checks the image data the header promises: chunks within the file up to IEND, a known colour type
 * and bit depth, and IDAT data that inflates to exactly the size of the image's rows. Inflating stops
 * at that size, so a small file that would inflate to gigabytes (here, or when the seal embeds it)
 * is refused at once. An error text, or null when the data is sound.
 */
function pngImageData(bytes: Uint8Array, view: DataView): string | null {
  const bitDepth = bytes[24]!;
  const colorType = bytes[25]!;
  const channels = PNG_CHANNELS[colorType];
  if (channels === undefined || ![1, 2, 4, 8, 16].includes(bitDepth)) return 'unknown colour type';
  const idat: Uint8Array[] = [];
  let offset = 8;
  let ended = false;
  while (offset + 12 <= bytes.length) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
    if (offset + 12 + length > bytes.length) return 'a chunk runs past the end';
    if (type === 'IDAT') idat.push(bytes.subarray(offset + 8, offset + 8 + length));
    offset += 12 + length;
    if (type === 'IEND') {
      ended = true;
      break;
    }
  }
  if (!ended || idat.length === 0) return 'incomplete (no image data or no end)';
  const expected = pngRawSize(view.getUint32(16), view.getUint32(20), channels * bitDepth, bytes[28] === 1);
  let raw: Buffer;
  try {
    raw = inflateSync(Buffer.concat(idat), { maxOutputLength: expected });
  } catch {
    return 'image data does not inflate to the image size';
  }
  return raw.length === expected ? null : 'image data does not match the image size';
}

/** The bytes of a base64 image, with or without a `data:image/png;base64,` prefix; null when malformed. */
export function decodeImageBase64(text: string): Uint8Array | null {
  const body = text.replace(/^data:image\/png;base64,/i, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(body) || body.length % 4 === 1) return null;
  return new Uint8Array(Buffer.from(body, 'base64'));
}

/** Areas numbered across the whole document (contractor order, then area order). */
export function numberAreas(recipients: readonly RecipientRecord[]) {
  let next = 0;
  return recipients.map((r) => ({
    recipient: r,
    areas: (r.areas ?? []).map((a, position) => ({ area: a, position, areaIndex: next++ })),
  }));
}

// --- The signer link ----------------------------------------------------------------------------

/** The one answer for every bad link: wrong, tampered, expired, revoked, or for another document. */
export function invalidLink(): AppError {
  return new AppError('signing.errors.invalidLink', 'This signing link is not valid', { status: 404 });
}

export interface SignerContext {
  readonly doc: DocumentRecord;
  readonly recipients: RecipientRecord[];
  readonly me: RecipientRecord;
}

/** The document, its contractors and the link holder of a valid signer link (else the one 404). */
export async function resolveSigner(
  deps: Pick<SigningDeps, 'docs'>,
  docuId: string,
  token: string,
  now = new Date(),
): Promise<SignerContext> {
  const tokenHash = hashSignerToken(token);
  const record = await deps.docs.getToken(tokenHash);
  if (!record || record.docuId !== docuId || Date.parse(record.expiresAt) <= now.getTime()) {
    throw invalidLink();
  }
  const doc = await deps.docs.getDocument(docuId);
  if (!doc) throw invalidLink();
  const recipients = await deps.docs.listRecipients(docuId);
  // A video confirmation link (issue #15) is never a signer link.
  if (record.purpose !== undefined) throw invalidLink();
  const me = recipients.find((r) => r.index === record.recipientIndex);
  // The e-mailed link's token, or the one issued to the contractor's account (Continue, issue #7).
  const current =
    me && (me.tokenHash === undefined || me.tokenHash === tokenHash || me.accountTokenHash === tokenHash);
  if (!me || me.isOwner || !current) throw invalidLink();
  return { doc, recipients, me };
}

function agreementOf(r: RecipientRecord): 0 | 1 | 2 {
  return r.agreement === 1 || r.agreement === 2 ? r.agreement : 0;
}

/** 409 unless the signer may still act: the document waits for agreements and this one is pending. */
function assertPending(ctx: SignerContext): void {
  const mine = agreementOf(ctx.me);
  if (mine === 1) {
    throw new AppError('signing.alreadyAgreed', 'You have already agreed to this contract', { status: 409 });
  }
  if (mine === 2) {
    throw new AppError('signing.alreadyDenied', 'You have already denied this contract', { status: 409 });
  }
  if (ctx.doc.status !== 'Agree') {
    throw new AppError('errors.invalidTransition', `The document is ${ctx.doc.status}: no signing action`, {
      status: 409,
    });
  }
}

function addHistory(
  deps: SigningDeps,
  doc: DocumentRecord,
  action: HistoryAction,
  actor: { name: string; contact: string },
  facts: RequestFacts,
  reason?: string,
): Promise<void> {
  return recordHistory(deps.docs, doc, action, actor, facts, reason);
}

// --- View ---------------------------------------------------------------------------------------

async function savedSigns(deps: SigningDeps, me: RecipientRecord): Promise<SignRecord[]> {
  const outer = await deps.signers.getOuterUser(me.contact, me.name);
  return outer ? deps.signers.listSigns('outer', outer.outerUserId) : [];
}

async function buildView(deps: SigningDeps, ctx: SignerContext): Promise<SignerView> {
  const { doc, recipients, me } = ctx;
  const owner = await deps.users.getById(doc.ownerId);
  // What the signer reads must be what was accepted at upload (issue #13).
  await assertOriginalIntact(deps.storage, doc);
  const fileUrl = doc.fileKey
    ? await deps.storage.presignDownload(doc.fileKey, { expiresSeconds: FILE_URL_SECONDS })
    : null;
  const [signs, ownerVideo] = await Promise.all([savedSigns(deps, me), ownerVideoOf(deps, doc, recipients)]);
  return {
    docuId: doc.docuId,
    id4: doc.id4,
    kind: doc.kind,
    title: doc.title ?? '',
    status: doc.status,
    pages: (doc.pages ?? []).map((p) => ({ width: p.width, height: p.height })),
    fileUrl,
    ownerName: owner?.name ?? '',
    recipients: numberAreas(recipients).map(({ recipient: r, areas }) => {
      const mine = r.index === me.index;
      return {
        index: r.index,
        name: r.name,
        contactMasked: maskContact(r.contact),
        method: r.method,
        agreement: agreementOf(r),
        mine,
        areas: areas.map(({ area, areaIndex }) => ({
          areaIndex,
          pageIndex: area.pageIndex,
          x: area.x,
          y: area.y,
          width: area.width,
          height: area.height,
          signed: area.signed,
          signId: mine ? (area.signId ?? null) : null,
        })),
      };
    }),
    me: {
      index: me.index,
      // A video contract's owner is party 0: its first contractor is row 1.
      ordinal: doc.kind === 'vcontract' ? Math.max(1, me.index) : me.index + 1,
      name: me.name,
      contactMasked: maskContact(me.contact),
      agreement: agreementOf(me),
      video: me.video
        ? {
            contentType: me.video.contentType,
            sizeBytes: me.video.sizeBytes,
            recordedAt: me.video.recordedAt,
          }
        : null,
    },
    signs: await Promise.all(
      signs.map(async (s) => ({
        signId: s.signId,
        url: await deps.storage.presignDownload(s.imageKey, { expiresSeconds: FILE_URL_SECONDS }),
        createdAt: s.createdAt,
      })),
    ),
    ownerVideo,
  };
}

/** A video contract's terms as its owner recorded them, for each contractor to watch before recording
 *  their own agreement (issue #16): short-lived URLs of the video and its still. */
async function ownerVideoOf(
  deps: SigningDeps,
  doc: DocumentRecord,
  recipients: readonly RecipientRecord[],
): Promise<SignerView['ownerVideo']> {
  const owner = doc.kind === 'vcontract' ? recipients.find((r) => r.isOwner) : undefined;
  const video = owner?.video;
  if (!owner || !video) return null;
  return {
    name: owner.name,
    ...(await presignVideo(
      deps.storage,
      { docuId: doc.docuId, index: owner.index },
      video,
      FILE_URL_SECONDS,
    )),
    contentType: video.contentType,
    durationSeconds: video.durationSeconds ?? null,
    recordedAt: video.recordedAt,
  };
}

export async function getSignerView(deps: SigningDeps, docuId: string, token: string): Promise<SignerView> {
  const ctx = await resolveSigner(deps, docuId, token);
  if (!ctx.me.openedAt && deps.markOpened) {
    // When the contractor first opened the document: shown on the audit pages (issue #6).
    await deps.markOpened(docuId, ctx.me.index, new Date().toISOString());
  }
  return buildView(deps, ctx);
}

// --- Signs --------------------------------------------------------------------------------------

function badSignImage(reason: string): AppError {
  return new AppError('signing.errors.badSignImage', `The sign image is refused: ${reason}`, {
    status: 400,
    details: { ...SIGN_IMAGE_LIMITS },
  });
}

export async function uploadSign(
  deps: SigningDeps,
  docuId: string,
  token: string,
  input: { image: string },
  now = new Date(),
): Promise<UploadSignResponse> {
  const ctx = await resolveSigner(deps, docuId, token);
  assertPending(ctx);
  const bytes = decodeImageBase64(input.image);
  if (!bytes) throw badSignImage('not base64');
  const png = checkSignPng(bytes);
  if (!png.ok) throw badSignImage(png.reason);
  // A capped number of images per link (and per contractor an hour): nothing stored over the cap.
  await enforceLimits(deps.limits, [
    { rule: 'signImagesPerLink', key: hashSignerToken(token) },
    { rule: 'signImagesPerSigner', key: ctx.me.contact },
  ]);
  const outer = await deps.signers.findOrCreateOuterUser({
    contact: ctx.me.contact,
    name: ctx.me.name,
    outerUserId: randomBytes(16).toString('hex'),
    method: ctx.me.method,
    createdAt: now.toISOString(),
  });
  const signId = randomBytes(12).toString('hex');
  const imageKey = `signs/outer/${outer.outerUserId}/${signId}.png`;
  await deps.storage.put(imageKey, bytes, 'image/png');
  await deps.signers.putSign({
    ownerKind: 'outer',
    ownerId: outer.outerUserId,
    signId,
    kind: 'draw',
    imageKey,
    width: png.width,
    height: png.height,
    createdAt: now.toISOString(),
  });
  const url = await deps.storage.presignDownload(imageKey, { expiresSeconds: FILE_URL_SECONDS });
  return { signId, url };
}

export async function applySigns(
  deps: SigningDeps,
  docuId: string,
  token: string,
  input: ApplySignsRequest,
): Promise<SignerView> {
  await withConflictRetry(async () => {
    const ctx = await resolveSigner(deps, docuId, token);
    assertPending(ctx);
    const numbered = numberAreas(ctx.recipients);
    const mine = numbered.find((n) => n.recipient.index === ctx.me.index)!;
    const known = new Set((await savedSigns(deps, ctx.me)).map((s) => s.signId));
    const areas = (ctx.me.areas ?? []).map((a) => ({ ...a }));
    for (const { areaIndex, signId } of input.signs) {
      const own = mine.areas.find((a) => a.areaIndex === areaIndex);
      if (!own) {
        throw new AppError('signing.errors.notYourArea', `Area ${areaIndex} is not one of your areas`, {
          status: 400,
          details: { areaIndex },
        });
      }
      if (!known.has(signId)) {
        throw new AppError('signing.errors.unknownSign', `Sign ${signId} is not one of your signs`, {
          status: 400,
          details: { signId },
        });
      }
      areas[own.position] = { ...areas[own.position]!, signed: true, signId };
    }
    await deps.docs.changeStatus(
      docuId,
      { status: ctx.doc.status, version: ctx.doc.version },
      ctx.doc.status,
      {},
      { putRecipients: [{ ...ctx.me, areas }] },
    );
  });
  return getSignerView(deps, docuId, token);
}

// --- Decisions ----------------------------------------------------------------------------------

/** Where a document goes when its last contractor agrees: video signing waits for confirmations. */
export function afterAllAgreed(doc: Pick<DocumentRecord, 'kind'>): DocumentStatus {
  return doc.kind === 'vsign' ? 'NeedVConfirm' : 'Generating';
}

function decision(me: RecipientRecord, agreement: 1 | 2, facts: RequestFacts, reason?: string) {
  return {
    ...me,
    agreement,
    decidedAt: new Date().toISOString(),
    decidedIp: facts.ip,
    decidedUserAgent: facts.userAgent,
    ...(reason === undefined ? {} : { denyReason: reason }),
  };
}

export async function agree(
  deps: SigningDeps,
  docuId: string,
  token: string,
  input: { lang: Language },
  facts: RequestFacts,
): Promise<SignerActionResponse> {
  void input;
  const outcome = await withConflictRetry(async () => {
    const ctx = await resolveSigner(deps, docuId, token);
    assertPending(ctx);
    const unsigned = (ctx.me.areas ?? []).filter((a) => !a.signed).length;
    if (unsigned > 0) {
      throw new AppError('signing.errors.unsignedAreas', `${unsigned} of your areas are not signed`, {
        status: 400,
        details: { unsigned },
      });
    }
    if (ctx.doc.kind !== 'esign' && !ctx.me.video) {
      // Video sign (issue #15) and video contract (#16): the agreement video comes first; once agreed
      // it never changes.
      throw new AppError('video.errors.required', 'Record the agreement video before agreeing', {
        status: 409,
      });
    }
    const othersPending = ctx.recipients.some((r) => r.index !== ctx.me.index && agreementOf(r) !== 1);
    const to: DocumentStatus = othersPending ? 'Agree' : afterAllAgreed(ctx.doc);
    if (to !== 'Agree' && !canTransition(ctx.doc.status, to, ctx.doc.kind)) {
      throw new AppError('errors.invalidTransition', `Cannot go from ${ctx.doc.status} to ${to}`, {
        status: 409,
      });
    }
    // The document's status and version are the guard: of two signers finishing together, one
    // commits first and the other's condition fails, so it reads again and sees the first's agreement.
    // Video sign: every party's confirmation link is stored with the transition (issue #15).
    const confirmLinks =
      to === 'NeedVConfirm'
        ? issueConfirmTokens(docuId, await partiesOf(deps, ctx.doc, ctx.recipients), new Date())
        : [];
    await deps.docs.changeStatus(
      docuId,
      { status: ctx.doc.status, version: ctx.doc.version },
      to,
      {},
      { putRecipients: [decision(ctx.me, 1, facts)], putTokens: confirmLinks.map((l) => l.record) },
    );
    return { ctx, to, confirmLinks };
  });
  const { ctx, to, confirmLinks } = outcome;
  await addHistory(deps, ctx.doc, 'agree', ctx.me, facts);
  if (to !== 'Agree') {
    await addHistory(deps, ctx.doc, 'all_agree', ctx.me, facts);
    if (to === 'NeedVConfirm') await sendConfirmRequests(deps, ctx.doc, confirmLinks, facts);
    if (to === 'Generating') {
      const job: SealJob = { docuId };
      await deps.queue.enqueue('seal', job);
    }
  }
  return { status: to, agreement: 1 };
}

async function refuse(
  deps: SigningDeps,
  docuId: string,
  token: string,
  kind: 'deny' | 'terms',
  facts: RequestFacts,
  reason?: string,
): Promise<SignerActionResponse> {
  const to: DocumentStatus = kind === 'deny' ? 'Reject' : 'Reject_legal';
  const ctx = await withConflictRetry(async () => {
    const c = await resolveSigner(deps, docuId, token);
    assertPending(c);
    if (!canTransition(c.doc.status, to, c.doc.kind)) {
      throw new AppError('errors.invalidTransition', `Cannot go from ${c.doc.status} to ${to}`, {
        status: 409,
      });
    }
    await deps.docs.changeStatus(
      docuId,
      { status: c.doc.status, version: c.doc.version },
      to,
      {},
      { putRecipients: [decision(c.me, 2, facts, reason)] },
    );
    return c;
  });
  await addHistory(deps, ctx.doc, kind === 'deny' ? 'reject' : 'reject_legal', ctx.me, facts, reason);
  for (const job of await refusalNotices(deps, ctx, kind, reason)) await deps.queue.enqueue('notify', job);
  return { status: to, agreement: 2 };
}

/** A denial's reason, checked (spec: not blank, at most the limit): 400 with its message otherwise. */
export function denyReason(input: string): string {
  const checked = validateDenyReason(input);
  if (!checked.ok) {
    throw new AppError(checked.error, 'The reason is refused', {
      status: 400,
      details: { ...(checked.values ?? {}) },
    });
  }
  return checked.reason;
}

export async function deny(
  deps: SigningDeps,
  docuId: string,
  token: string,
  input: DenyRequest,
  facts: RequestFacts,
): Promise<SignerActionResponse> {
  const reason = denyReason(input.reason);
  return refuse(deps, docuId, token, 'deny', facts, reason);
}

export async function rejectTerms(
  deps: SigningDeps,
  docuId: string,
  token: string,
  input: { lang: Language },
  facts: RequestFacts,
): Promise<SignerActionResponse> {
  void input;
  return refuse(deps, docuId, token, 'terms', facts);
}

// --- Notices --------------------------------------------------------------------------------------

function isLanguage(value: unknown): value is Language {
  return value === 'en' || value === 'jp' || value === 'ko';
}

/** The notices of a refusal: a denial, a terms-denial, or a denial of the videos (issue #15). */
export type RefusalKind = 'deny' | 'terms' | 'vconfirm';
const REFUSAL_PREFIX = {
  deny: 'denialNotice',
  terms: 'termsDenialNotice',
  vconfirm: 'videoDenialNotice',
} as const;

/** A denial (or terms-denial) notice to one participant, in the language the owner chose at send. */
export function refusalNoticeJob(input: {
  docuId: string;
  kind: RefusalKind;
  lang: Language;
  to: { name: string; contact: string; method: 'email' | 'phone' };
  signerName: string;
  title: string;
  reason?: string;
  /** The notice to the contractor who refused: their own copy, in the second person. */
  self?: boolean;
}): NotifyJob {
  const locale = localeForPath(input.lang);
  const prefix = REFUSAL_PREFIX[input.kind];
  // Subject, intro, body and SMS of the refuser's own copy are under `${prefix}.self`.
  const own = (part: 'subject' | 'intro' | 'sms') =>
    input.self ? `${prefix}.self.${part}` : `${prefix}.${part}`;
  // A denial of the videos shares the denial's greeting and closing, and composes its text from them.
  const base = input.kind === 'terms' ? 'termsDenialNotice' : 'denialNotice';
  const values = {
    name: input.to.name,
    signer: input.signerName,
    title: messageTitle(input.title, locale),
    reason: input.reason ?? '',
  };
  const idempotencyKey = `${prefix}#${input.docuId}#${input.to.contact}`;
  if (input.to.method === 'phone') {
    return {
      kind: 'sms',
      idempotencyKey,
      to: input.to.contact,
      text: smsText(own('sms'), values, locale, ['reason', 'title', 'signer', 'name']),
    };
  }
  const reasonHtml =
    input.kind !== 'terms'
      ? `<p>${escapeHtml(translate('denialNotice.reasonLabel', values, locale))}</p>
<blockquote>${escapeHtml(values.reason)}</blockquote>\n`
      : '';
  const greeting = translate(`${base}.greeting`, values, locale);
  const intro = translate(own('intro'), values, locale);
  const closing = translate(`${base}.closing`, values, locale);
  const html = `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
${reasonHtml}<p>${escapeHtml(closing)}</p>`;
  const reasonLabel = translate('denialNotice.reasonLabel', values, locale);
  const text =
    input.kind === 'vconfirm'
      ? `${greeting}\n\n${intro}\n\n${reasonLabel}\n${values.reason}\n\n${closing}\n\nSignSeal`
      : translate(
          input.self ? `${REFUSAL_PREFIX[input.kind]}.self.body` : `${REFUSAL_PREFIX[input.kind]}.body`,
          values,
          locale,
        );
  return {
    kind: 'email',
    idempotencyKey,
    to: [input.to.contact],
    subject: translate(own('subject'), values, locale),
    text,
    html,
  };
}

export async function refusalNotices(
  deps: SigningDeps,
  ctx: SignerContext,
  kind: RefusalKind,
  reason?: string,
): Promise<NotifyJob[]> {
  const lang = isLanguage(ctx.doc.lang) ? ctx.doc.lang : 'en';
  const owner = await deps.users.getById(ctx.doc.ownerId);
  // Every participant (spec doc 1 §4), the refusing contractor included: the owner (by e-mail), then
  // each contractor by their own channel (e-mail or SMS), each address once.
  const people: { name: string; contact: string; method: 'email' | 'phone'; self: boolean }[] = [];
  if (owner?.email && !owner.closed) {
    people.push({ name: owner.name, contact: owner.email.toLowerCase(), method: 'email', self: false });
  }
  for (const r of ctx.recipients) {
    if (r.isOwner) continue;
    if (people.some((p) => p.contact === r.contact)) continue;
    people.push({ name: r.name, contact: r.contact, method: r.method, self: r.index === ctx.me.index });
  }
  return people.map(({ self, ...to }) =>
    refusalNoticeJob({
      docuId: ctx.doc.docuId,
      kind,
      lang,
      to,
      signerName: ctx.me.name,
      title: ctx.doc.title ?? '',
      ...(reason === undefined ? {} : { reason }),
      self,
    }),
  );
}

// --- Owner: resend ------------------------------------------------------------------------------

export async function resendRequest(
  deps: SigningDeps,
  user: AuthUser,
  docuId: string,
  index: number,
  facts: RequestFacts,
  now = new Date(),
): Promise<{ resent: true; index: number }> {
  // Video Sign waiting for confirmations (issue #15): Resend sends the confirmation link again.
  const current = await deps.docs.getDocument(docuId);
  if (current?.ownerId === user.sub && current.status === 'NeedVConfirm') {
    return resendConfirmRequest(deps, user, docuId, index, facts, now);
  }
  // Recipient indexes are fixed once sent, so the new token's record is the same for every attempt.
  const { token, record } = issueSignerToken(docuId, index, now);
  let counted = false;
  const { doc, recipient } = await withConflictRetry(async () => {
    const { doc: d, recipient: r } = await ownedContractor(deps, user, docuId, index);
    if (d.status !== 'Agree' || agreementOf(r) !== 0) {
      throw new AppError('errors.invalidTransition', 'Only a pending contractor of a sent document', {
        status: 409,
      });
    }
    if (!counted) {
      // Once, before the new link is stored or sent (429 over a limit: the old link stays valid).
      await countResend(deps, user, r);
      counted = true;
    }
    await deps.docs.changeStatus(
      docuId,
      { status: d.status, version: d.version },
      d.status,
      {},
      {
        putRecipients: [{ ...r, tokenHash: record.tokenHash }],
        putTokens: [record],
        deleteTokens: r.tokenHash ? [r.tokenHash] : [],
      },
    );
    return { doc: d, recipient: r };
  });
  const lang = isLanguage(doc.lang) ? doc.lang : 'en';
  const owner = await deps.users.getById(user.sub);
  const link = await requestLink(deps, {
    lang,
    docuId,
    token,
    method: recipient.method,
    expiresAt: record.expiresAt,
  });
  const job = signRequestJob({
    docuId,
    index,
    lang,
    recipient,
    ownerName: owner?.name || user.name,
    title: doc.title ?? '',
    link,
  });
  await deps.queue.enqueue('notify', {
    ...job,
    idempotencyKey: `${job.idempotencyKey}#${record.tokenHash.slice(0, 16)}`,
  });
  const ownerActor = { name: owner?.name || user.name, contact: owner?.email || user.email };
  await recordHistory(deps.docs, doc, 'transfer', ownerActor, facts, undefined, recipient);
  return { resent: true, index };
}

/** The owner's document and its contractor `index`, for a resend (not the owner's: 404, as is the
 *  owner's own row). */
export async function ownedContractor(
  deps: Pick<SigningDeps, 'docs'>,
  user: AuthUser,
  docuId: string,
  index: number,
): Promise<{ doc: DocumentRecord; recipient: RecipientRecord }> {
  const doc = await deps.docs.getDocument(docuId);
  if (!doc || doc.ownerId !== user.sub) {
    throw new AppError('errors.notFound', `Document ${docuId} not found`, { status: 404 });
  }
  const recipient = (await deps.docs.listRecipients(docuId)).find((x) => x.index === index);
  if (!recipient || recipient.isOwner) {
    throw new AppError('errors.notFound', `Contractor ${index} not found`, { status: 404 });
  }
  return { doc, recipient };
}

/** Counts a resend to `r` against the owner's and the recipient's limits (429 over one). */
export function countResend(
  deps: Pick<SigningDeps, 'limits'>,
  user: AuthUser,
  r: RecipientRecord,
): Promise<void> {
  return enforceLimits(deps.limits, [
    ...messageHits(user.sub, [r]),
    { rule: 'resendsPerRecipient', key: r.contact },
    { rule: 'resendInterval', key: r.contact },
  ]);
}
