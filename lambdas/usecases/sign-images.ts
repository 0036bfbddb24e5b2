// Sign images checked by their bytes (issue #5): the PNG signature, the header and its size limits
// (SIGN_IMAGE_LIMITS in shared/api), and image data that inflates to the image's size. Used by the
// signer's signs (./signer-signs.ts) and the owner's (./owner-signs.ts).
import { pngRawSize } from '../core/png-size';
import { inflateSync } from 'node:zlib';
import { SIGN_IMAGE_LIMITS } from '../../shared/api/schemas';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export type PngCheck = { ok: true; width: number; height: number } | { ok: false; reason: string };

/** Checks a sign image by its bytes: the PNG signature, an IHDR chunk first, and the size limits. */
export function checkSignPng(bytes: Uint8Array): PngCheck {
  if (bytes.length > SIGN_IMAGE_LIMITS.maxBytes) return { ok: false, reason: 'larger than 1 MB' };
  if (bytes.length < 33) return { ok: false, reason: 'too short to be a PNG' };
  for (let i = 0; i < PNG_SIGNATURE.length; i++) {
    if (bytes[i] !== PNG_SIGNATURE[i]) return { ok: false, reason: 'not a PNG (signature bytes)' };
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const chunkLength = view.getUint32(8);
  const chunkType = String.fromCharCode(bytes[12]!, bytes[13]!, bytes[14]!, bytes[15]!);
  if (chunkType !== 'IHDR' || chunkLength !== 13) return { ok: false, reason: 'no IHDR chunk' };
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  const L = SIGN_IMAGE_LIMITS;
  if (width < L.minWidth || height < L.minHeight)
    return { ok: false, reason: `too small (${width}×${height})` };
  if (width > L.maxWidth || height > L.maxHeight)
    return { ok: false, reason: `too large (${width}×${height})` };
  const data = pngImageData(bytes, view);
  if (typeof data === 'string') return { ok: false, reason: data };
  return { ok: true, width, height };
}

const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
/**
 * Checks the image data the header promises: chunks within the file up to IEND, a known colour type
 * and bit depth, and IDAT data that inflates to exactly the size of the image's rows. Inflating stops
 * at that size, so a small file that would inflate to gigabytes (here, or when the seal embeds it)
 * is refused at once. An error text, or null when the data is sound.
 */
function pngImageData(bytes: Uint8Array, view: DataView): string | null {
  const bitDepth = bytes[24]!;
  const colorType = bytes[25]!;
  const channels = PNG_CHANNELS[colorType];
  if (channels === undefined || ![1, 2, 4, 8, 16].includes(bitDepth)) return 'unknown colour type';
  const idat: Uint8Array[] = [];
  let offset = 8;
  let ended = false;
  while (offset + 12 <= bytes.length) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
    if (offset + 12 + length > bytes.length) return 'a chunk runs past the end';
    if (type === 'IDAT') idat.push(bytes.subarray(offset + 8, offset + 8 + length));
    offset += 12 + length;
    if (type === 'IEND') {
      ended = true;
      break;
    }
  }
  if (!ended || idat.length === 0) return 'incomplete (no image data or no end)';
  const expected = pngRawSize(view.getUint32(16), view.getUint32(20), channels * bitDepth, bytes[28] === 1);
  let raw: Buffer;
  try {
    raw = inflateSync(Buffer.concat(idat), { maxOutputLength: expected });
  } catch {
    return 'image data does not inflate to the image size';
  }
  return raw.length === expected ? null : 'image data does not match the image size';
}

/** The bytes of a base64 image, with or without a `data:image/png;base64,` prefix; null when malformed. */
export function decodeImageBase64(text: string): Uint8Array | null {
  const body = text.replace(/^data:image\/png;base64,/i, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(body) || body.length % 4 === 1) return null;
  return new Uint8Array(Buffer.from(body, 'base64'));
}
