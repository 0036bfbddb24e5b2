// pako, pdf-lib's zlib (a dependency of ours too, for these two uses). Its zlib port's inflate side
// for lambdas/sealing/png.ts: the low-level functions, which inflate into an output buffer the caller
// owns (pako's `inflate()` and Node's `inflateSync` allocate their own).
declare module 'pako/lib/zlib/inflate.js' {
  /** zlib's z_stream: the input and output buffers and positions. */
  export interface ZStream {
    input: Uint8Array | null;
    next_in: number;
    avail_in: number;
    total_in: number;
    output: Uint8Array | null;
    next_out: number;
    avail_out: number;
    total_out: number;
    msg: string;
    state: unknown;
    data_type: number;
    adler: number;
  }
  export function inflateInit2(strm: ZStream, windowBits: number): number;
  export function inflate(strm: ZStream, flush: number): number;
  export function inflateEnd(strm: ZStream): number;
}
// pako's front door, whose `deflate` lambdas/sealing/deflate.ts replaces (pdf-lib looks it up there).
declare module 'pako' {
  const pako: { deflate: (data: Uint8Array, options?: { readonly level?: number }) => Uint8Array };
  export default pako;
}
