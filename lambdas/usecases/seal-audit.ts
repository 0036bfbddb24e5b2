// What a seal prints (issues #6, #15, #16), computed from the document's records without any I/O: the
// audit pages' data (parties, their results and times, the full history in the document's language),
// a video contract's record, each video's mark and verify links. Used by the seal job (./sealing.ts)
// and the anchor job's certificate (./anchoring.ts).
import { RECIPIENT_ROLE_LABEL_KEYS, roleOf } from '../../shared/domain/routing';
import type { Language } from '../../shared/domain/constants';
import { maskContact } from '../../shared/domain/contact';
import { fieldTypeOf, isImageField } from '../../shared/domain/fields';
import { historyActionKey, RECIPIENT_AGREEMENT } from '../../shared/domain/status';
import { translate, type Locale } from '../../shared/i18n/server';
import type { DocumentRecord, HistoryRecord, RecipientRecord } from '../adapters/dynamo/documents';
import type { UserRecord } from '../adapters/dynamo/repository';
import type { AuditData, AuditParty, AuditVideo, RecordData, VideoMark } from '../sealing/types';
import { messageTitle } from './messages';

export function verifyPathFor(lang: Language, docuId: string): string {
  return `/${lang}/verify?document=${encodeURIComponent(docuId)}`;
}

export function verifyUrlFor(appUrl: string, lang: Language, docuId: string): string {
  return `${appUrl.replace(/\/$/, '')}${verifyPathFor(lang, docuId)}`;
}

/** The verify page of one agreement video (issue #15): the QR code under its signer's sign. */
export function verifyVideoPathFor(lang: Language, sha256: string): string {
  return `/${lang}/verify?video=${encodeURIComponent(sha256)}`;
}

export function verifyVideoUrlFor(appUrl: string, lang: Language, sha256: string): string {
  return `${appUrl.replace(/\/$/, '')}${verifyVideoPathFor(lang, sha256)}`;
}

/** The contractors with an accepted agreement video, in contractor order. */
export function videoSigners(
  recipients: readonly RecipientRecord[],
): (RecipientRecord & { video: NonNullable<RecipientRecord['video']> })[] {
  return recipients
    .filter((r): r is RecipientRecord & { video: NonNullable<RecipientRecord['video']> } => !!r.video)
    .sort((a, b) => a.index - b.index);
}

/** A contractor's areas with a sign image applied (signature, initials, stamp): what the seal stamps
 *  (issue #27: the other fields are drawn from their values, ./seal-fields.ts). */
export function appliedSignAreas(r: Pick<RecipientRecord, 'areas'>): NonNullable<RecipientRecord['areas']> {
  return (r.areas ?? []).filter((a) => a.signed && isImageField(fieldTypeOf(a)));
}

/** One mark (caption + QR code to the video's verify page) under every signed area of a video signer. */
export function videoMarksFor(
  recipients: readonly RecipientRecord[],
  locale: Locale,
  lang: Language,
  appUrl: string,
): VideoMark[] {
  const marks: VideoMark[] = [];
  for (const r of videoSigners(recipients)) {
    const caption = translate(
      'audit.videoCaption',
      {
        time: `${new Date(r.video.recordedAt).toISOString().slice(0, 16).replace('T', ' ')} UTC`,
        hash: r.video.sha256.slice(0, 12),
      },
      locale,
    );
    const url = verifyVideoUrlFor(appUrl, lang, r.video.sha256);
    for (const area of appliedSignAreas(r)) {
      const { pageIndex, x, y, width, height } = area;
      marks.push({ pageIndex, x, y, width, height, caption, url });
    }
  }
  return marks;
}

/** The recipients who are contractors: every one but a video contract's owner row (the requester). */
export function contractorsOf<R extends Pick<RecipientRecord, 'isOwner'>>(
  doc: Pick<DocumentRecord, 'kind'>,
  recipients: readonly R[],
): R[] {
  return recipients.filter((r) => !(doc.kind === 'vcontract' && r.isOwner));
}

/** A recipient's role: contractor n (index + 1); in a video contract the owner's row 0 is the
 *  requester and the contractors are rows 1..n (issue #16). */
