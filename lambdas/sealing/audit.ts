// The audit certificate pages appended to the sealed PDF: the document, a QR code to its verification
// page, every party's evidence and the full history, labelled in the document's language.
import { rgb, type PDFDocument, type RGB } from 'pdf-lib';
import { translate, type Locale } from '../../shared/i18n/server';
import type { AuditData, AuditFieldGroup, AuditParty, AuditVideo, DocumentBrand } from './types';
import { embedPng } from './png';
import { FontSet } from './fonts';
import { Flow, type Cell } from './layout';
import { drawQr, GREY, Typesetter } from './typeset';

export const SHADE = rgb(0.93, 0.94, 0.96);
export const QR_SIZE = 96;
const LABEL_WIDTH = 130;

/** Every string in a value (labels, data), so the fonts they need are embedded before drawing. */
export function stringsOf(value: unknown, into: string[] = []): string[] {
  if (typeof value === 'string') into.push(value);
  else if (Array.isArray(value)) value.forEach((item) => stringsOf(item, into));
  else if (value && typeof value === 'object') Object.values(value).forEach((item) => stringsOf(item, into));
  return into;
}

export function auditLabels(locale: Locale) {
  const t = (key: string) => translate(`audit.${key}`, {}, locale);
  return {
    heading: t('heading'),
    sealNote: t('sealNote'),
    document: t('document'),
    title: t('title'),
    shortNumber: t('shortNumber'),
    documentId: t('documentId'),
    originalFile: t('originalFile'),
    pageCount: t('pageCount'),
    originalSha256: t('originalSha256'),
    createdAt: t('createdAt'),
    completedAt: t('completedAt'),
    verify: t('verify'),
    verifyNote: t('verifyNote'),
    parties: t('parties'),
    party: {
      name: t('party.name'),
      role: t('party.role'),
      contact: t('party.contact'),
      sentAt: t('party.sentAt'),
      receivedAt: t('party.receivedAt'),
      openedAt: t('party.openedAt'),
      signedAt: t('party.signedAt'),
      ip: t('party.ip'),
      userAgent: t('party.userAgent'),
      result: t('party.result'),
      videoResult: t('party.videoResult'),
      videoSha256: t('party.videoSha256'),
    },
    notRecorded: t('notRecorded'),
    history: t('history'),
    historyColumn: {
      time: t('historyColumn.time'),
      action: t('historyColumn.action'),
      actor: t('historyColumn.actor'),
      ip: t('historyColumn.ip'),
      userAgent: t('historyColumn.userAgent'),
    },
    noHistory: t('noHistory'),
    videos: {
      heading: t('videos.heading'),
      recipient: t('videos.recipient'),
      recordedAt: t('videos.recordedAt'),
      sessionStartedAt: t('videos.sessionStartedAt'),
      duration: t('videos.duration'),
      size: t('videos.size'),
      type: t('videos.type'),
      sha256: t('videos.sha256'),
      challenge: t('videos.challenge'),
      userAgent: t('videos.userAgent'),
      token: t('videos.token'),
      timestamp: t('videos.timestamp'),
    },
    fields: {
      heading: t('fields.heading'),
      type: t('fields.type'),
      label: t('fields.label'),
      filledBy: t('fields.filledBy'),
      filledAt: t('fields.filledAt'),
      value: t('fields.value'),
    },
    // The footer's digits and number are drawn with these same fonts.
    footerSample: translate('audit.pageFooter', { shortNumber: 'A', page: 1, total: 1 }, locale),
  };
}

/** Label/value rows: the label column fixed, the value column the rest of `width`. */
export function keyValueRows(
  flow: Flow,
  rows: readonly (readonly [string, string])[],
  size: number,
  width = flow.width,
): void {
  for (const [label, value] of rows) {
    const cells: Cell[] = [
      { text: label, width: LABEL_WIDTH, color: GREY },
      { text: value, width: width - LABEL_WIDTH },
    ];
    flow.row(cells, size);
  }
}

/** The top block of a generated page set: heading, a note, then label/value rows across the page. */
export function headerBlock(
  flow: Flow,
  heading: string,
  note: string,
  rows: readonly (readonly [string, string])[],
): void {
  flow.ensure(200);
  flow.text(heading, 18);
  flow.gap(2);
  flow.text(note, 8.5, { color: GREY });
  flow.gap(10);
  keyValueRows(flow, rows, 9);
}

/** "Verify this document": the note and the link on the left (from `indent`), the QR code to the same
 *  link on the right. */
