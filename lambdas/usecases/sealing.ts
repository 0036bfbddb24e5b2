// The seal job (issue #6): when every contractor agreed, the document is in Generating and one
// `seal` message is queued. The job stamps each contractor's sign into their areas, appends the audit
// pages, signs the PDF (CMS, ETSI.CAdES.detached), stores it under a key of its own attempt, and moves
// the document Generating → Completed in one conditional transaction (with the hash → document record
// and the sweep marker). Then it queues the anchor job and the completion e-mails.
//
// Idempotency: a duplicated or retried message finds the document Completed and only re-queues the
// follow-ups (the notify job's idempotency keys make each e-mail go once); two workers sealing at the
// same instant both write their own object, one wins the transaction, the other deletes its object.
// The original upload is never changed, so a document can always be sealed again from scratch.
//
// A video contract (issue #16) has no original: the seal generates its contract record (each party's
// video with its still, hash, challenge code and a QR code to its verify page), then the same audit
// pages, signature and follow-ups. Its owner is recipient 0 (the requester, with a video of their own).
//
// The audit pages' and the contract record's data are computed in ./seal-audit.ts.
import { assertVideosIntact } from './video-playback';
import { assertOriginalBytes } from './original';
import { randomBytes } from 'node:crypto';
import type { Language } from '../../shared/domain/constants';
import { localeForPath } from '../../shared/i18n/server';
import type {
  DocumentRecord,
  DocumentRepository,
  HistoryRecord,
  RecipientRecord,
  SignerRepository,
} from '../adapters/dynamo/documents';
import type { UserRecord } from '../adapters/dynamo/repository';
import type { SealRepository } from '../adapters/dynamo/sealing';
import type { TimestampFacts } from '../sealing/pades';
import { AppError } from '../core/errors';
import { SealError } from '../sealing/errors';
import type { Logger } from '../core/logger';
import type { AnchorJob, NotifyJob, SealJob } from '../jobs';
import type { JobQueue, ObjectStorage } from '../ports';
import type {
  SealInput,
  SealResult,
  SealingKey,
  ServiceSigner,
  Stamp,
  TrustServices,
} from '../sealing/types';
import { recordHistory } from './history';
import { createShortLink } from './short-links';
import type { ShortLinkStore } from '../adapters/dynamo/short-links';
import { documentFileName, messageTitle, paragraphMessage } from './messages';
import { type MailBrand, withMailBrand } from './brand-mail';
import { documentBrand } from './brand-account';
import { gatherAttachments, sealFields } from './seal-fields';
import {
  appliedSignAreas,
  buildAudit,
  buildRecord,
  languageOf,
  verifyUrlFor,
  videoMarksFor,
  videoSigners,
} from './seal-audit';
import { emitWebhookEvent } from './webhook-events';

/** A completion message with the brand the contract was sent under (issue #29 item 2). */
function brandedParagraphs(
  doc: { brand?: MailBrand | null },
  appUrl: string,
  input: Parameters<typeof paragraphMessage>[0],
): NotifyJob {
  return withMailBrand(paragraphMessage(input), doc.brand, appUrl);
}

export interface SealDeps {
  readonly docs: Pick<DocumentRepository, 'getDocument' | 'listRecipients' | 'listHistory' | 'addHistory'>;
  readonly signers: Pick<SignerRepository, 'listSigns' | 'getOuterUser'>;
  readonly seals: SealRepository;
  readonly users: { getById(userId: string): Promise<UserRecord | null> };
  readonly storage: ObjectStorage;
  readonly queue: JobQueue;
  /** The service's signing identity: a PKCS#12 bundle (.local/ locally) or a KMS key (deployed). */
  readonly serviceSigner: () => Promise<ServiceSigner | SealingKey>;
  /** The timestamp authorities and OCSP responders (issue #30): every sealed PDF is PAdES B-LTA. */
  readonly trust: () => TrustServices;
  /** Reads a token's time, authority and serial (lambdas/sealing/pades.ts, through droppable/). */
  readonly timestampFacts: (token: Uint8Array) => TimestampFacts;
  /** Renew the archive timestamp this many days before its certificate expires (default 90; at most
   *  half its lifetime, so a short-lived authority certificate is renewed halfway). */
  readonly renewBeforeDays?: number;
  readonly sealPdf: (input: SealInput) => Promise<SealResult>;
  /** Public base URL of the SPA (verification links). */
  readonly appUrl: string;
  /** Short links for SMS (issue #14): a completion SMS links to a fresh download, not a raw URL. */
  readonly shortLinks?: ShortLinkStore;
  readonly now?: () => Date;
}