export function recipientRole(
  kind: DocumentRecord['kind'] | undefined,
  r: Pick<RecipientRecord, 'index' | 'isOwner' | 'role'>,
  locale: Locale,
): string {
  if (kind === 'vcontract' && r.isOwner) return translate('sealing.roles.requester', {}, locale);
  const contractor = translate(
    'sealing.roles.contractor',
    { n: kind === 'vcontract' ? r.index : r.index + 1 },
    locale,
  );
  // Issue #28: an approver's or a viewer's row says so (a signer's reads as before).
  const role = roleOf(r);
  return role === 'signer'
    ? contractor
    : `${contractor} · ${translate(RECIPIENT_ROLE_LABEL_KEYS[role], {}, locale)}`;
}

/** The audit pages' "Videos" rows. Tokens are minted after sealing (decision 101): the certificate
 *  names them, the audit says so. */
export function auditVideos(
  recipients: readonly RecipientRecord[],
  locale: Locale,
  kind?: DocumentRecord['kind'],
): AuditVideo[] {
  const t = (key: string, values: Record<string, string | number> = {}) => translate(key, values, locale);
  return videoSigners(recipients).map((r) => ({
    recipient: `${r.name} (${recipientRole(kind, r, locale)})`,
    recordedAt: auditTime(r.video.recordedAt) ?? r.video.recordedAt,
    sessionStartedAt: auditTime(r.video.sessionStartedAt) ?? r.video.sessionStartedAt,
    ...(r.video.userAgent ? { userAgent: r.video.userAgent } : {}),
    ...(r.video.durationSeconds
      ? { duration: t('audit.videos.durationValue', { seconds: r.video.durationSeconds.toFixed(1) }) }
      : {}),
    size: t('audit.videos.sizeValue', { bytes: r.video.sizeBytes.toLocaleString('en-US') }),
    type: r.video.contentType,
    sha256: r.video.sha256,
    challenge: r.video.challenge,
    token: r.videoAnchor?.tokenId ?? t('audit.videos.tokenAfterSeal'),
    ...(r.videoTimestamp?.sha256 === r.video.sha256
      ? {
          timestamp: t('audit.videos.timestampValue', {
            time: auditTime(r.videoTimestamp.genTime) ?? r.videoTimestamp.genTime,
            authority: r.videoTimestamp.authority,
            serial: r.videoTimestamp.serialHex,
          }),
        }
      : {}),
  }));
}

