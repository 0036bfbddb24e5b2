// Contractors' attachments embedded in the sealed PDF (issue #27, architecture §19): one embedded file
// each (PDF 32000 §7.11.4), listed in the catalog's /Names /EmbeddedFiles tree, so a reader's
// attachments panel and `pdfdetach` list them and give back the exact bytes. The file specification
// carries the name (ASCII in /F, the real name in /UF), the content type (/Subtype), size, dates (the
// seal's time, never the clock) and an MD5 /CheckSum as §7.11.4 defines; the description names the
// SHA-256 the contractor's upload was accepted with.
// Built here rather than with pdf-lib's `attach`, which deflates with pako (slow for megabytes of
// already-compressed JPEG, PNG and PDF): node's zlib, and only for files it makes smaller (JPEG and PNG
// never; others when their first 64 KB shrink); the rest are stored as they are.
import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import {
  PDFArray,
  PDFDict,
  PDFHexString,
  PDFName,
  PDFString,
  type PDFRawStream,
  type PDFDocument,
  type PDFObject,
  type PDFRef,
} from 'pdf-lib';
import type { SealAttachment } from './types';

/** Deflate only when it saves at least this fraction of the bytes. */
const WORTH_DEFLATING = 0.95;
/** How much of a large file is deflated first to see whether the whole is worth deflating. */
const SAMPLE_BYTES = 64 * 1024;

const STREAM = Buffer.from('\nstream\n', 'latin1');
const END_STREAM = Buffer.from('\nendstream', 'latin1');

/**
 * pdf-lib writes a stream's contents into the file one byte at a time (a JS loop: ~50 ms for 5 MB);
 * this writes the same bytes in one copy. Set on the instance: PDFRawStream's constructor is private.
 */
function copyInBulk(stream: PDFRawStream): PDFRawStream['copyBytesInto'] {
  return (buffer: Uint8Array, offset: number): number => {
    stream.updateDict();
    let at = offset + stream.dict.copyBytesInto(buffer, offset);
    buffer.set(STREAM, at);
    at += STREAM.length;
    buffer.set(stream.contents, at);
    at += stream.contents.length;
    buffer.set(END_STREAM, at);
    at += END_STREAM.length;
    return at - offset;
  };
}

/** JPEG and PNG are compressed already; other files are deflated when a sample of them shrinks. */
function worthDeflating(file: SealAttachment): boolean {
  if (file.contentType === 'image/jpeg' || file.contentType === 'image/png') return false;
  if (file.bytes.length <= SAMPLE_BYTES) return true;
  const sample = file.bytes.subarray(0, SAMPLE_BYTES);
  return deflateSync(sample, { level: 1 }).length < SAMPLE_BYTES * WORTH_DEFLATING;
}

function asciiName(name: string): string {
  return name.replace(/[^\u0020-\u007e]/g, '_');
}

function embedOne(doc: PDFDocument, file: SealAttachment, signedAt: Date): PDFRef {
  const { context } = doc;
  const date = PDFString.fromDate(signedAt);
  const params = context.obj({
    Size: file.bytes.length,
    CreationDate: date,
    ModDate: date,
    CheckSum: PDFHexString.of(createHash('md5').update(file.bytes).digest('hex')),
  });
  const deflated = worthDeflating(file) ? deflateSync(file.bytes, { level: 6 }) : undefined;
  const compress = deflated !== undefined && deflated.length < file.bytes.length * WORTH_DEFLATING;
  const stream = context.stream(compress ? deflated : file.bytes, {
    Type: 'EmbeddedFile',
    Subtype: PDFName.of(file.contentType),
    Params: params,
    ...(compress ? { Filter: 'FlateDecode' } : {}),
  });
  stream.copyBytesInto = copyInBulk(stream);
  const streamRef = context.register(stream);
  const spec = context.obj({
    Type: 'Filespec',
    F: PDFString.of(asciiName(file.fileName)),
    UF: PDFHexString.fromText(file.fileName),
    EF: { F: streamRef, UF: streamRef },
    Desc: PDFHexString.fromText(file.description),
  });
  return context.register(spec);
}

/**
 * Embeds the files, in the order given (names must be unique: the caller numbers duplicates). The
 * name tree's keys are sorted, as §7.9.6 requires; an original's own embedded files are kept.
 */
export function embedAttachments(doc: PDFDocument, files: readonly SealAttachment[], signedAt: Date): void {
  if (files.length === 0) return;
  const { context, catalog } = doc;
  const entries = files.map((file) => ({ name: file.fileName, ref: embedOne(doc, file, signedAt) }));
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const leaf: (PDFHexString | PDFRef)[] = entries.flatMap((e) => [PDFHexString.fromText(e.name), e.ref]);

  let names = catalog.lookupMaybe(PDFName.of('Names'), PDFDict);
  if (!names) {
    names = context.obj({});
    catalog.set(PDFName.of('Names'), context.register(names));
  }
  const existing = names.lookupMaybe(PDFName.of('EmbeddedFiles'), PDFDict);
  if (!existing) {
    names.set(PDFName.of('EmbeddedFiles'), context.register(context.obj({ Names: leaf })));
    return;
  }
  // The original has embedded files of its own: kept, ours merged into a flat tree, or one more leaf.
  const flat = existing.lookupMaybe(PDFName.of('Names'), PDFArray);
  const kids = existing.lookupMaybe(PDFName.of('Kids'), PDFArray);
  if (flat) {
    const pairs: [string, PDFObject, PDFObject][] = [];
    for (let i = 0; i + 1 < flat.size(); i += 2) {
      const key = flat.get(i);
      const text = key instanceof PDFString || key instanceof PDFHexString ? key.decodeText() : '';
      pairs.push([text, key, flat.get(i + 1)]);
    }
    entries.forEach((e) => pairs.push([e.name, PDFHexString.fromText(e.name), e.ref]));
    pairs.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    existing.set(PDFName.of('Names'), context.obj(pairs.flatMap(([, key, value]) => [key, value])));
  } else if (kids) {
    const ours = context.obj({
      Names: leaf,
      Limits: [PDFHexString.fromText(entries[0]!.name), PDFHexString.fromText(entries.at(-1)!.name)],
    });
    kids.push(context.register(ours));
  }
}
