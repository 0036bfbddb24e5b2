// The contract record of a video contract (issue #16): a video contract has no PDF of its own, so the
// seal generates one. Its first pages name the contract and its parties, then give each recorded video
// a block: the recorder's still (or a placeholder), whose video, when recorded, duration, size, type,
// SHA-256, challenge code and token, and a QR code to the video's verification page. The audit pages
// follow (./audit.ts) and the file is signed like any sealed PDF (./seal.ts).
import type { PDFDocument, PDFImage } from 'pdf-lib';
import { translate, type Locale } from '../../shared/i18n/server';
import {
  auditLabels,
  headerBlock,
  keyValueRows,
  QR_SIZE,
  SHADE,
  stringsOf,
  verifyBlock,
  videoRows,
} from './audit';
import type { FontSet } from './fonts';
import { Flow } from './layout';
import { GREY, Typesetter } from './typeset';
import type { RecordData } from './types';

/** The still's box: 4:3 beside the QR code, as tall as it. */
const THUMB_WIDTH = 128; // not a spec constant: the record's thumbnail width, in points
const THUMB_HEIGHT = QR_SIZE;

export function recordLabels(locale: Locale) {
  const t = (key: string, values: Record<string, string | number> = {}) =>
    translate(`audit.record.${key}`, values, locale);
  return {
    heading: t('heading'),
    note: t('note'),
    agreedAt: t('agreedAt'),
    videos: t('videos'),
    noThumbnail: t('noThumbnail'),
    verifyVideo: t('verifyVideo'),
    verifyVideoNote: t('verifyVideoNote'),
    videoHeading: (n: number, name: string) => t('videoHeading', { n, name }),
    footer: (shortNumber: string, page: number, total: number) =>
      t('pageFooter', { shortNumber, page, total }),
  };
}

/** The still as a PDF image; a file that is not a JPEG pdf-lib can read gives the placeholder. */
async function thumbnailOf(doc: PDFDocument, bytes: Uint8Array | undefined): Promise<PDFImage | null> {
  if (!bytes || bytes.length === 0) return null;
  try {
    return await doc.embedJpg(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch {
    return null;
  }
}

/** Adds the record pages to `doc` (a new, empty document); returns how many were added. */
export async function appendRecordPages(
  doc: PDFDocument,
  fonts: FontSet,
  record: RecordData,
  locale: Locale,
): Promise<number> {
  const l = auditLabels(locale);
  const r = recordLabels(locale);
  const headings = record.videos.map((v, i) => r.videoHeading(i + 1, v.recipient));
  const footerSample = r.footer(record.shortNumber, 1, 1);
  const { videos, ...facts } = record;
  const rows = videos.map((video) => videoRows(video, l));
  await fonts.prepare([
    ...stringsOf(l),
    ...stringsOf(r),
    ...stringsOf(facts),
    ...stringsOf(rows),
    ...stringsOf(videos.map((v) => v.verifyUrl)),
    ...headings,
    footerSample,
  ]);
  const images = await Promise.all(videos.map((video) => thumbnailOf(doc, video.thumbnail)));
  const flow = new Flow(doc, new Typesetter(fonts));

  headerBlock(flow, r.heading, r.note, [
    [l.title, record.title],
    [l.shortNumber, record.shortNumber],
    [l.documentId, record.documentId],
    [l.createdAt, record.createdAt],
    [l.completedAt, record.completedAt],
  ]);

  flow.gap(14);
  flow.text(l.parties, 13);
  flow.gap(4);
  const widths = [160, 90, 130, flow.width - 380];
  flow.row(
    [l.party.name, l.party.role, l.party.contact, r.agreedAt].map((text, i) => ({
      text,
      width: widths[i]!,
      color: GREY,
    })),
    7.5,
  );
  for (const party of record.parties) {
    const cells = [party.name, party.role, party.maskedContact, party.agreedAt ?? l.notRecorded];
    flow.row(
      cells.map((text, i) => ({ text, width: widths[i]! })),
      8.5,
    );
  }

  flow.gap(14);
  flow.ensure(QR_SIZE + 160); // the heading with the first video's still
  flow.text(r.videos, 13);
  videos.forEach((video, i) => {
    flow.gap(8);
    flow.ensure(QR_SIZE + 150); // a video's heading, still, QR code and most of its rows together
    flow.row([{ text: headings[i]!, width: flow.width }], 9.5, { shade: SHADE });
    // verifyBlock gaps 10 points, then draws its QR code from there: the still goes beside it.
    const top = flow.y - 10;
    const content = flow.content;
    const image = images[i];
    content.rectangle(flow.left, top - THUMB_HEIGHT, THUMB_WIDTH, THUMB_HEIGHT, SHADE);
    if (image) {
      const scale = Math.min(THUMB_WIDTH / image.width, THUMB_HEIGHT / image.height);
      const [width, height] = [image.width * scale, image.height * scale];
      const x = flow.left + (THUMB_WIDTH - width) / 2;
      content.image(image, x, top - THUMB_HEIGHT + (THUMB_HEIGHT - height) / 2, width, height);
    } else {
      const size = 8;
      const width = flow.type.width(r.noThumbnail, size);
      const x = flow.left + Math.max(4, (THUMB_WIDTH - width) / 2);
      flow.type.draw(content, r.noThumbnail, x, top - THUMB_HEIGHT / 2 - size / 3, size, GREY);
    }
    verifyBlock(flow, r.verifyVideo, r.verifyVideoNote, video.verifyUrl, THUMB_WIDTH + 12);
    flow.gap(6);
    keyValueRows(flow, rows[i]!, 8);
  });

  flow.footers((page, total) => r.footer(record.shortNumber, page, total));
  flow.finish();
  return flow.pages.length;
}
