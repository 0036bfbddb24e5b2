// Sign images into the PDF. pdf-lib's own PNG path decodes and re-compresses in JavaScript (UPNG +
// pako: ~30 ms per 700×300 sign) and accepts bytes that are not a PNG at all; this one validates the
// file, inflates and deflates with node's zlib, and embeds opaque images without decoding them.
import { deflateSync } from 'node:zlib';
import { inflate as pakoInflate, inflateEnd, inflateInit2, type ZStream } from 'pako/lib/zlib/inflate.js';
import { PDFImage, PngEmbedder, type PDFDocument, type PDFRef } from 'pdf-lib';
import { pngRawSize } from '../core/png-size';
import { SealError } from './errors';

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const MAX_SIDE = 20_000;
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

interface Png {
  readonly width: number;
  readonly height: number;
  readonly bitDepth: number;
  readonly colorType: number;
  readonly interlaced: boolean;
  /** The concatenated IDAT data: one zlib stream. */
  readonly idat: Uint8Array;
}

function fail(message: string, cause?: unknown): never {
  throw new SealError('bad_image', message, cause === undefined ? undefined : { cause });
}

export function parsePng(bytes: Uint8Array): Png {
  if (bytes.length < 45 || SIGNATURE.some((b, i) => bytes[i] !== b)) fail('not a PNG file');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 8;
  let header: Omit<Png, 'idat'> | undefined;
  const idat: Uint8Array[] = [];
  let ended = false;
  while (offset + 12 <= bytes.length) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
    const end = offset + 12 + length;
    if (end > bytes.length) fail('PNG chunk runs past the end of the file');
    const data = bytes.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      if (length !== 13) fail('bad PNG header');
      header = {
        width: view.getUint32(offset + 8),
        height: view.getUint32(offset + 12),
        bitDepth: data[8]!,
        colorType: data[9]!,
        interlaced: data[12] === 1,
      };
    } else if (type === 'IDAT') {
      idat.push(data);
    } else if (type === 'IEND') {
      ended = true;
      break;
    }
    offset = end;
  }
  if (!header || !ended || idat.length === 0) fail('PNG is incomplete');
  const { width, height, bitDepth, colorType } = header;
  if (width < 1 || height < 1 || width > MAX_SIDE || height > MAX_SIDE) fail('PNG size out of range');
  if (CHANNELS[colorType] === undefined || ![1, 2, 4, 8, 16].includes(bitDepth))
    fail('unknown PNG colour type');
  return { ...header, idat: idat.length === 1 ? idat[0]! : Buffer.concat(idat) };
}

/** The bytes of a PNG's filtered rows (a filter byte, then the row): what its IDAT must inflate to. */
export function rawSize(png: Omit<Png, 'idat'>): number {
  return pngRawSize(png.width, png.height, CHANNELS[png.colorType]! * png.bitDepth, png.interlaced);
}

/** Up to this size (a sign is at most 1400×600 RGBA: 3.4 MB), the buffers below are kept for the next image. */
const SCRATCH_MAX = 8 * 2 ** 20;

/**
 * The buffers one document's images are decoded in, reused from one image to the next (issue #33):
 * each image is deflated (copied) before the next is read, and a new inflated image (0.8 MB for a
 * 700×300 sign) and alpha plane per image were garbage until the next collection — 10 signs raised a
 * fresh worker's peak memory by ~8 MB. Kept with the document (a WeakMap), so they go with it.
 */
class Scratch {
  private raw: Uint8Array | undefined;
  private alpha: Uint8Array | undefined;

  rawOf(size: number): Uint8Array {
    if (size > SCRATCH_MAX) return new Uint8Array(size);
    if (!this.raw || this.raw.length < size) this.raw = new Uint8Array(size);
    return this.raw.subarray(0, size);
  }

  alphaOf(size: number): Uint8Array {
    if (size > SCRATCH_MAX) return new Uint8Array(size);
    if (!this.alpha || this.alpha.length < size) this.alpha = new Uint8Array(size);
    return this.alpha.subarray(0, size);
  }
}

const scratches = new WeakMap<object, Scratch>();

function scratchOf(doc: PDFDocument): Scratch {
  let scratch = scratches.get(doc);
  if (!scratch) scratches.set(doc, (scratch = new Scratch()));
  return scratch;
}