/** 2026-11-22 15:03:02 UTC: one unambiguous form for the audit pages in every language. */
export function auditTime(iso: string | undefined): string | undefined {
  if (!iso) return undefined;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

export function languageOf(doc: DocumentRecord): Language {
  const lang = doc.lang;
  return lang === 'jp' || lang === 'ko' ? lang : 'en';
}

export function resultKey(agreement: number): string {
  if (agreement === RECIPIENT_AGREEMENT.agreed) return 'sealing.results.agreed';
  if (agreement === RECIPIENT_AGREEMENT.denied) return 'sealing.results.denied';
  return 'sealing.results.pending';
}

/** An action in the recipient's words, with its channel, its target (a request's contractor) and a
 *  denial's reason. */
export function historyActionText(
  h: Pick<HistoryRecord, 'action' | 'channel' | 'targetName' | 'targetContactMasked' | 'reason'>,
  t: (key: string, values?: Record<string, string | number>) => string,
): string {
  let text = t(historyActionKey(h.action, h.channel));
  const target = [h.targetName, h.targetContactMasked].filter(Boolean).join(' ');
  if (target) text = t('history.toTarget', { action: text, target });
  return text + (h.reason ? ` (${h.reason})` : '');
}

/** The audit pages' data: parties (requester first), then the full history, texts translated. */
export function buildAudit(input: {
  doc: DocumentRecord;
  owner: UserRecord | null;
  recipients: readonly RecipientRecord[];
  history: readonly HistoryRecord[];
  locale: Locale;
  verifyUrl: string;
  completedAt: string;
  pageCount?: number;
}): AuditData {
  const { doc, locale } = input;
  const t = (key: string, values: Record<string, string | number> = {}) => translate(key, values, locale);
  const history = [...input.history].sort((a, b) => a.itemId.localeCompare(b.itemId));
  // A request's contractor is its target (older items, written before targets, named them as actor).
  const firstTime = (action: string, contact: string) =>
    history.find((h) => h.action === action && (h.targetContact ?? h.actorContact) === contact)?.time;
  const vcontract = doc.kind === 'vcontract';
  const parties: AuditParty[] = [];
  if (input.owner) {
    parties.push({
      name: input.owner.name,
      maskedContact: maskContact(input.owner.email),
      role: t('sealing.roles.requester'),
      // A video contract's owner agrees by recording and sending (their video is in the Videos rows).
      result: t(vcontract ? 'sealing.results.agreed' : 'sealing.results.sent'),
      sentAt: auditTime(doc.sentAt),
    });
  }
  for (const r of contractorsOf(doc, input.recipients)) {
    parties.push({
      name: r.name,
      maskedContact: maskContact(r.contact),
      role: recipientRole(doc.kind, r, locale),
      receivedAt: auditTime(doc.sentAt ?? firstTime('transfer', r.contact)),
      openedAt: auditTime(r.openedAt),
      signedAt: auditTime(r.decidedAt),
      ip: r.decidedIp,
      userAgent: r.decidedUserAgent,
      result: roleOf(r) === 'viewer' ? t('roles.viewer') : t(resultKey(r.agreement)),
    });
  }
  return {
    title: messageTitle(doc.title, locale),
    shortNumber: doc.id4.toUpperCase(),
    documentId: doc.docuId,
    // A video contract has no original file: no rows for it (issue #16).
    ...(vcontract ? {} : { originalSha256: doc.sha256 ?? '', originalFileName: doc.originalFileName ?? '' }),
    ...(input.pageCount === undefined ? {} : { pageCount: input.pageCount }),
    createdAt: auditTime(doc.createdAt) ?? doc.createdAt,
    completedAt: auditTime(input.completedAt) ?? input.completedAt,
    parties,
    history: history.map((h) => ({
      time: auditTime(h.time) ?? h.time,
      action: historyActionText(h, t),
      actor: [h.actorName, h.actorContactMasked].filter(Boolean).join(' '),
      ip: h.ip ?? '',
      userAgent: h.userAgent ?? '',
    })),
    ...(videoSigners(input.recipients).length > 0
      ? { videos: auditVideos(input.recipients, locale, doc.kind) }
      : {}),
    verifyUrl: input.verifyUrl,
  };
}

/** A video contract's record (issue #16): its parties (the owner's row 0 first) and each video with
 *  its still (`thumbnails`, by recipient index) and its verify link. */
export function buildRecord(input: {
  doc: DocumentRecord;
  recipients: readonly RecipientRecord[];
  thumbnails: ReadonlyMap<number, Uint8Array>;
  locale: Locale;
  lang: Language;
  appUrl: string;
  completedAt: string;
}): RecordData {
  const { doc, recipients, locale } = input;
  const videos = auditVideos(recipients, locale, doc.kind);
  return {
    title: messageTitle(doc.title, locale),
    shortNumber: doc.id4.toUpperCase(),
    documentId: doc.docuId,
    createdAt: auditTime(doc.createdAt) ?? doc.createdAt,
    completedAt: auditTime(input.completedAt) ?? input.completedAt,
    parties: [...recipients]
      .sort((a, b) => a.index - b.index)
      .map((r) => {
        // The owner agrees by recording and sending: their send time when no decision is recorded.
        const agreedAt = auditTime(r.decidedAt ?? (r.isOwner ? doc.sentAt : undefined));
        return {
          name: r.name,
          role: recipientRole(doc.kind, r, locale),
          maskedContact: maskContact(r.contact),
          ...(agreedAt ? { agreedAt } : {}),
        };
      }),
    videos: videoSigners(recipients).map((r, i) => {
      const thumbnail = input.thumbnails.get(r.index);
      return {
        ...videos[i]!,
        verifyUrl: verifyVideoUrlFor(input.appUrl, input.lang, r.video.sha256),
        ...(thumbnail ? { thumbnail } : {}),
      };
    }),
  };
}
