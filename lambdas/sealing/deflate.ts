// pdf-lib deflates its object streams and cross-reference stream with pako's JavaScript zlib
// (`pako.deflate(bytes)` in PDFFlateStream and PDFContext, looked up on pako's module object at each
// call). Each call allocates pako's whole deflate state as typed arrays (window, hash chains, pending
// buffer: ~270 KB) that stay until a garbage collection: a seal deflates 15 (10 pages) to 35 (500
// pages) streams at save, which left 4–10 MB behind and raised a fresh worker's peak memory by as
// much (issue #33). Node's zlib keeps its state outside the JavaScript heap, frees it when the call
// returns, and is faster. So, when the sealing module is loaded, pako's `deflate` is Node's — in the
// Lambda bundle and in the sources alike, so that both write the same bytes
// (test/cdk/sealing-bundle.test.ts). Same format (a zlib stream, default level 6); the bytes differ
// from pako's, and the same input still gives the same output.
import pako from 'pako';
import { deflateSync } from 'node:zlib';

/** pako's `deflate(data, { level })` over Node's zlib, returning a plain Uint8Array as pako does. */
export function nodeDeflate(data: Uint8Array, options?: { readonly level?: number }): Uint8Array {
  const out = deflateSync(data, options?.level === undefined ? {} : { level: options.level });
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}

pako.deflate = nodeDeflate;