const Z_FINISH = 4;
const Z_STREAM_END = 1;

/**
 * The image data, inflated into the scratch buffer: exactly the size the header declares, or an
 * error. Inflating stops when the buffer (that size and one byte) is full, so a small file whose data
 * would inflate to gigabytes (a PNG bomb) fails there without allocating or inflating the rest.
 * pako's zlib port rather than Node's zlib because it writes into a buffer the caller gives (Node's
 * `inflateSync` returns a new one each time); it checks the stream's Adler-32 as zlib does.
 */
function inflate(png: Png, scratch: Scratch): Uint8Array {
  const expected = rawSize(png);
  const out = scratch.rawOf(expected + 1);
  const strm: ZStream = {
    input: png.idat,
    next_in: 0,
    avail_in: png.idat.length,
    total_in: 0,
    output: out,
    next_out: 0,
    avail_out: out.length,
    total_out: 0,
    msg: '',
    state: null,
    data_type: 2,
    adler: 0,
  };
  let status: number;
  try {
    inflateInit2(strm, 15);
    status = pakoInflate(strm, Z_FINISH);
    inflateEnd(strm);
  } catch (error) {
    fail('PNG image data does not decode', error);
  }
  if (strm.next_out > expected)
    fail(
      `PNG image data inflates to more than the ${png.width}×${png.height} image`,
      new Error(`inflating stopped after ${strm.next_out} bytes, the image's ${expected} and one`),
    );
  if (status !== Z_STREAM_END) fail(`PNG image data does not decode${strm.msg ? ` (${strm.msg})` : ''}`);
  if (strm.next_out !== expected) fail('PNG image data has the wrong size');
  return out.subarray(0, expected);
}

/**
 * Undoes PNG's per-row filters (8-bit samples, `bpp` bytes per pixel) row by row and splits each row
 * into its colour and alpha samples: two rows of memory instead of the whole unfiltered image, and
 * one loop per filter type rather than a branch per byte (issue #19). `color` may be the start of
 * `raw` itself: row y's colour ends at (y + 1) × width × (bpp − 1), never past the start of row y + 1
 * in `raw`, and row y was copied out before its colour is written.
 */
export function unfilterSplit(
  raw: Uint8Array,
  width: number,
  height: number,
  bpp: number,
  color: Uint8Array,
  alpha: Uint8Array,
): void {
  const stride = width * bpp;
  let prev = new Uint8Array(stride); // the row above the first is zeros
  let row = new Uint8Array(stride);
  const colorChannels = bpp - 1;
  for (let y = 0; y < height; y += 1) {
    const src = y * (stride + 1) + 1;
    const filter = raw[src - 1]!;
    const line = raw.subarray(src, src + stride);
    switch (filter) {
      case 0:
        row.set(line);
        break;
      case 1:
        for (let x = 0; x < bpp; x += 1) row[x] = line[x]!;
        for (let x = bpp; x < stride; x += 1) row[x] = (line[x]! + row[x - bpp]!) & 0xff;
        break;
      case 2:
        for (let x = 0; x < stride; x += 1) row[x] = (line[x]! + prev[x]!) & 0xff;
        break;
      case 3:
        for (let x = 0; x < bpp; x += 1) row[x] = (line[x]! + (prev[x]! >> 1)) & 0xff;
        for (let x = bpp; x < stride; x += 1) row[x] = (line[x]! + ((row[x - bpp]! + prev[x]!) >> 1)) & 0xff;
        break;
      case 4:
        for (let x = 0; x < bpp; x += 1) row[x] = (line[x]! + prev[x]!) & 0xff;
        for (let x = bpp; x < stride; x += 1) {
          const a = row[x - bpp]!;
          const b = prev[x]!;
          const c = prev[x - bpp]!;
          const pa = Math.abs(b - c);
          const pb = Math.abs(a - c);
          const pc = Math.abs(a + b - 2 * c);
          row[x] = (line[x]! + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c)) & 0xff;
        }
        break;
      default:
        fail('PNG row filter unknown');
    }
    const base = y * width;
    if (colorChannels === 3) {
      for (let i = 0, p = 0, c = base * 3; i < width; i += 1, p += 4, c += 3) {
        color[c] = row[p]!;
        color[c + 1] = row[p + 1]!;
        color[c + 2] = row[p + 2]!;
        alpha[base + i] = row[p + 3]!;
      }
    } else {
      for (let i = 0, p = 0; i < width; i += 1, p += 2) {
        color[base + i] = row[p]!;
        alpha[base + i] = row[p + 1]!;
      }
    }
    [prev, row] = [row, prev];
  }
}

