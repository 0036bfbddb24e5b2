// The bundles' `brotli/decompress.js`: the same function over Node's built-in Brotli (zlib) instead of
// the `brotli` package's JavaScript decoder, which carries its 122 KB dictionary as a 756 KB source
// file (486 KB minified, the largest part of the seal and anchor bundles). fontkit calls it for WOFF2
// fonts only (`brotli(buffer, decompressedSize)` in WOFF2Font); the sealing module embeds TrueType
// files, so it is not called today, but a WOFF2 font would still be read as before. Replaced in
// lib/bundle-aliases.ts; checked on a real bundle in test/cdk/sealing-bundle.test.ts.
import { brotliDecompressSync } from 'node:zlib';

/**
 * `BrotliDecompressBuffer(buffer, outputSize)` of the `brotli` package: the decompressed bytes, or an
 * error when they are not valid Brotli. Like it, the whole output whatever the size hint says.
 */
export default function decompress(buffer: Uint8Array, _outputSize?: number | null): Uint8Array {
  const out = brotliDecompressSync(buffer);
  // A plain Uint8Array, as the JavaScript decoder returns (Buffer#slice would share memory).
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}