export function verifyBlock(flow: Flow, title: string, note: string, verifyUrl: string, indent = 0): void {
  flow.gap(10);
  flow.ensure(QR_SIZE + 4);
  const top = flow.y;
  drawQr(flow.content, verifyUrl, flow.left + flow.width - QR_SIZE, top - QR_SIZE, QR_SIZE);
  const width = flow.width - QR_SIZE - 16 - indent;
  flow.text(title, 10, { width, indent });
  flow.text(note, 8, { color: GREY, width, indent });
  flow.text(verifyUrl, 8, { width, indent });
  flow.y = Math.min(flow.y, top - QR_SIZE);
}

function partyRows(party: AuditParty, l: ReturnType<typeof auditLabels>): [string, string][] {
  const orNone = (value: string | undefined) => (value && value.trim() ? value : l.notRecorded);
  if (party.sentAt !== undefined) {
    // The requester sends; they are not a signer (a requester who signs is also listed as a contractor).
    return [
      [l.party.contact, orNone(party.maskedContact)],
      [l.party.sentAt, orNone(party.sentAt)],
      [l.party.result, orNone(party.result)],
    ];
  }
  const rows: [string, string][] = [
    [l.party.contact, orNone(party.maskedContact)],
    [l.party.receivedAt, orNone(party.receivedAt)],
    [l.party.openedAt, orNone(party.openedAt)],
    [l.party.signedAt, orNone(party.signedAt)],
    [l.party.ip, orNone(party.ip)],
    [l.party.userAgent, orNone(party.userAgent)],
    [l.party.result, orNone(party.result)],
  ];
  if (party.videoResult !== undefined) rows.push([l.party.videoResult, orNone(party.videoResult)]);
  if (party.videoSha256 !== undefined) rows.push([l.party.videoSha256, orNone(party.videoSha256)]);
  return rows;
}

/** One video's rows: who recorded it, when, how long and big, its SHA-256, challenge code and token. */
export function videoRows(video: AuditVideo, l: ReturnType<typeof auditLabels>): [string, string][] {
  const rows: [string, string][] = [
    [l.videos.recipient, video.recipient],
    [l.videos.recordedAt, video.recordedAt],
  ];
  if (video.sessionStartedAt) rows.push([l.videos.sessionStartedAt, video.sessionStartedAt]);
  if (video.duration) rows.push([l.videos.duration, video.duration]);
  rows.push(
    [l.videos.size, video.size],
    [l.videos.type, video.type],
    [l.videos.sha256, video.sha256],
    [l.videos.challenge, video.challenge],
  );
  if (video.userAgent) rows.push([l.videos.userAgent, video.userAgent]);
  rows.push([l.videos.token, video.token]);
  if (video.timestamp) rows.push([l.videos.timestamp, video.timestamp]);
  return rows;
}

/** One row of a 7.5 pt table: each text in its column; a header row in grey, on a shade if given. */
function tableRow(
  flow: Flow,
  texts: readonly string[],
  widths: readonly number[],
  options: { header?: boolean; shade?: RGB } = {},
): void {
  flow.row(
    texts.map((text, i) => ({ text, width: widths[i]!, ...(options.header ? { color: GREY } : {}) })),
    7.5,
    options.shade ? { shade: options.shade } : {},
  );
}

/** The "Fields" section (issue #27): per contractor, one table row per field. */
function fieldsSection(
  flow: Flow,
  groups: readonly AuditFieldGroup[],
  l: ReturnType<typeof auditLabels>,
): void {
  flow.gap(8);
  flow.ensure(120); // the heading with the first rows
  flow.text(l.fields.heading, 13);
  flow.gap(4);
  const widths = [70, 90, 80, 100, flow.width - 70 - 90 - 80 - 100];
  const { type, label, filledBy, filledAt, value } = l.fields;
  const header = () => tableRow(flow, [type, label, filledBy, filledAt, value], widths, { header: true });
  for (const group of groups) {
    flow.ensure(60); // the contractor's name with the header and a first row
    flow.row([{ text: group.recipient, width: flow.width }], 9.5, { shade: SHADE });
    header();
    flow.onBreak = header;
    for (const f of group.fields) tableRow(flow, [f.type, f.label, f.filledBy, f.filledAt, f.value], widths);
    flow.onBreak = undefined;
    flow.gap(8);
  }
}

/** The brand's logo, at most this tall and half the page's width, in points. */
const BRAND_LOGO_MAX_HEIGHT = 48;

