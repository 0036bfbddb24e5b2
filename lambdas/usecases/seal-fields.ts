// What the seal does with each contractor's fields (issue #27, architecture §19), computed from the
// recipients' stored areas: what is drawn into each area (texts formatted in the document's language),
// the audit pages' "Fields" rows (who filled what, when), and which attachments are embedded, under
// which names. `gatherAttachments` reads the attachments and refuses any whose bytes are not the ones
// accepted at upload (an alert, as for originals and videos). Sign images (signature, initials, stamp)
// are stamped by the seal job's gatherStamps, as sign areas always were.
import { createHash } from 'node:crypto';
import type { Language } from '../../shared/domain/constants';
import { fieldTypeOf, isImageField, type FieldType } from '../../shared/domain/fields';
import { translate, type Locale } from '../../shared/i18n/server';
import type { DocumentRecord, RecipientRecord } from '../adapters/dynamo/documents';
import type { UserRecord } from '../adapters/dynamo/repository';
import { AppError } from '../core/errors';
import { createLogger, type Logger } from '../core/logger';
import type { ObjectStorage } from '../ports';
import type { AuditField, AuditFieldGroup, FieldDrawing, SealAttachment } from '../sealing/types';
import { auditTime, contractorsOf, recipientRole } from './seal-audit';

type Area = NonNullable<RecipientRecord['areas']>[number];
type StoredAttachment = NonNullable<Area['attachment']>;

/** An empty cell of the Fields rows (no label, no time): the same in every language. */
const DASH = '—';
/** Who filled a field and when, for one never filled. */
const NOBODY = { by: DASH, when: DASH };
const INTL_LOCALE: Record<Language, string> = { en: 'en-US', jp: 'ja-JP', ko: 'ko-KR' };
/**
 * The time zone a date signed is written in: the document's language's country for Japanese and
 * Korean (single-zone countries where nearly all of their contracts are signed), UTC for English (the
 * audit pages' zone). The audit pages give the exact UTC time beside it (docs/decisions.md).
 */
export const DATE_SIGNED_ZONE: Record<Language, string> = { en: 'UTC', jp: 'Asia/Tokyo', ko: 'Asia/Seoul' };

/** Intl formatters are slow to build (~1 ms each): one per language and zone, kept. */
const formatters = new Map<string, Intl.DateTimeFormat>();

