// sealPdf: the final document. Removes the original's interactive form (issue #27: ./flatten.ts), stamps
// every sign image into its area, draws every other field's value into its own (./field-marks.ts),
// embeds the contractors' attachments (./attachments.ts), appends the audit pages, signs the whole file
// (CMS, ETSI.CAdES.detached) and hashes the signed bytes: that hash is anchored on chain.
// A video contract has no original: its final document is a new one, the contract record pages
// (./record.ts) and then the same audit pages, signed and hashed the same way (issue #16).
import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { ParseSpeeds, PDFDocument, type PDFImage } from 'pdf-lib';
import { localeForPath } from '../../shared/i18n/server';
import { embedAttachments } from './attachments';
import { appendAuditPages } from './audit';
import './deflate';
import { drawFields } from './field-marks';
import { flattenForm } from './flatten';
import { assertArea, SealError } from './errors';
import { FontSet } from './fonts';
import { embedPng } from './png';
import { appendRecordPages } from './record';
import { sealingKeyOf } from './cms';
import { signLongTerm, validationData, type EvidenceTimings, type TimestampFacts } from './pades';
import { addSignaturePlaceholder, signPdf } from './signer';
import type { SealInput, SealResult, SealStage, Stamp } from './types';
import { drawVideoMarks } from './video-marks';

const PRODUCER = 'SignSeal';

/** A Uint8Array of this realm over the same bytes (pdf-lib checks `instanceof Uint8Array`). */
export function bytesOf(data: Uint8Array): Uint8Array {
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}

export async function loadOriginal(original: Uint8Array): Promise<PDFDocument> {
  let doc: PDFDocument;
  try {
    // updateMetadata false: the same input gives the same bytes, so a retried seal anchors the same hash.
    // ParseSpeeds.Fastest: pdf-lib otherwise yields to the event loop every 100 objects (a timer each),
    // which a worker sealing one document at a time has no use for.
    doc = await PDFDocument.load(bytesOf(original), {
      updateMetadata: false,
      ignoreEncryption: false,
      parseSpeed: ParseSpeeds.Fastest,
    });
  } catch (error) {
    throw new SealError('unreadable_pdf', 'the original is not a readable, unencrypted PDF', {
      cause: error,
    });
  }
  if (doc.getPageCount() === 0) throw new SealError('unreadable_pdf', 'the original has no pages');
  return doc;
}

async function drawStamps(doc: PDFDocument, stamps: readonly Stamp[]): Promise<void> {
  const pages = doc.getPages();
  // The same sign is usually placed in several areas: embed each distinct image once.
  const images = new Map<string, Promise<PDFImage>>();
  for (const [index, stamp] of stamps.entries()) {
    assertArea(stamp, `stamp ${index}`, pages.length);
    const page = pages[stamp.pageIndex]!;
    const key = createHash('sha1').update(stamp.png).digest('hex');
    let pending = images.get(key);
    if (!pending) {
      pending = embedPng(doc, bytesOf(stamp.png)).catch((error: unknown) => {
        throw new SealError('bad_image', `stamp ${index} is not a PNG that decodes`, { cause: error });
      });
      images.set(key, pending);
    }
    const image = await pending;
    // Keep the image's aspect ratio, centred in the area.
    const scale = Math.min(stamp.width / image.width, stamp.height / image.height);
    const width = image.width * scale;
    const height = image.height * scale;
    page.drawImage(image, {
      x: stamp.x + (stamp.width - width) / 2,
      y: stamp.y + (stamp.height - height) / 2,
      width,
      height,
    });
  }
}

/** A new, empty document for a contract record: no random id, no clock (byte-stable output). */
async function newRecordDocument(title: string, signedAt: Date): Promise<PDFDocument> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(title, { showInWindowTitleBar: false });
  doc.setCreationDate(signedAt);
  return doc;
}

export async function sealPdf(input: SealInput): Promise<SealResult> {
  const timings: Record<SealStage, number> = { load: 0, stamp: 0, audit: 0, save: 0, sign: 0, hash: 0 };
  let mark = performance.now();
  const lap = (stage: SealStage) => {
    const now = performance.now();
    timings[stage] = Math.round((now - mark) * 10) / 10;
    mark = now;
  };

  const { original, record } = input;
  // Issue #30: the signing chain's OCSP responses are asked for now, while the document is built.
  const key = sealingKeyOf(input.signer);
  const asked = new Map<string, Promise<Buffer>>();
  if (input.trust) validationData(input.trust, key.chain, asked).catch(() => undefined);
  if ((original === undefined) === (record === undefined)) {
    throw new SealError('unreadable_pdf', 'give exactly one of an original and a contract record');
  }
  const doc = record ? await newRecordDocument(record.title, input.signedAt) : await loadOriginal(original!);
  lap('load');

  const fonts = new FontSet(doc);
  const locale = localeForPath(input.language);
  if (record) {
    await appendRecordPages(doc, fonts, record, locale);
  } else {
    const fields = input.fields ?? [];
    // First, while the form's widgets are still there: those under the contract's areas are replaced.
    flattenForm(doc, [...input.stamps, ...fields]);
    await drawStamps(doc, input.stamps);
    await drawFields(doc, fonts, fields);
    await drawVideoMarks(doc, fonts, input.videoMarks ?? [], input.stamps);
    embedAttachments(doc, input.attachments ?? [], input.signedAt);
  }
  lap('stamp');

  await appendAuditPages(doc, fonts, input.audit, locale, input.brand);
  lap('audit');

  doc.setProducer(PRODUCER);
  doc.setModificationDate(input.signedAt);
  const pageCount = doc.getPageCount();
  addSignaturePlaceholder(
    doc,
    doc.getPage(pageCount - 1),
    input.signer,
    input.signedAt,
    `Sealed after every party ${record ? 'agreed' : 'signed'} (No. ${input.audit.shortNumber})`,
    input.audit.verifyUrl,
    input.trust !== undefined,
  );
  // objectsPerTick: Infinity, for the same reason as ParseSpeeds.Fastest (every 50 objects otherwise).
  const unsigned = await doc.save({ updateFieldAppearances: false, objectsPerTick: Infinity });
  lap('save');

  let pdf: Uint8Array;
  let evidenceTimings: EvidenceTimings | undefined;
  let archiveTimestamp: TimestampFacts | undefined;
  if (input.trust) {
    ({
      pdf,
      timings: evidenceTimings,
      archiveTimestamp,
    } = await signLongTerm(unsigned, doc, key, input.trust, asked));
  } else {
    pdf = await signPdf(unsigned, key);
  }
  lap('sign');

  const sha256 = createHash('sha256').update(pdf).digest('hex');
  lap('hash');

  return {
    pdf,
    sha256,
    pageCount,
    timings,
    ...(evidenceTimings ? { evidenceTimings } : {}),
    ...(archiveTimestamp ? { archiveTimestamp } : {}),
  };
}
