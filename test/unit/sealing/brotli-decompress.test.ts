// The bundles' brotli/decompress.js (lambdas/bundle/brotli-decompress.ts, Node's zlib) against the
// `brotli` package's JavaScript decoder it replaces for fontkit's WOFF2 fonts.
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { brotliCompressSync } from 'node:zlib';
import decompress from '../../../lambdas/bundle/brotli-decompress';

const original = createRequire(import.meta.url)('brotli/decompress.js') as (
  buffer: Uint8Array,
  outputSize?: number,
) => Uint8Array;

const data = Buffer.concat([randomBytes(5000), Buffer.from('SignSeal '.repeat(4000)), randomBytes(300)]);
const compressed = new Uint8Array(brotliCompressSync(data));

it('gives the bytes the JavaScript decoder gives, as a plain Uint8Array', () => {
  const ours = decompress(compressed, data.length);
  expect(Object.getPrototypeOf(ours)).toBe(Uint8Array.prototype);
  expect(Buffer.from(ours).equals(Buffer.from(original(compressed, data.length)))).toBe(true);
  expect(Buffer.from(decompress(compressed)).equals(data)).toBe(true);
});

it('gives the whole output whatever the size hint, as the JavaScript decoder does', () => {
  for (const hint of [100, data.length - 1, data.length + 1000]) {
    expect(Buffer.from(original(compressed, hint)).equals(data)).toBe(true);
    expect(Buffer.from(decompress(compressed, hint)).equals(data)).toBe(true);
  }
});

it('fails on bytes that are not Brotli, as the JavaScript decoder does', () => {
  const garbage = new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8]);
  expect(() => original(garbage)).toThrow();
  expect(() => decompress(garbage)).toThrow();
});