class FastPngEmbedder {
  constructor(
    readonly png: Png,
    readonly scratch: Scratch,
    readonly width = png.width,
    readonly height = png.height,
  ) {}

  /** Validates and prepares the streams now, so a bad image fails before anything is drawn. */
  prepare(): { color: Uint8Array; alpha?: Uint8Array; predictor: boolean } {
    const { png } = this;
    const gray = png.colorType === 0 || png.colorType === 4;
    if (png.colorType === 0 || png.colorType === 2) {
      // Opaque: the IDAT stream is already a valid FlateDecode stream with PNG predictors.
      inflate(png, this.scratch); // checks the data's size
      return { color: png.idat, predictor: true };
    }
    const bpp = gray ? 2 : 4;
    const raw = inflate(png, this.scratch);
    const count = png.width * png.height;
    // the colour planes written over the start of the rows already read (see unfilterSplit)
    const color = raw.subarray(0, count * (bpp - 1));
    const alpha = this.scratch.alphaOf(count);
    unfilterSplit(raw, png.width, png.height, bpp, color, alpha);
    // Level 3: signs are mostly empty space; higher levels cost time for a few bytes.
    return {
      color: deflateSync(color, { level: 3 }),
      alpha: deflateSync(alpha, { level: 3 }),
      predictor: false,
    };
  }

  private prepared: ReturnType<FastPngEmbedder['prepare']> | undefined;

  check(): void {
    this.prepared = this.prepare();
  }

  embedIntoContext(context: PDFDocument['context'], ref: PDFRef): Promise<PDFRef> {
    const { color, alpha, predictor } = this.prepared ?? this.prepare();
    const gray = this.png.colorType === 0 || this.png.colorType === 4;
    const common = {
      Type: 'XObject',
      Subtype: 'Image',
      Width: this.width,
      Height: this.height,
      BitsPerComponent: 8,
      Filter: 'FlateDecode',
    };
    let smask: PDFRef | undefined;
    if (alpha) smask = context.register(context.stream(alpha, { ...common, ColorSpace: 'DeviceGray' }));
    const decodeParms = predictor
      ? { DecodeParms: { Predictor: 15, Colors: gray ? 1 : 3, BitsPerComponent: 8, Columns: this.width } }
      : {};
    const stream = context.stream(color, {
      ...common,
      ColorSpace: gray ? 'DeviceGray' : 'DeviceRGB',
      ...decodeParms,
      ...(smask ? { SMask: smask } : {}),
    });
    context.assign(ref, stream);
    this.prepared = undefined;
    return Promise.resolve(ref);
  }
}

// PDFImage accepts only pdf-lib's own embedder classes (an instanceof check); this one embeds the same
// image XObject, so it takes PngEmbedder's place in the prototype chain.
Object.setPrototypeOf(FastPngEmbedder.prototype, PngEmbedder.prototype);

/**
 * Embeds a PNG: 8-bit non-interlaced images (every canvas export) on the fast path, anything else
 * (palette, 16-bit, interlaced) validated here and then handed to pdf-lib.
 */
export async function embedPng(doc: PDFDocument, bytes: Uint8Array): Promise<PDFImage> {
  const png = parsePng(bytes);
  if (png.bitDepth !== 8 || png.interlaced || png.colorType === 3) {
    inflate(png, scratchOf(doc)); // fails on damaged data before pdf-lib's lenient decoder sees it
    try {
      return await doc.embedPng(bytes);
    } catch (error) {
      fail('PNG does not decode', error);
    }
  }
  const embedder = new FastPngEmbedder(png, scratchOf(doc));
  embedder.check();
  const image = PDFImage.of(
    doc.context.nextRef(),
    doc,
    embedder as unknown as Parameters<typeof PDFImage.of>[2],
  );
  await image.embed();
  return image;
}