/** 'November 22, 2026', '2026年11月22日', '2026년 11월 22일'; '' for an invalid date. */
export function longDate(date: Date, lang: Language, timeZone: string): string {
  if (Number.isNaN(date.getTime())) return '';
  const key = `${lang} ${timeZone}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALE[lang], { dateStyle: 'long', timeZone });
    formatters.set(key, format);
  }
  return format.format(date);
}

/** A date field's YYYY-MM-DD as a long date (a calendar date: no zone shifts it); else as typed. */
export function formatDateValue(value: string, lang: Language): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return value;
  return longDate(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))), lang, 'UTC') || value;
}

/** The agreement time of a date-signed field as a long date in the document's language. */
export function formatDateSigned(iso: string, lang: Language): string {
  return longDate(new Date(iso), lang, DATE_SIGNED_ZONE[lang]) || iso;
}

/** 'contract.pdf', then 'contract (2).pdf' for a second file of the same name. */
export function uniqueName(name: string, taken: Set<string>): string {
  let candidate = name;
  const dot = name.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  for (let n = 2; taken.has(candidate); n += 1) candidate = `${stem} (${n})${ext}`;
  taken.add(candidate);
  return candidate;
}

/** An attachment to embed: the stored record and the name and description it gets in the PDF. */
export interface PlannedAttachment {
  readonly recipientIndex: number;
  readonly attachment: StoredAttachment;
  readonly fileName: string;
  readonly description: string;
}

export interface SealFields {
  /** Every non-image field's drawing (empty ones as `none`: they still replace a form widget). */
  readonly drawings: FieldDrawing[];
  /** The audit pages' "Fields" section; omitted for a document whose areas are all signatures. */
  readonly audit?: AuditFieldGroup[];
  readonly attachments: PlannedAttachment[];
}

/** The area's value (pre-filled by the owner or filled), trimmed: '' when it holds none. */
const valueOf = (area: Area) => (area.value ?? '').trim();

export function sealFields(input: {
  doc: DocumentRecord;
  owner: UserRecord | null;
  recipients: readonly RecipientRecord[];
  locale: Locale;
  lang: Language;
}): SealFields {
  const { doc, locale, lang } = input;
  const t = (key: string, values: Record<string, string | number> = {}) =>
    translate(`audit.fields.${key}`, values, locale);
  // A value the contractor never touched was the owner's (pre-filled when placed).
  const prefilled = { by: t('prefilled', { name: input.owner?.name ?? DASH }), when: DASH };
  const contractors = [...contractorsOf(doc, input.recipients)].sort((a, b) => a.index - b.index);
  const drawings: FieldDrawing[] = [];
  const attachments: PlannedAttachment[] = [];
  const groups: AuditFieldGroup[] = [];
  const names = new Set<string>();
  let hasFields = false;

  for (const r of contractors) {
    const rows: AuditField[] = [];
    for (const area of r.areas ?? []) {
      const type: FieldType = fieldTypeOf(area);
      if (type !== 'signature') hasFields = true;
      const { pageIndex, x, y, width, height } = area;
      const at = { pageIndex, x, y, width, height };
      const typeName = t(`types.${type}`);
      const label = area.label?.trim() || DASH;
      const value = valueOf(area);
      // Who and when: the contractor when they filled it; a value they never touched was the owner's.
      const filledByContractor = { by: r.name, when: auditTime(area.filledAt) ?? DASH };
      const who = area.filledAt ? filledByContractor : value ? prefilled : NOBODY;
      const row = (shown: string, filler = who): AuditField => ({
        type: typeName,
        label,
        filledBy: filler.by,
        filledAt: filler.when,
        value: shown,
      });

      if (isImageField(type)) {
        rows.push(row(area.signed ? t('applied') : t('empty'), area.signed ? filledByContractor : who));
        continue;
      }
      switch (type) {
        case 'name': {
          // Empty: the contractor's own name, as they agreed under it.
          const text = value || r.name;
          drawings.push({ ...at, kind: 'text', text });
          const when = auditTime(area.filledAt ?? r.decidedAt) ?? DASH;
          rows.push(row(text, area.filledAt || !value ? { by: r.name, when } : who));
          break;
        }
        case 'dateSigned': {
          const iso = value || r.decidedAt;
          if (!iso) {
            drawings.push({ ...at, kind: 'none' });
            rows.push(row(t('empty'), NOBODY));
            break;
          }
          const text = formatDateSigned(iso, lang);
          drawings.push({ ...at, kind: 'text', text });
          rows.push(row(text, { by: r.name, when: auditTime(iso) ?? DASH }));
          break;
        }
        case 'text':
        case 'number':
        case 'radio':
        case 'dropdown':
        case 'date': {
          if (!value) {
            drawings.push({ ...at, kind: 'none' });
            rows.push(row(t('empty')));
            break;
          }
          const text = type === 'date' ? formatDateValue(value, lang) : (area.value ?? value);
          drawings.push({ ...at, kind: 'text', text, ...(area.multiline ? { multiline: true } : {}) });
          rows.push(row(text));
          break;
        }
        case 'checkbox': {
          const ticked = value === 'true';
          drawings.push({ ...at, kind: ticked ? 'check' : 'none' });
          rows.push(row(ticked ? t('checked') : t('unchecked')));
          break;
        }
        case 'strikethrough': {
          const struck = value === 'true';
          drawings.push({ ...at, kind: struck ? 'strike' : 'none' });
          rows.push(
            row(
              struck ? t('struck', { name: r.name, time: auditTime(area.filledAt) ?? DASH }) : t('empty'),
              struck ? filledByContractor : who,
            ),
          );
          break;
        }
        case 'attachment': {
          const file = area.attachment;
          if (!file) {
            drawings.push({ ...at, kind: 'none' });
            rows.push(row(t('empty'), NOBODY));
            break;
          }
          const fileName = uniqueName(file.fileName, names);
          drawings.push({ ...at, kind: 'text', text: t('attachedCaption', { name: fileName }), small: true });
          attachments.push({
            recipientIndex: r.index,
            attachment: file,
            fileName,
            description: t('attachmentDescription', {
              name: r.name,
              field: area.label?.trim() || typeName,
              sha256: file.sha256,
            }),
          });
          rows.push(
            row(
              t('attachmentValue', {
                name: fileName,
                bytes: file.sizeBytes.toLocaleString('en-US'),
                sha256: file.sha256,
              }),
              filledByContractor,
            ),
          );
          break;
        }
      }
    }
    if (rows.length > 0) {
      groups.push({ recipient: `${r.name} (${recipientRole(doc.kind, r, locale)})`, fields: rows });
    }
  }
  return { drawings, attachments, ...(hasFields ? { audit: groups } : {}) };
}

const alerts: Logger = createLogger({ alert: 'attachment-integrity' });

/**
 * Every planned attachment read from storage (in parallel), each checked against its record: a file
 * of another size or another SHA-256 stops the seal with an alert (ids only), as a changed
 * original does; the job fails and the document stays Generating for an operator.
 */
export async function gatherAttachments(
  storage: Pick<ObjectStorage, 'getBytes'>,
  docuId: string,
  planned: readonly PlannedAttachment[],
  log: Logger = alerts,
): Promise<SealAttachment[]> {
  return Promise.all(
    planned.map(async (p) => {
      const { attachment } = p;
      // A read that fails (a missing object, a network error) throws: the job retries, as for signs.
      const bytes = await storage.getBytes(attachment.key);
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      const reason =
        bytes.length !== attachment.sizeBytes
          ? 'size'
          : sha256 !== attachment.sha256.toLowerCase()
            ? 'sha256'
            : null;
      if (reason) {
        log.error('A stored attachment no longer matches what was accepted', {
          alert: 'attachment-integrity',
          docuId,
          recipientIndex: p.recipientIndex,
          reason,
        });
        throw new AppError('documents.errors.originalChanged', 'An attached file has changed since upload', {
          status: 409,
        });
      }
      return {
        fileName: p.fileName,
        contentType: attachment.contentType,
        bytes,
        sha256,
        description: p.description,
      };
    }),
  );
}