/** E-mails carry the final PDF up to this size; a larger file is linked (SES limits a message). */
export const MAX_ATTACHMENT_BYTES = 7_000_000;
/** Download links in completion messages (S3 presigned URLs last at most 7 days). */
export const COMPLETION_LINK_SECONDS = 7 * 24 * 3600;
/** The completion SMS's short link opens the final PDF for this many days. */
export const COMPLETION_SHORT_LINK_DAYS = 30;

export function finalKeyFor(docuId: string, attempt: string): string {
  return `documents/${docuId}/final-${attempt}.pdf`;
}

/** Each video's still, read in parallel; one missing or unreadable is left out (a placeholder box). */
async function gatherThumbnails(
  deps: SealDeps,
  recipients: readonly RecipientRecord[],
  log: Logger,
): Promise<Map<number, Uint8Array>> {
  const stills = await Promise.all(
    videoSigners(recipients).map(async (r) => {
      const key = r.video.thumbnailKey;
      if (!key) return null;
      try {
        return [r.index, await deps.storage.getBytes(key)] as const;
      } catch (err) {
        log.warn('video still missing; the record shows a placeholder', { key, err });
        return null;
      }
    }),
  );
  return new Map(stills.filter((s) => s !== null));
}

/** Every area of every contractor with the PNG of the sign applied to it. A sign missing from the
 *  table or from storage is an error (the job retries, then goes to the dead-letter queue). */
async function gatherStamps(
  deps: SealDeps,
  doc: DocumentRecord,
  recipients: readonly RecipientRecord[],
): Promise<Stamp[]> {
  const images = new Map<string, Promise<Uint8Array>>();
  const stamps: Stamp[] = [];
  for (const r of recipients) {
    const areas = appliedSignAreas(r);
    if (areas.length === 0) continue;
    const outerUserId = r.outerUserId ?? (await deps.signers.getOuterUser(r.contact, r.name))?.outerUserId;
    const signs = [
      ...(outerUserId ? await deps.signers.listSigns('outer', outerUserId) : []),
      ...(r.isOwner ? await deps.signers.listSigns('user', doc.ownerId) : []),
    ];
    for (const area of areas) {
      const found = signs.find((s) => s.signId === area.signId);
      // The owner signs at sending with their default sign, recorded on their recipient.
      const sign = found ?? (r.signImageKey ? { imageKey: r.signImageKey } : undefined);
      if (!sign) {
        throw new AppError('errors.unavailable', `Sign of contractor ${r.index + 1} is missing`, {
          status: 500,
          details: { docuId: doc.docuId, recipient: r.index },
        });
      }
      let image = images.get(sign.imageKey);
      if (!image) {
        image = deps.storage.getBytes(sign.imageKey);
        images.set(sign.imageKey, image);
      }
      stamps.push({
        pageIndex: area.pageIndex,
        x: area.x,
        y: area.y,
        width: area.width,
        height: area.height,
        png: await image,
      });
    }
  }
  return stamps;
}

export interface CompletionTarget {
  readonly contact: string;
  readonly method: 'email' | 'phone';
  readonly name: string;
  readonly lang: Language;
}

/** Addresses that receive the completion message: every contractor, the owner, the final copies. */
export function completionTargets(
  doc: DocumentRecord,
  owner: UserRecord | null,
  recipients: readonly RecipientRecord[],
): CompletionTarget[] {
  const docLang = languageOf(doc);
  const seen = new Set<string>();
  const out: CompletionTarget[] = [];
  const add = (contact: string, method: 'email' | 'phone', name: string, lang: Language) => {
    const key = contact.toLowerCase();
    if (!contact || seen.has(key)) return;
    seen.add(key);
    out.push({ contact, method, name, lang });
  };
  if (owner && !owner.closed) add(owner.email, 'email', owner.name, docLang);
  for (const r of recipients) {
    const lang = r.lang === 'jp' || r.lang === 'ko' || r.lang === 'en' ? r.lang : docLang;
    add(r.contact, r.method, r.name, lang);
  }
  for (const address of doc.finalRecipients ?? []) add(address, 'email', '', docLang);
  return out;
}

