// Budgets of an uploaded PDF (issue #13 defect 6, architecture §18): a small file may inflate to
// hundreds of megabytes (a "zip bomb" in a Flate stream or an object stream) or hold tens of
// thousands of pages; both blocked the server and the second overflowed the document's item. Before
// pdf-lib parses anything, every Flate stream is inflated by zlib (native, in chunks that are counted
// and dropped, never kept) against a budget of decompressed bytes; then the parse itself has a time
// budget and the page count a limit. Over a budget, the upload is refused with its own message.
import { createInflate } from 'node:zlib';

export interface PdfBudgets {
  /** Most pages of an original (config PDF_MAX_PAGES). */
  readonly maxPages: number;
  /** Most bytes all Flate streams may inflate to, together (config PDF_MAX_INFLATED_MB). */
  readonly maxInflatedBytes: number;
  /** Longest parse of the file by pdf-lib, in milliseconds (config PDF_MAX_PARSE_MS). */
  readonly maxParseMs: number;
}

export const DEFAULT_PDF_BUDGETS: PdfBudgets = {
  maxPages: 2000,
  maxInflatedBytes: 256 * 1024 * 1024,
  maxParseMs: 5000,
};

const STREAM = /stream(?:\r\n|\n|\r)/g;
const FLATE = /\/(?:FlateDecode|Fl)\b/;

/** Counts what `data` inflates to, stopping as soon as the count passes `limit`. */
function inflatedSize(data: Uint8Array, limit: number): Promise<number> {
  return new Promise((resolve) => {
    const inflate = createInflate({ chunkSize: 64 * 1024 });
    let total = 0;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      inflate.removeAllListeners('data');
      inflate.destroy();
      resolve(total);
    };
    inflate.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > limit) finish();
    });
    // A damaged or truncated stream counts what it gave before the error (pdf-lib then judges it).
    inflate.on('error', finish);
    inflate.on('end', finish);
    inflate.on('close', finish);
    inflate.end(data);
  });
}

/**
 * The bytes all Flate-encoded streams of a PDF inflate to, counted up to `limit` (the answer is
 * `limit + 1` or more once it is passed). Streams are found by their `stream` keyword and the
 * dictionary just before it; a stream's data ends at the next `endstream`.
 */
export async function inflatedBytes(bytes: Uint8Array, limit: number): Promise<number> {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  let total = 0;
  STREAM.lastIndex = 0;
  for (let m = STREAM.exec(text); m; m = STREAM.exec(text)) {
    if (text.startsWith('end', m.index - 3)) continue; // "endstream" followed by a line break
    const start = m.index + m[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    const dict = text.slice(Math.max(0, text.lastIndexOf('obj', m.index)), m.index);
    if (FLATE.test(dict)) {
      total += await inflatedSize(bytes.subarray(start, end), limit - total);
      if (total > limit) return total;
    }
    STREAM.lastIndex = end + 'endstream'.length;
  }
  return total;
}

export class ParseTimeout extends Error {
  constructor(readonly ms: number) {
    super(`The PDF took longer than ${ms} ms to parse`);
  }
}

/**
 * `work` within `ms`, or a ParseTimeout. pdf-lib yields between objects when asked to (objectsPerTick),
 * so the timer can fire; the abandoned parse finishes in the background and its result is dropped.
 */
export async function withinTime<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ParseTimeout(ms)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
    work.catch(() => undefined);
  }
}
