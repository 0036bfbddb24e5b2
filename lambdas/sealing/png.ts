// Sign images into the PDF. pdf-lib's own PNG path decodes and re-compresses in JavaScript (UPNG +
// pako: ~30 ms per 700×300 sign) and accepts bytes that are not a PNG at all; this one validates the
// file, inflates and deflates with node's zlib, and embeds opaque images without decoding them.
import { deflateSync, inflateSync } from 'node:zlib';
import { PDFImage, PngEmbedder, type PDFDocument, type PDFRef } from 'pdf-lib';
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

function inflate(png: Png): Buffer {
  try {
    return inflateSync(png.idat);
  } catch (error) {
    fail('PNG image data does not decode', error);
  }
}

/** Undoes PNG's per-row filters (8-bit samples, `bpp` bytes per pixel): the pixel rows, unfiltered. */
function unfilter(raw: Buffer, width: number, height: number, bpp: number): Uint8Array {
  const stride = width * bpp;
  const out = new Uint8Array(stride * height);
  for (let y = 0; y < height; y += 1) {
    const filter = raw[y * (stride + 1)]!;
    const src = y * (stride + 1) + 1;
    const row = y * stride;
    const prev = row - stride;
    for (let x = 0; x < stride; x += 1) {
      const value = raw[src + x]!;
      const a = x >= bpp ? out[row + x - bpp]! : 0;
      const b = y > 0 ? out[prev + x]! : 0;
      let predicted = 0;
      if (filter === 1) predicted = a;
      else if (filter === 2) predicted = b;
      else if (filter === 3) predicted = (a + b) >> 1;
      else if (filter === 4) {
        const c = x >= bpp && y > 0 ? out[prev + x - bpp]! : 0;
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        predicted = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      } else if (filter !== 0) fail('PNG row filter unknown');
      out[row + x] = (value + predicted) & 0xff;
    }
  }
  return out;
}

class FastPngEmbedder {
  constructor(
    readonly png: Png,
    readonly width = png.width,
    readonly height = png.height,
  ) {}

  /** Validates and prepares the streams now, so a bad image fails before anything is drawn. */
  prepare(): { color: Uint8Array; alpha?: Uint8Array; predictor: boolean } {
    const { png } = this;
    const gray = png.colorType === 0 || png.colorType === 4;
    if (png.colorType === 0 || png.colorType === 2) {
      // Opaque: the IDAT stream is already a valid FlateDecode stream with PNG predictors.
      const raw = inflate(png);
      if (raw.length !== (png.width * (gray ? 1 : 3) + 1) * png.height)
        fail('PNG image data has the wrong size');
      return { color: png.idat, predictor: true };
    }
    const bpp = gray ? 2 : 4;
    const raw = inflate(png);
    if (raw.length !== (png.width * bpp + 1) * png.height) fail('PNG image data has the wrong size');
    const pixels = unfilter(raw, png.width, png.height, bpp);
    const count = png.width * png.height;
    const colorChannels = bpp - 1;
    const color = new Uint8Array(count * colorChannels);
    const alpha = new Uint8Array(count);
    if (colorChannels === 3) {
      for (let i = 0, p = 0, c = 0; i < count; i += 1, p += 4, c += 3) {
        color[c] = pixels[p]!;
        color[c + 1] = pixels[p + 1]!;
        color[c + 2] = pixels[p + 2]!;
        alpha[i] = pixels[p + 3]!;
      }
    } else {
      for (let i = 0, p = 0; i < count; i += 1, p += 2) {
        color[i] = pixels[p]!;
        alpha[i] = pixels[p + 1]!;
      }
    }
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
    inflate(png); // fails on damaged data before pdf-lib's lenient decoder sees it
    try {
      return await doc.embedPng(bytes);
    } catch (error) {
      fail('PNG does not decode', error);
    }
  }
  const embedder = new FastPngEmbedder(png);
  embedder.check();
  const image = PDFImage.of(
    doc.context.nextRef(),
    doc,
    embedder as unknown as Parameters<typeof PDFImage.of>[2],
  );
  await image.embed();
  return image;
}
