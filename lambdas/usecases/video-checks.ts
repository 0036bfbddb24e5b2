// What an agreement video is checked against, without any I/O (issue #15): its types and keys, the
// recording's challenge code, the container header (EBML for webm, 'ftyp' for mp4), a webm's duration
// from its header, the scan of a whole file (size, SHA-256 streamed), and the JPEG still. The
// recording sessions that use them are in ./videos.ts.
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { VIDEO_THUMBNAIL_MAX_BYTES } from '../../shared/api/schemas';
import { RECORDING_MIN_BYTES } from '../../shared/domain/constants';

/** A recording under this many bytes is too short (spec doc 2 §9.1), on the page and here. */
export const VIDEO_MIN_BYTES = RECORDING_MIN_BYTES;

/** The containers a browser's MediaRecorder writes, and the file extension of each. */
export const VIDEO_TYPES = { 'video/webm': 'webm', 'video/mp4': 'mp4' } as const;
export type VideoType = keyof typeof VIDEO_TYPES;

export interface VideoSettings {
  /** The longest recording; the recorder stops by itself then. */
  readonly maxSeconds: number;
  /** Time after the longest recording to upload it. */
  readonly graceSeconds: number;
  readonly maxBytes: number;
}

// --- Pure helpers -------------------------------------------------------------------------------

/** The container of a recorder's MIME type ('video/webm;codecs=vp8,opus' → 'video/webm'), or null. */
export function videoType(contentType: string): VideoType | null {
  const base = contentType.split(';')[0]!.trim().toLowerCase();
  return Object.hasOwn(VIDEO_TYPES, base) ? (base as VideoType) : null;
}

/** A 4-digit challenge code, '0000'–'9999'. */
export function challengeCode(): string {
  return String(randomInt(0, 10_000)).padStart(4, '0');
}

/** The one key a session's form may write (a staging key). */
export function videoKey(docuId: string, recipientIndex: number, sessionId: string, type: VideoType): string {
  return `uploads/${docuId}/videos/${recipientIndex}/${sessionId}.${VIDEO_TYPES[type]}`;
}

/** The key of one completion attempt's copy of the checked bytes, a new random id: no form names it,
 *  and no other attempt (concurrent or repeated) of the same session shares it. */
export function acceptedVideoKey(
  docuId: string,
  recipientIndex: number,
  type: VideoType,
  attempt = randomBytes(16).toString('hex'),
): string {
  return `documents/${docuId}/videos/${recipientIndex}/${attempt}.${VIDEO_TYPES[type]}`;
}

const EBML = [0x1a, 0x45, 0xdf, 0xa3];
const FTYP = [0x66, 0x74, 0x79, 0x70];

/** Whether the first bytes are the header of the container: EBML for webm, 'ftyp' at offset 4 for mp4. */
export function hasVideoHeader(head: Uint8Array, type: VideoType): boolean {
  const [magic, at] = type === 'video/webm' ? [EBML, 0] : [FTYP, 4];
  return head.length >= at + magic.length && magic.every((b, i) => head[at + i] === b);
}

export type VideoScan =
  | { ok: true; sizeBytes: number; sha256: string; headerSeconds: number | null }
  | { ok: false; code: 'video.errors.notVideo' | 'video.errors.tooLarge' };

/** How much of a video's beginning is searched for its header's Duration. */
const HEADER_BYTES = 4096;

/** An EBML variable-length integer at `at`: its value (the length marker removed unless `keepMarker`,
 *  as for element IDs), its length, and whether it is the reserved "unknown size"; null past the end. */