async function completionJobs(
  deps: SealDeps,
  doc: DocumentRecord,
  owner: UserRecord | null,
  recipients: readonly RecipientRecord[],
): Promise<NotifyJob[]> {
  if (!doc.finalKey || !doc.finalSha256) return [];
  const attach = (doc.finalSizeBytes ?? Infinity) <= MAX_ATTACHMENT_BYTES;
  const link = await deps.storage.presignDownload(doc.finalKey, {
    expiresSeconds: COMPLETION_LINK_SECONDS,
    filename: documentFileName(doc, true),
  });
  const jobs: NotifyJob[] = [];
  const targets = completionTargets(doc, owner, recipients);
  // By SMS: one short link to the final PDF, which signs a fresh 10-minute download at each opening.
  const smsLink =
    deps.shortLinks && targets.some((t) => t.method === 'phone')
      ? await createShortLink(
          { shortLinks: deps.shortLinks, appUrl: deps.appUrl },
          { kind: 'final', docuId: doc.docuId },
          new Date(Date.now() + COMPLETION_SHORT_LINK_DAYS * 24 * 3600 * 1000),
        )
      : link;
  for (const target of targets) {
    const locale = localeForPath(target.lang);
    const values = {
      name: target.name || target.contact,
      title: messageTitle(doc.title, locale),
      number: doc.id4.toUpperCase(),
      hash: doc.finalSha256,
      link: target.method === 'phone' ? smsLink : link,
      verify: verifyUrlFor(deps.appUrl, target.lang, doc.docuId),
    };
    jobs.push(
      brandedParagraphs(doc, deps.appUrl, {
        idempotencyKey: `completion#${doc.docuId}#${target.contact.toLowerCase()}`,
        docuId: doc.docuId,
        to: target,
        locale,
        // A video contract's record is not a signed document: its own wording (issue #16).
        prefix: doc.kind === 'vcontract' ? 'sealing.completion.vcontract' : 'sealing.completion',
        paragraphs: ['greeting', 'intro', attach ? 'attached' : 'linked', 'hash', 'verify'],
        values,
        ...(attach
          ? {
              attachments: [
                {
                  filename: documentFileName(doc, true),
                  contentType: 'application/pdf',
                  key: doc.finalKey,
                },
              ],
            }
          : {}),
      }),
    );
  }
  return jobs;
}

/** After the seal: the anchor job, the completion messages, and 'transfer_completion' once. */
async function followUps(
  deps: SealDeps,
  doc: DocumentRecord,
  log: Logger,
  /** What the seal itself just read, so the follow-ups do not read it again. */
  loaded?: { owner: UserRecord | null; recipients: RecipientRecord[]; history: HistoryRecord[] },
): Promise<void> {
  const [owner, recipients, history] = loaded
    ? [loaded.owner, loaded.recipients, loaded.history]
    : await Promise.all([
        deps.users.getById(doc.ownerId),
        deps.docs.listRecipients(doc.docuId),
        deps.docs.listHistory(doc.docuId),
      ]);
  if (!doc.anchorTokenId && doc.finalSha256) {
    const anchor: AnchorJob = { docuId: doc.docuId, hash: doc.finalSha256 };
    await deps.queue.enqueue('anchor', anchor);
  }
  // Webhooks (issue #31): here, so a retried seal job that finds the document sealed emits it again
  // (the same id: the same fact).
  if (doc.finalSha256) {
    await emitWebhookEvent(doc.ownerId, 'document.completed', {
      docuId: doc.docuId,
      sha256: doc.finalSha256,
    });
  }
  const jobs = await completionJobs(deps, doc, owner, recipients);
  for (const job of jobs) await deps.queue.enqueue('notify', job);
  if (!history.some((h) => h.action === 'transfer_completion')) {
    await recordHistory(
      deps.docs,
      doc,
      'transfer_completion',
      { name: 'SignSeal', contact: '' },
      { ip: '', userAgent: 'seal worker' },
      undefined,
      undefined,
      // Two workers may both get here (the one that sealed, and one that found it sealed): keyed by
      // the completion's time, their two writes are one item.
      { at: doc.completedAt ?? new Date().toISOString() },
    );
  }
  log.info('completion follow-ups queued', { docuId: doc.docuId, messages: jobs.length });
}

export type SealOutcome = 'sealed' | 'already-sealed' | 'skipped';

/**
 * Timestamps every agreement video's SHA-256 (issue #30 item 4) and records the token on its
 * contractor, once: a retried seal finds the token recorded and uses it, so the audit pages of every
 * attempt list the same token. A failing authority fails the seal job like the document's own
 * timestamp does (it is retried).
 */
