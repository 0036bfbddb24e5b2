// The brand logo's bytes (issue #29 item 2): PNG or JPEG only, recognised by their magic bytes (never
// by a name or a declared type; SVG, GIF and everything else refused), the dimensions read from the
// header and checked before any decoding (a decompression bomb is refused unread), then decoded and
// re-encoded here as a plain 8-bit RGBA PNG, scaled down only when larger than the box. What is stored
// and served is always our own encoding, never the uploaded file.
import { inflateSync } from 'node:zlib';
import { pngRawSize } from '../core/png-size';
import { PNG } from 'pngjs';
import jpeg from 'jpeg-js';
import { BRAND_LOGO_LIMITS } from '../../shared/domain/brand';

export type LogoFormat = 'png' | 'jpeg';

/** Why a logo is refused; each is a translated message `brand.errors.{reason}`. */
export type LogoRefusal = 'tooLarge' | 'notImage' | 'dimensions' | 'corrupt';

export type LogoResult =
  | { ok: true; png: Uint8Array; width: number; height: number; source: LogoFormat }
  | { ok: false; reason: LogoRefusal; detail: string };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The format by magic bytes only. */
export function sniffLogoFormat(bytes: Uint8Array): LogoFormat | null {
  if (bytes.length >= 8 && PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  return null;
}

/** A PNG's dimensions from its IHDR chunk (which must come first); null when there is none. */
export function pngDimensions(bytes: Uint8Array): { width: number; height: number } | null {
  if (bytes.length < 33) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const type = String.fromCharCode(bytes[12]!, bytes[13]!, bytes[14]!, bytes[15]!);
  if (type !== 'IHDR' || view.getUint32(8) !== 13) return null;
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/**
 * True when the PNG's image data inflates to every byte its header promises. pngjs fills a short
 * image from uninitialised memory and decodes it or not depending on what that memory holds (a
 * header claiming more than its data was accepted about one time in two): the length is checked
 * here first, and inflating stops one byte past what the header promises.
 */
export function pngDataComplete(bytes: Uint8Array): boolean {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const width = buf.readUInt32BE(16);
  const height = buf.readUInt32BE(20);
  const channels = CHANNELS[buf[25]!];
  if (!channels) return false;
  const expected = pngRawSize(width, height, buf[24]! * channels, buf[28] === 1);
  const idat: Buffer[] = [];
  for (let at = 8; at + 12 <= buf.length;) {
    const length = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    if (type === 'IDAT') idat.push(buf.subarray(at + 8, at + 8 + length));
    if (type === 'IEND') break;
    at += 12 + length;
  }
  try {
    return inflateSync(Buffer.concat(idat), { maxOutputLength: expected + 1 }).length >= expected;
  } catch {
    return false;
  }
}

/** SOF markers (baseline, extended, progressive, lossless …) but DHT (C4), JPG (C8) and DAC (CC). */
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

/** A JPEG's dimensions from its first SOF segment, walking the marker segments; null if none. */
export function jpegDimensions(bytes: Uint8Array): { width: number; height: number } | null {
  let i = 2;
  while (i + 4 <= bytes.length) {
    if (bytes[i] !== 0xff) return null;
    const marker = bytes[i + 1]!;
    if (marker === 0xff) {
      i += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      i += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end, or scan data before any frame
    const length = (bytes[i + 2]! << 8) | bytes[i + 3]!;
    if (length < 2 || i + 2 + length > bytes.length) return null;
    if (SOF.has(marker)) {
      if (length < 7) return null;
      const height = (bytes[i + 5]! << 8) | bytes[i + 6]!;
      const width = (bytes[i + 7]! << 8) | bytes[i + 8]!;
      return { width, height };
    }
    i += 2 + length;
  }
  return null;
}

/** The size the logo is stored at: within the box, proportions kept, never enlarged. */
export function fitInBox(width: number, height: number): { width: number; height: number } {
  const L = BRAND_LOGO_LIMITS;
  const scale = Math.min(1, L.maxWidth / width, L.maxHeight / height);
  if (scale === 1) return { width, height };
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Area-averaging downscale of 8-bit RGBA (each target pixel the mean of the source pixels it
 *  covers, weighted by coverage; colours weighted by alpha so transparent edges do not darken). */
export function downscaleRgba(src: Uint8Array, sw: number, sh: number, dw: number, dh: number): Uint8Array {
  const out = new Uint8Array(dw * dh * 4);
  const sx = sw / dw;
  const sy = sh / dh;
  for (let y = 0; y < dh; y++) {
    const y0 = y * sy;
    const y1 = y0 + sy;
    for (let x = 0; x < dw; x++) {
      const x0 = x * sx;
      const x1 = x0 + sx;
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      let area = 0;
      for (let yy = Math.floor(y0); yy < Math.min(sh, Math.ceil(y1)); yy++) {
        const wy = Math.min(y1, yy + 1) - Math.max(y0, yy);
        for (let xx = Math.floor(x0); xx < Math.min(sw, Math.ceil(x1)); xx++) {
          const w = wy * (Math.min(x1, xx + 1) - Math.max(x0, xx));
          const p = (yy * sw + xx) * 4;
          const al = src[p + 3]! * w;
          r += src[p]! * al;
          g += src[p + 1]! * al;
          b += src[p + 2]! * al;
          a += al;
          area += w;
        }
      }
      const o = (y * dw + x) * 4;
      if (a > 0) {
        out[o] = Math.round(r / a);
        out[o + 1] = Math.round(g / a);
        out[o + 2] = Math.round(b / a);
      }
      out[o + 3] = Math.round(a / area);
    }
  }
  return out;
}

const refuse = (reason: LogoRefusal, detail: string): LogoResult => ({ ok: false, reason, detail });

/** Checks an uploaded logo and answers our own PNG of it (or why it is refused). */
export function processLogo(bytes: Uint8Array): LogoResult {
  const L = BRAND_LOGO_LIMITS;
  if (bytes.length > L.maxBytes) return refuse('tooLarge', `${bytes.length} bytes`);
  const format = sniffLogoFormat(bytes);
  if (!format) return refuse('notImage', 'neither PNG nor JPEG by its magic bytes');
  const dims = format === 'png' ? pngDimensions(bytes) : jpegDimensions(bytes);
  if (!dims) return refuse('corrupt', `no ${format} header`);
  const { width, height } = dims;
  if (
    width < L.minWidth ||
    height < L.minHeight ||
    width > L.maxSourceWidth ||
    height > L.maxSourceHeight ||
    width * height > L.maxSourcePixels
  ) {
    return refuse('dimensions', `${width}×${height}`);
  }
  let rgba: Uint8Array;
  try {
    if (format === 'png') {
      if (!pngDataComplete(bytes)) return refuse('corrupt', 'image data shorter than its header');
      const decoded = PNG.sync.read(Buffer.from(bytes), { skipRescale: false });
      if (decoded.width !== width || decoded.height !== height) return refuse('corrupt', 'size mismatch');
      rgba = new Uint8Array(decoded.data.buffer, decoded.data.byteOffset, decoded.data.byteLength);
    } else {
      const decoded = jpeg.decode(bytes, {
        useTArray: true,
        formatAsRGBA: true,
        maxResolutionInMP: L.maxSourcePixels / 1_000_000,
        maxMemoryUsageInMB: 128,
      });
      if (decoded.width !== width || decoded.height !== height) return refuse('corrupt', 'size mismatch');
      rgba = decoded.data;
    }
  } catch (err) {
    return refuse('corrupt', err instanceof Error ? err.message.slice(0, 120) : 'does not decode');
  }
  if (rgba.length !== width * height * 4) return refuse('corrupt', 'pixel data incomplete');
  const box = fitInBox(width, height);
  const pixels =
    box.width === width && box.height === height
      ? rgba
      : downscaleRgba(rgba, width, height, box.width, box.height);
  const png = new PNG({ width: box.width, height: box.height });
  png.data = Buffer.from(pixels.buffer, pixels.byteOffset, pixels.byteLength);
  const out = PNG.sync.write(png, { colorType: 6, inputColorType: 6, bitDepth: 8 });
  return { ok: true, png: new Uint8Array(out), width: box.width, height: box.height, source: format };
}