function vint(head: Uint8Array, at: number, keepMarker: boolean) {
  const first = head[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (at + length > head.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let k = 1; k < length; k++) {
    value = value * 256 + head[at + k]!;
    allOnes &&= head[at + k] === 0xff;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const CLUSTER = 0x1f43b675;
const TIMECODE_SCALE = 0x2ad7b1;
const DURATION = 0x4489;

/**
 * The Duration of a webm's Segment Info in seconds (element 0x4489, a float in TimecodeScale units,
 * default 1 ms), read by walking the EBML elements of the first bytes: EBML header, Segment, then its
 * children up to the first Cluster. Null when the header has none (a live MediaRecorder stream
 * usually has none: it cannot know the length when it writes the header) or the bytes end first.
 */
export function webmHeaderSeconds(head: Uint8Array): number | null {
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  let at = 0;
  const element = () => {
    const id = vint(head, at, true);
    if (!id) return null;
    const size = vint(head, at + id.length, false);
    if (!size) return null;
    const start = at + id.length + size.length;
    return { id: id.value, start, size: size.unknown ? null : size.value };
  };
  const ebml = element();
  if (!ebml || ebml.size === null) return null;
  at = ebml.start + ebml.size;
  const segment = element();
  if (!segment || segment.id !== SEGMENT) return null;
  at = segment.start;
  while (at < head.length) {
    const e = element();
    if (!e || e.id === CLUSTER) return null;
    if (e.id !== INFO) {
      if (e.size === null) return null;
      at = e.start + e.size;
      continue;
    }
    const end = e.size === null ? head.length : Math.min(head.length, e.start + e.size);
    let scaleNs = 1_000_000;
    let units: number | null = null;
    at = e.start;
    while (at < end) {
      const c = element();
      if (!c || c.size === null || c.start + c.size > head.length) break;
      if (c.id === TIMECODE_SCALE && c.size >= 1 && c.size <= 8) {
        let v = 0;
        for (let k = 0; k < c.size; k++) v = v * 256 + head[c.start + k]!;
        if (v > 0) scaleNs = v;
      } else if (c.id === DURATION && (c.size === 4 || c.size === 8)) {
        units = c.size === 4 ? view.getFloat32(c.start) : view.getFloat64(c.start);
      }
      at = c.start + c.size;
    }
    return units !== null && Number.isFinite(units) && units > 0 ? (units * scaleNs) / 1e9 : null;
  }
  return null;
}

/**
 * Reads a video chunk by chunk: checks the container header as soon as its first bytes are in (and
 * stops reading at once when it is wrong), counts the bytes against the cap and hashes them. Memory
 * stays at one chunk (and the first 4 KB, searched for a webm's Duration) whatever the size.
 */
export async function scanVideo(
  chunks: AsyncIterable<Uint8Array>,
  type: VideoType,
  maxBytes: number,
): Promise<VideoScan> {
  const hash = createHash('sha256');
  const head = new Uint8Array(HEADER_BYTES);
  let size = 0;
  for await (const chunk of chunks) {
    if (size < head.length) head.set(chunk.subarray(0, head.length - size), size);
    const before = size;
    size += chunk.length;
    if (before < 8 && size >= 8 && !hasVideoHeader(head, type)) {
      return { ok: false, code: 'video.errors.notVideo' };
    }
    if (size > maxBytes) return { ok: false, code: 'video.errors.tooLarge' };
    hash.update(chunk);
  }
  if (size < 8) return { ok: false, code: 'video.errors.notVideo' };
  const headerSeconds = type === 'video/webm' ? webmHeaderSeconds(head.subarray(0, size)) : null;
  return { ok: true, sizeBytes: size, sha256: hash.digest('hex'), headerSeconds };
}

/** A thumbnail's bytes when they are a real JPEG (SOI FF D8 FF … EOI FF D9) within the cap, else null. */
export function jpegThumbnail(base64: string): Uint8Array | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) return null;
  const bytes = new Uint8Array(Buffer.from(base64, 'base64'));
  const n = bytes.length;
  if (n < 4 || n > VIDEO_THUMBNAIL_MAX_BYTES) return null;
  const soi = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  const eoi = bytes[n - 2] === 0xff && bytes[n - 1] === 0xd9;
  return soi && eoi ? bytes : null;
}

/**
 * The video's duration in seconds and where it comes from: the container header's Duration where it
 * has one; else the recorder's measure, bounded by the session (never longer than the time since the
 * session opened, nor than the longest recording plus a second); null when neither is known.
 */
export function videoDuration(
  headerSeconds: number | null,
  clientMs: number | undefined,
  bounds: { sessionStartedAt: string; now: Date; maxSeconds: number },
): { seconds: number; source: 'header' | 'client' } | null {
  if (headerSeconds !== null) return { seconds: Math.round(headerSeconds * 1000) / 1000, source: 'header' };
  if (clientMs === undefined) return null;
  const elapsed = (bounds.now.getTime() - Date.parse(bounds.sessionStartedAt)) / 1000;
  const seconds = Math.max(0, Math.min(clientMs / 1000, elapsed, bounds.maxSeconds + 1));
  return { seconds: Math.round(seconds * 1000) / 1000, source: 'client' };
}