async function timestampVideos(
  deps: SealDeps,
  docuId: string,
  recipients: readonly RecipientRecord[],
  log: Logger,
): Promise<RecipientRecord[]> {
  const missing = videoSigners(recipients).filter((r) => r.videoTimestamp?.sha256 !== r.video.sha256);
  if (missing.length === 0) return [...recipients];
  const trust = deps.trust();
  const recorded = new Map<number, NonNullable<RecipientRecord['videoTimestamp']>>();
  let lostRace = false;
  await Promise.all(
    missing.map(async (r) => {
      const token = await trust.timestamp(Buffer.from(r.video.sha256, 'hex'));
      const facts = deps.timestampFacts(token);
      const stamp = {
        sha256: r.video.sha256,
        token: Buffer.from(token).toString('base64'),
        genTime: facts.genTime.toISOString(),
        authority: facts.authority,
        serialHex: facts.serialHex,
      };
      if (await deps.seals.recordVideoTimestamp(docuId, r.index, stamp)) {
        recorded.set(r.index, stamp);
      } else {
        lostRace = true;
        log.info('a video timestamp was recorded by another attempt', { docuId, recipientIndex: r.index });
      }
    }),
  ).catch((error: unknown) => {
    if (error instanceof SealError) throw error;
    throw new SealError('timestamp_unavailable', 'a video could not be timestamped', { cause: error });
  });
  // Only when another attempt recorded a token first is the table read again (to use that one).
  if (lostRace) return deps.docs.listRecipients(docuId);
  return recipients.map((r) => {
    const stamp = recorded.get(r.index);
    return stamp ? { ...r, videoTimestamp: stamp } : r;
  });
}

/** When a document timestamp must be renewed: `renewBeforeDays` before its certificate ends, or halfway
 *  through the time left when that is shorter (issue #30 item 3). */
export function renewalDue(
  archive: { readonly genTime: Date; readonly certificateNotAfter: Date },
  renewBeforeDays: number,
): Date {
  const end = archive.certificateNotAfter.getTime();
  const margin = Math.min(renewBeforeDays * 86_400_000, (end - archive.genTime.getTime()) / 2);
  return new Date(end - Math.max(0, margin));
}

/**
 * Seals, or — when no timestamp authority or OCSP responder answers — fails the job so the queue
 * retries it later (issue #30): a seal never falls back to the server's clock. The document stays
 * Generating; the sweep re-queues it if the retries run out, and the seal queue's age alarm tells the
 * operator (docs/deploy.md).
 */
export async function waitingOnTrust<T>(work: () => Promise<T>, docuId: string, log: Logger): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (
      error instanceof SealError &&
      (error.code === 'timestamp_unavailable' || error.code === 'revocation_unavailable')
    ) {
      log.warn('sealing waits for the trust services; the job will be retried', {
        docuId,
        code: error.code,
        reason: error.message,
      });
      throw new AppError('errors.unavailable', `Sealing waits: ${error.code}`, { status: 503 });
    }
    throw error;
  }
}