function rgbOfHex(hex: string): RGB {
  const n = /^#([0-9a-f]{6})$/i.exec(hex)?.[1] ?? '1f5fbf';
  return rgb(
    parseInt(n.slice(0, 2), 16) / 255,
    parseInt(n.slice(2, 4), 16) / 255,
    parseInt(n.slice(4, 6), 16) / 255,
  );
}

/** The brand at the top of a generated page set (issue #29 item 2): the logo (proportions kept),
 *  then a rule in the accent colour across the page. */
export async function brandBanner(doc: PDFDocument, flow: Flow, brand: DocumentBrand): Promise<void> {
  if (flow.pages.length === 0) flow.newPage();
  let y = flow.y;
  if (brand.logoPng) {
    const image = await embedPng(doc, brand.logoPng);
    const scale = Math.min(1, BRAND_LOGO_MAX_HEIGHT / image.height, flow.width / 2 / image.width);
    const width = image.width * scale;
    const height = image.height * scale;
    flow.content.image(image, flow.left, y - height, width, height);
    y -= height + 8;
  }
  flow.content.rectangle(flow.left, y - 3, flow.width, 3, rgbOfHex(brand.color));
  flow.y = y - 3 - 14;
}

/** Appends the audit pages to `doc`; returns how many were added. */
export async function appendAuditPages(
  doc: PDFDocument,
  fonts: FontSet,
  audit: AuditData,
  locale: Locale,
  brand?: DocumentBrand,
): Promise<number> {
  const l = auditLabels(locale);
  await fonts.prepare([...stringsOf(l), ...stringsOf(audit)]);
  const flow = new Flow(doc, new Typesetter(fonts));
  if (brand) await brandBanner(doc, flow, brand);

  const documentRows: [string, string][] = [
    [l.title, audit.title],
    [l.shortNumber, audit.shortNumber],
    [l.documentId, audit.documentId],
  ];
  // A video contract has no original file: none of its rows (issue #16).
  if (audit.originalFileName !== undefined) documentRows.push([l.originalFile, audit.originalFileName]);
  if (audit.pageCount !== undefined) documentRows.push([l.pageCount, String(audit.pageCount)]);
  if (audit.originalSha256 !== undefined) documentRows.push([l.originalSha256, audit.originalSha256]);
  documentRows.push([l.createdAt, audit.createdAt], [l.completedAt, audit.completedAt]);
  headerBlock(flow, l.heading, l.sealNote, documentRows);
  verifyBlock(flow, l.verify, l.verifyNote, audit.verifyUrl);

  flow.gap(14);
  flow.text(l.parties, 13);
  flow.gap(4);
  for (const party of audit.parties) {
    flow.ensure(110); // keep a party's name with most of its rows
    flow.row(
      [
        { text: party.name, width: LABEL_WIDTH + 150 },
        { text: party.role, width: flow.width - LABEL_WIDTH - 150, color: GREY },
      ],
      9.5,
      { shade: SHADE },
    );
    keyValueRows(flow, partyRows(party, l), 8);
    flow.gap(8);
  }

  if (audit.videos && audit.videos.length > 0) {
    flow.gap(8);
    flow.ensure(120); // the heading with the first video
    flow.text(l.videos.heading, 13);
    flow.gap(4);
    audit.videos.forEach((video) => {
      flow.ensure(100);
      keyValueRows(flow, videoRows(video, l), 8);
      flow.gap(8);
    });
  }

  if (audit.fields && audit.fields.length > 0) fieldsSection(flow, audit.fields, l);

  flow.gap(8);
  flow.text(l.history, 13);
  flow.gap(4);
  const widths = [92, 110, 95, 70, flow.width - 92 - 110 - 95 - 70];
  const { time, action, actor, ip, userAgent } = l.historyColumn;
  const header = () =>
    tableRow(flow, [time, action, actor, ip, userAgent], widths, { header: true, shade: SHADE });
  flow.ensure(40);
  header();
  flow.onBreak = header;
  if (audit.history.length === 0) flow.text(l.noHistory, 8, { color: GREY });
  for (const h of audit.history) tableRow(flow, [h.time, h.action, h.actor, h.ip, h.userAgent], widths);
  flow.onBreak = undefined;

  flow.footers((page, total) =>
    translate('audit.pageFooter', { shortNumber: audit.shortNumber, page, total }, locale),
  );
  flow.finish();
  return flow.pages.length;
}