export async function sealDocument(deps: SealDeps, job: SealJob, log: Logger): Promise<SealOutcome> {
  const now = deps.now ?? (() => new Date());
  const doc = await deps.docs.getDocument(job.docuId);
  if (!doc) {
    log.warn('seal job for a document that no longer exists; nothing to do', { docuId: job.docuId });
    await deps.seals.deleteSweepMarker('seal', job.docuId);
    return 'skipped';
  }
  if (doc.status === 'Completed' && doc.finalKey) {
    await followUps(deps, doc, log);
    return 'already-sealed';
  }
  if (doc.status !== 'Generating') {
    log.warn('seal job for a document that is not Generating; nothing to do', {
      docuId: doc.docuId,
      status: doc.status,
    });
    await deps.seals.deleteSweepMarker('seal', doc.docuId);
    return 'skipped';
  }
  const vcontract = doc.kind === 'vcontract';
  const fileKey = doc.fileKey;
  if (!vcontract && !fileKey) {
    throw new AppError('errors.unavailable', 'The document has no original file to seal', { status: 500 });
  }
  const [owner, listed, history, original, signer] = await Promise.all([
    deps.users.getById(doc.ownerId),
    deps.docs.listRecipients(doc.docuId),
    deps.docs.listHistory(doc.docuId),
    vcontract ? undefined : deps.storage.getBytes(fileKey!),
    deps.serviceSigner(),
  ]);
  // The bytes about to be sealed must hash to what was accepted at upload: otherwise an alert and no
  // seal (the job fails without retry; the document stays Generating for an operator).
  let recipients = listed;
  if (original) assertOriginalBytes(doc, original, log);
  // Every recorded agreement video must still be the object accepted (issue #25): a missing or changed
  // one stops the seal with an alert, as a changed original does.
  await assertVideosIntact(deps.storage, doc.docuId, recipients, log);
  // Issue #30 item 4: each video gets its own RFC 3161 token now, before the audit lists it.
  recipients = await waitingOnTrust(
    () => timestampVideos(deps, doc.docuId, recipients, log),
    doc.docuId,
    log,
  );
  const lang = languageOf(doc);
  const locale = localeForPath(lang);
  const completedAt = now().toISOString();
  const audit = buildAudit({
    doc,
    owner,
    recipients,
    history,
    locale,
    verifyUrl: verifyUrlFor(deps.appUrl, lang, doc.docuId),
    completedAt,
    ...(vcontract ? {} : { pageCount: doc.pages?.length }),
  });
  const brand = await documentBrand(deps.storage, doc.brand);
  const common = {
    audit,
    language: lang,
    signer,
    signedAt: now(),
    trust: deps.trust(),
    ...(brand ? { brand } : {}),
  };
  let input: SealInput;
  if (original) {
    const videoMarks = videoMarksFor(recipients, locale, lang, deps.appUrl);
    // Issue #27: every other field drawn from its value, listed in the audit, attachments embedded
    // once their bytes are checked against the record.
    const fields = sealFields({ doc, owner, recipients, locale, lang });
    const [stamps, attachments] = await Promise.all([
      gatherStamps(deps, doc, recipients),
      gatherAttachments(deps.storage, doc.docuId, fields.attachments, log),
    ]);
    input = {
      ...common,
      ...(fields.audit ? { audit: { ...audit, fields: fields.audit } } : {}),
      original,
      stamps,
      ...(videoMarks.length > 0 ? { videoMarks } : {}),
      ...(fields.drawings.length > 0 ? { fields: fields.drawings } : {}),
      ...(attachments.length > 0 ? { attachments } : {}),
    };
  } else {
    const thumbnails = await gatherThumbnails(deps, recipients, log);
    const record = buildRecord({
      doc,
      recipients,
      thumbnails,
      locale,
      lang,
      appUrl: deps.appUrl,
      completedAt,
    });
    input = { ...common, record, stamps: [] };
  }
  const result = await waitingOnTrust(() => deps.sealPdf(input), doc.docuId, log);
  const key = finalKeyFor(doc.docuId, `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`);
  await deps.storage.put(key, result.pdf, 'application/pdf');
  const final = {
    finalKey: key,
    finalSizeBytes: result.pdf.length,
    finalSha256: result.sha256,
    finalPageCount: result.pageCount,
    completedAt,
    // Issue #30 item 3: the archive timestamp's renewal is scheduled with the seal.
    ...(result.archiveTimestamp
      ? { evidenceRenewBy: renewalDue(result.archiveTimestamp, deps.renewBeforeDays ?? 90).toISOString() }
      : {}),
  };
  const won = await deps.seals.completeSeal(
    doc.docuId,
    { status: doc.status, version: doc.version },
    final,
    videoSigners(recipients).map((r) => ({ sha256: r.video.sha256, recipientIndex: r.index })),
  );
  if (!won) {
    // Another worker sealed it first (or the document was deleted): keep nothing of this attempt.
    await deps.storage.deleteMany([key]);
    const again = await deps.docs.getDocument(doc.docuId);
    if (again?.status === 'Completed' && again.finalKey) await followUps(deps, again, log);
    log.info('document sealed by another attempt; this one discarded', { docuId: doc.docuId });
    return 'already-sealed';
  }
  log.info('document sealed', {
    docuId: doc.docuId,
    pages: result.pageCount,
    bytes: result.pdf.length,
    timings: result.timings,
    ...(result.evidenceTimings ? { evidence: result.evidenceTimings } : {}),
  });
  // The transaction wrote exactly these fields: no need to read the document again.
  const sealed: DocumentRecord = { ...doc, ...final, status: 'Completed', version: doc.version + 1 };
  await followUps(deps, sealed, log, { owner, recipients, history });
  return 'sealed';
}
