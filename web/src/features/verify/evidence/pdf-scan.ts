// Reads what the evidence panel needs of a PDF (issue #30 item 6), from its bytes only: every signature
// dictionary (approval signatures and document timestamps, ISO 32000-2 12.8) with its /ByteRange and
// /Contents, the revisions after each, and the catalog's /DSS streams (ETSI EN 319 142-1 5.4), which
// pdf-lib writes inside compressed object streams. No cross-reference table is trusted or needed: the
// file is scanned for `N G obj` and each object stream is opened, the later definition of an object
// (the later revision) winning, so a damaged or hand-made file still reads as far as it can. Every
// input is a stranger's: sizes, counts and nesting are bounded, and nothing here throws on bad bytes.

export class PdfName {
  constructor(readonly name: string) {}
}
export class PdfRef {
  constructor(
    readonly num: number,
    readonly gen: number,
  ) {}
}
export class PdfString {
  constructor(readonly bytes: Uint8Array) {}
}
export type PdfDict = Map<string, PdfValue>;
export type PdfValue = number | boolean | null | PdfName | PdfRef | PdfString | PdfValue[] | PdfDict;

/** Limits on what a dropped file can make this page do. */
export const LIMITS = {
  /** Objects read from the file and its object streams together. */
  objects: 200_000,
  /** Nesting of arrays and dictionaries. */
  depth: 32,
  /** Signature dictionaries judged. */
  signatures: 16,
  /** A signature's /Contents (bytes, after hex decoding). */
  contents: 1 << 20,
  /** A decompressed stream (an object stream, a DSS entry). */
  inflated: 16 << 20,
  /** All streams decompressed for one file together. */
  inflatedTotal: 64 << 20,
  /** DSS entries read per array. */
  dssEntries: 256,
  /** Object streams opened. */
  objectStreams: 2_000,
} as const;

const WHITE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIM = new Set([0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]);
const isRegular = (c: number | undefined) => c !== undefined && !WHITE.has(c) && !DELIM.has(c);

class ParseError extends Error {}

/** A cursor over PDF bytes that reads one object (ISO 32000-2 7.3). */
class Lexer {
  constructor(
    readonly bytes: Uint8Array,
    public pos: number,
  ) {}

  skipWhite(): void {
    const b = this.bytes;
    while (this.pos < b.length) {
      const c = b[this.pos]!;
      if (WHITE.has(c)) this.pos += 1;
      else if (c === 0x25) {
        while (this.pos < b.length && b[this.pos] !== 0x0a && b[this.pos] !== 0x0d) this.pos += 1;
      } else break;
    }
  }

  /** A regular token (keyword or number) at the cursor, without moving it. */
  peekToken(): string {
    this.skipWhite();
    let end = this.pos;
    while (end < this.bytes.length && isRegular(this.bytes[end])) end += 1;
    return latin1(this.bytes, this.pos, end);
  }

  readToken(): string {
    const token = this.peekToken();
    this.pos += token.length;
    return token;
  }

  value(depth = 0): PdfValue {
    if (depth > LIMITS.depth) throw new ParseError('too deep');
    this.skipWhite();
    const b = this.bytes;
    const c = b[this.pos];
    if (c === undefined) throw new ParseError('end of data');
    if (c === 0x2f) return this.name();
    if (c === 0x28) return this.literal();
    if (c === 0x3c && b[this.pos + 1] === 0x3c) return this.dict(depth);
    if (c === 0x3c) return this.hex();
    if (c === 0x5b) {
      this.pos += 1;
      const items: PdfValue[] = [];
      for (;;) {
        this.skipWhite();
        if (this.pos >= b.length) throw new ParseError('unterminated array');
        if (b[this.pos] === 0x5d) {
          this.pos += 1;
          return items;
        }
        items.push(this.value(depth + 1));
      }
    }
    const token = this.readToken();
    if (token === '') throw new ParseError('unexpected byte');
    if (token === 'true') return true;
    if (token === 'false') return false;
    if (token === 'null') return null;
    if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(token)) {
      // `num gen R` is a reference.
      if (/^\d+$/.test(token)) {
        const save = this.pos;
        const gen = this.readToken();
        if (/^\d+$/.test(gen) && this.readToken() === 'R') return new PdfRef(Number(token), Number(gen));
        this.pos = save;
      }
      return Number(token);
    }
    throw new ParseError(`unexpected ${token.slice(0, 16)}`);
  }

  private name(): PdfName {
    this.pos += 1;
    const start = this.pos;
    while (this.pos < this.bytes.length && isRegular(this.bytes[this.pos])) this.pos += 1;
    const raw = latin1(this.bytes, start, this.pos);
    return new PdfName(
      raw.replace(/#([0-9a-fA-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
    );
  }

  private literal(): PdfString {
    const b = this.bytes;
    this.pos += 1;
    const out: number[] = [];
    let nesting = 1;
    while (this.pos < b.length) {
      const c = b[this.pos++]!;
      if (c === 0x5c) {
        const e = b[this.pos++];
        if (e === undefined) break;
        const simple: Record<number, number> = { 0x6e: 10, 0x72: 13, 0x74: 9, 0x62: 8, 0x66: 12 };
        if (simple[e] !== undefined) out.push(simple[e]);
        else if (e >= 0x30 && e <= 0x37) {
          let octal = e - 0x30;
          for (let i = 0; i < 2 && b[this.pos]! >= 0x30 && b[this.pos]! <= 0x37; i += 1)
            octal = octal * 8 + (b[this.pos++]! - 0x30);
          out.push(octal & 0xff);
        } else if (e === 0x0d) {
          if (b[this.pos] === 0x0a) this.pos += 1;
        } else if (e !== 0x0a) out.push(e);
      } else if (c === 0x28) {
        nesting += 1;
        out.push(c);
      } else if (c === 0x29) {
        nesting -= 1;
        if (nesting === 0) return new PdfString(Uint8Array.from(out));
        out.push(c);
      } else out.push(c);
      if (out.length > LIMITS.contents) throw new ParseError('string too long');
    }
    throw new ParseError('unterminated string');
  }

  private hex(): PdfString {
    const end = this.bytes.indexOf(0x3e, this.pos + 1);
    if (end < 0) throw new ParseError('unterminated hex string');
    if ((end - this.pos) / 2 > LIMITS.contents) throw new ParseError('hex string too long');
    const bytes = hexBytes(this.bytes, this.pos + 1, end);
    this.pos = end + 1;
    return new PdfString(bytes);
  }

  private dict(depth: number): PdfDict {
    const b = this.bytes;
    this.pos += 2;
    const dict: PdfDict = new Map();
    for (;;) {
      this.skipWhite();
      if (this.pos >= b.length) throw new ParseError('unterminated dictionary');
      if (b[this.pos] === 0x3e && b[this.pos + 1] === 0x3e) {
        this.pos += 2;
        return dict;
      }
      const key = this.value(depth + 1);
      if (!(key instanceof PdfName)) throw new ParseError('dictionary key is not a name');
      dict.set(key.name, this.value(depth + 1));
    }
  }
}

function latin1(bytes: Uint8Array, start: number, end: number): string {
  let s = '';
  for (let i = start; i < end; i += 8192)
    s += String.fromCharCode(...bytes.subarray(i, Math.min(end, i + 8192)));
  return s;
}

/** Hex digits between `start` and `end` (whitespace ignored; an odd last digit is followed by 0). */
function hexBytes(bytes: Uint8Array, start: number, end: number): Uint8Array {
  const out = new Uint8Array(Math.ceil((end - start) / 2));
  let n = 0;
  let high = -1;
  for (let i = start; i < end; i += 1) {
    const c = bytes[i]!;
    if (WHITE.has(c)) continue;
    const v =
      c >= 0x30 && c <= 0x39 ? c - 0x30 : (c | 0x20) >= 0x61 && (c | 0x20) <= 0x66 ? (c | 0x20) - 0x57 : -1;
    if (v < 0) throw new ParseError('not a hex digit');
    if (high < 0) high = v;
    else {
      out[n++] = (high << 4) | v;
      high = -1;
    }
  }
  if (high >= 0) out[n++] = high << 4;
  return out.subarray(0, n);
}

/** One object as defined at `offset` (its object stream's offset when it lives in one). */
interface Entry {
  readonly num: number;
  readonly gen: number;
  readonly offset: number;
  /** Where the object ends in the file (its stream included); the object stream's end for one inside. */
  readonly end: number;
  readonly value: PdfValue;
  /** A stream's raw data (undecoded), when the object is a stream. */
  readonly stream?: Uint8Array;
  readonly inObjectStream: boolean;
}

/** What is left to decompress for one file (`LIMITS.inflatedTotal` at first). */
export interface InflateBudget {
  left: number;
}

export interface PdfIndex {
  readonly bytes: Uint8Array;
  /** The latest definition of each object number. */
  readonly objects: ReadonlyMap<number, Entry>;
  /** Every definition outside object streams, in file order (signature dictionaries are found here). */
  readonly direct: readonly Entry[];
  /** Offsets just past each `%%EOF` marker, in file order: one per revision. */
  readonly revisionEnds: readonly number[];
  readonly budget: InflateBudget;
}

const OBJ_HEADER = /(\d{1,10})[\0\t\n\f\r ]+(\d{1,5})[\0\t\n\f\r ]+obj(?![^\0\t\n\f\r ()<>[\]{}/%])/g;

function streamAfter(lexer: Lexer, dict: PdfDict): { data: Uint8Array; end: number } | undefined {
  const bytes = lexer.bytes;
  if (lexer.peekToken() !== 'stream') return undefined;
  let start = lexer.pos + 'stream'.length;
  if (bytes[start] === 0x0d) start += 1;
  if (bytes[start] === 0x0a) start += 1;
  const length = dict.get('Length');
  let end = typeof length === 'number' && length >= 0 ? start + length : -1;
  const marker = (at: number) => latin1(bytes, at, Math.min(bytes.length, at + 20)).trimStart();
  if (end < 0 || end > bytes.length || !marker(end).startsWith('endstream')) {
    // An indirect or wrong /Length: the data runs to the next `endstream`.
    end = indexOfAscii(bytes, 'endstream', start);
    if (end < 0) return undefined;
    if (bytes[end - 1] === 0x0a) end -= 1;
    if (bytes[end - 1] === 0x0d) end -= 1;
  }
  const after = indexOfAscii(bytes, 'endstream', end);
  return { data: bytes.subarray(start, end), end: after < 0 ? end : after + 'endstream'.length };
}

export function indexOfAscii(bytes: Uint8Array, text: string, from = 0): number {
  const first = text.charCodeAt(0);
  outer: for (
    let i = bytes.indexOf(first, from);
    i >= 0 && i <= bytes.length - text.length;
    i = bytes.indexOf(first, i + 1)
  ) {
    for (let k = 1; k < text.length; k += 1) if (bytes[i + k] !== text.charCodeAt(k)) continue outer;
    return i;
  }
  return -1;
}

/** Inflates zlib data through the platform's DecompressionStream, capped at `LIMITS.inflated`. Data
 *  after the end of the deflate stream (a stray end-of-line) is tolerated: what came out is kept. */
export async function inflate(data: Uint8Array, budget?: InflateBudget): Promise<Uint8Array> {
  const cap = Math.min(LIMITS.inflated, budget?.left ?? LIMITS.inflated);
  const stream = new Blob([data as BlobPart]).stream().pipeThrough(new DecompressionStream('deflate'));
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > cap) {
        await reader.cancel().catch(() => undefined);
        throw new ParseError('stream too large');
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof ParseError || total === 0)
      throw error instanceof ParseError ? error : new ParseError('bad stream');
  }
  if (budget) budget.left -= total;
  const out = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}

/** A stream's data with its filters undone (none, or FlateDecode without a predictor). */
export async function decodeStream(
  dict: PdfDict,
  raw: Uint8Array,
  budget?: InflateBudget,
): Promise<Uint8Array> {
  const filter = dict.get('Filter');
  const filters = (Array.isArray(filter) ? filter : filter === undefined ? [] : [filter]).map((f) =>
    f instanceof PdfName ? f.name : '?',
  );
  const parms = dict.get('DecodeParms');
  if (
    parms instanceof Map &&
    typeof parms.get('Predictor') === 'number' &&
    (parms.get('Predictor') as number) > 1
  )
    throw new ParseError('predictors are not read here');
  let data = raw;
  for (const name of filters) {
    if (name === 'FlateDecode' || name === 'Fl') data = await inflate(data, budget);
    else throw new ParseError(`filter ${name}`);
  }
  return data;
}

/** Indexes every object of the file and of its object streams. Never throws. */
export async function indexPdf(bytes: Uint8Array): Promise<PdfIndex> {
  const text = latin1(bytes, 0, bytes.length);
  const budget: InflateBudget = { left: LIMITS.inflatedTotal };
  const objects = new Map<number, Entry>();
  const direct: Entry[] = [];
  const keep = (entry: Entry) => {
    const known = objects.get(entry.num);
    if (!known || known.offset <= entry.offset) objects.set(entry.num, entry);
  };
  OBJ_HEADER.lastIndex = 0;
  let count = 0;
  for (let match = OBJ_HEADER.exec(text); match && count < LIMITS.objects; match = OBJ_HEADER.exec(text)) {
    const lexer = new Lexer(bytes, match.index + match[0].length);
    try {
      const value = lexer.value();
      const stream = value instanceof Map ? streamAfter(lexer, value) : undefined;
      const end = stream ? stream.end : lexer.pos;
      const entry: Entry = {
        num: Number(match[1]),
        gen: Number(match[2]),
        offset: match.index,
        end,
        value,
        ...(stream ? { stream: stream.data } : {}),
        inObjectStream: false,
      };
      direct.push(entry);
      keep(entry);
      count += 1;
      // Never look for objects inside a stream's data.
      if (stream) OBJ_HEADER.lastIndex = stream.end;
    } catch {
      // Not an object after all (or a broken one): look further.
    }
  }
  let opened = 0;
  for (const entry of direct) {
    if (count >= LIMITS.objects || opened >= LIMITS.objectStreams) break;
    const dict = entry.value;
    if (!(dict instanceof Map) || !entry.stream || nameOf(dict.get('Type')) !== 'ObjStm') continue;
    opened += 1;
    try {
      const data = await decodeStream(dict, entry.stream, budget);
      const n = dict.get('N');
      const first = dict.get('First');
      if (typeof n !== 'number' || typeof first !== 'number') continue;
      const header = new Lexer(data, 0);
      const pairs: [number, number][] = [];
      for (let i = 0; i < Math.min(n, LIMITS.objects); i += 1) {
        const num = Number(header.readToken());
        const at = Number(header.readToken());
        if (!Number.isInteger(num) || !Number.isInteger(at)) break;
        pairs.push([num, at]);
      }
      for (const [num, at] of pairs) {
        if (count >= LIMITS.objects) break;
        try {
          const value = new Lexer(data, first + at).value();
          keep({ num, gen: 0, offset: entry.offset, end: entry.end, value, inObjectStream: true });
          count += 1;
        } catch {
          // One broken object does not spoil its neighbours.
        }
      }
    } catch {
      // An object stream we cannot open: its objects stay unknown.
    }
  }
  const revisionEnds: number[] = [];
  for (let at = text.indexOf('%%EOF'); at >= 0; at = text.indexOf('%%EOF', at + 5)) revisionEnds.push(at + 5);
  return { bytes, objects, direct, revisionEnds, budget };
}

export const nameOf = (value: PdfValue | undefined): string | undefined =>
  value instanceof PdfName ? value.name : undefined;

/** The object a reference names (its latest definition), or the value itself. */
export function resolve(index: PdfIndex, value: PdfValue | undefined): PdfValue | undefined {
  let current = value;
  for (let hops = 0; current instanceof PdfRef && hops < 8; hops += 1)
    current = index.objects.get(current.num)?.value;
  return current instanceof PdfRef ? undefined : current;
}

function entryOf(index: PdfIndex, value: PdfValue | undefined): Entry | undefined {
  return value instanceof PdfRef ? index.objects.get(value.num) : undefined;
}

export type SignatureKind = 'approval' | 'documentTimestamp';

export interface PdfSignature {
  readonly kind: SignatureKind;
  readonly subFilter: string;
  /** The four integers of /ByteRange. */
  readonly byteRange: readonly [number, number, number, number];
  /** The DER of /Contents without its zero padding. */
  readonly contents: Uint8Array;
  /** Where the signature dictionary starts in the file. */
  readonly offset: number;
  /** /M, as written (the signer's own claim). */
  readonly claimedTime?: string;
  /** The signed ranges, and whether they end where the file does. */
  readonly coversWholeFile: boolean;
  /** Revisions appended after the signed one. */
  readonly laterRevisions: number;
  /** Something wrong with the dictionary itself (ranges outside the file, /Contents not in the gap). */
  readonly problem?: 'byteRange' | 'contents';
}

const SUBFILTERS: Record<string, SignatureKind> = {
  'ETSI.CAdES.detached': 'approval',
  'adbe.pkcs7.detached': 'approval',
  'ETSI.RFC3161': 'documentTimestamp',
};

/** The length of the DER element at the start of `bytes` (tag, length and contents), or -1. */
export function derLength(bytes: Uint8Array): number {
  if (bytes.length < 2) return -1;
  const first = bytes[1]!;
  if (first < 0x80) return 2 + first;
  const count = first & 0x7f;
  if (count === 0 || count > 4 || bytes.length < 2 + count) return -1;
  let length = 0;
  for (let i = 0; i < count; i += 1) length = length * 256 + bytes[2 + i]!;
  return 2 + count + length <= bytes.length ? 2 + count + length : -1;
}

interface SignatureBase {
  readonly kind: SignatureKind;
  readonly subFilter: string;
  readonly offset: number;
  readonly claimedTime?: string;
}

/** A signature from its /ByteRange value: the ranges checked, /Contents read from the gap between
 *  them, which must lie within the dictionary's span [`spanStart`, `spanEnd`). */
function signatureFrom(
  index: PdfIndex,
  base: SignatureBase,
  range: PdfValue,
  spanStart: number,
  spanEnd: number,
): PdfSignature {
  const { bytes } = index;
  const list = Array.isArray(range) ? range : [];
  const numbers = list.filter((n): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 0);
  const [a, b, c, d] = numbers;
  if (
    numbers.length !== 4 ||
    list.length !== 4 ||
    a !== 0 ||
    b === undefined ||
    c === undefined ||
    d === undefined ||
    b >= c ||
    c + d > bytes.length
  ) {
    return {
      ...base,
      byteRange: [a ?? 0, b ?? 0, c ?? 0, d ?? 0],
      contents: new Uint8Array(0),
      coversWholeFile: false,
      laterRevisions: 0,
      problem: 'byteRange',
    };
  }
  const coveredEnd = c + d;
  let laterRevisions = 0;
  for (const eof of index.revisionEnds) if (eof - 5 >= coveredEnd) laterRevisions += 1;
  let rest = coveredEnd;
  while (rest < bytes.length && WHITE.has(bytes[rest]!)) rest += 1;
  // /Contents must be the gap between the ranges, inside this dictionary.
  let contents = new Uint8Array(0);
  let problem: PdfSignature['problem'];
  try {
    if (bytes[b] !== 0x3c || bytes[c - 1] !== 0x3e || b < spanStart || c > spanEnd)
      throw new ParseError('gap');
    if ((c - b - 2) / 2 > LIMITS.contents) throw new ParseError('too long');
    const padded = hexBytes(bytes, b + 1, c - 1);
    const length = derLength(padded);
    if (length < 0) throw new ParseError('not DER');
    contents = padded.slice(0, length);
  } catch {
    problem = 'contents';
  }
  return {
    ...base,
    byteRange: [a, b, c, d],
    coversWholeFile: rest === bytes.length,
    laterRevisions,
    contents,
    ...(problem ? { problem } : {}),
  };
}

/** Every signature dictionary of the file (`/Type /Sig` or `/DocTimeStamp`), in file order. A
 *  dictionary too damaged to parse is still found by its `/ByteRange` bytes, so that a changed byte
 *  there reads as a signature that does not match, not as a file without one. */
export function signaturesOf(index: PdfIndex): PdfSignature[] {
  const { bytes } = index;
  const found: PdfSignature[] = [];
  const spans: [number, number][] = [];
  for (const entry of index.direct) {
    if (found.length >= LIMITS.signatures) break;
    const dict = entry.value;
    if (!(dict instanceof Map) || !dict.has('ByteRange')) continue;
    const type = nameOf(dict.get('Type'));
    const subFilter = nameOf(dict.get('SubFilter')) ?? '';
    const kind = SUBFILTERS[subFilter];
    if (!kind || (type !== undefined && type !== 'Sig' && type !== 'DocTimeStamp')) continue;
    if ((type === 'DocTimeStamp') !== (kind === 'documentTimestamp') && type !== undefined) continue;
    spans.push([entry.offset, entry.end]);
    const m = dict.get('M');
    const base: SignatureBase = {
      kind,
      subFilter,
      offset: entry.offset,
      ...(m instanceof PdfString ? { claimedTime: latin1(m.bytes, 0, m.bytes.length) } : {}),
    };
    found.push(signatureFrom(index, base, dict.get('ByteRange')!, entry.offset, entry.end));
  }
  for (let at = indexOfAscii(bytes, '/ByteRange'); at >= 0; at = indexOfAscii(bytes, '/ByteRange', at + 10)) {
    if (found.length >= LIMITS.signatures) break;
    if (spans.some(([from, to]) => at >= from && at < to)) continue;
    // The dictionary around it, as far as `obj` … `endobj` tell.
    const window = latin1(bytes, Math.max(0, at - 2048), Math.min(bytes.length, at + 2048));
    const here = at - Math.max(0, at - 2048);
    const objAt = window.lastIndexOf('obj', here);
    const endAt = window.indexOf('endobj', here);
    const dictText = window.slice(objAt < 0 ? 0 : objAt, endAt < 0 ? window.length : endAt);
    const subFilter = /\/SubFilter\s*\/([^\s/<>[\]()]+)/.exec(dictText)?.[1] ?? '';
    const kind: SignatureKind | undefined =
      SUBFILTERS[subFilter] ??
      (/\/(Sig|DocTimeStamp)\b/.test(dictText)
        ? /DocTimeStamp/.test(dictText)
          ? 'documentTimestamp'
          : 'approval'
        : undefined);
    if (!kind) continue;
    let range: PdfValue = null;
    try {
      range = new Lexer(bytes, at + 10).value();
    } catch {
      // A /ByteRange that does not parse: reported as such.
    }
    const spanStart = Math.max(0, at - 2048) + (objAt < 0 ? 0 : objAt);
    // Without an `endobj`, the dictionary may run as far as /Contents can be long.
    const spanEnd = endAt < 0 ? bytes.length : Math.max(0, at - 2048) + endAt;
    found.push(signatureFrom(index, { kind, subFilter, offset: spanStart }, range, spanStart, spanEnd));
  }
  return found.sort((x, y) => x.offset - y.offset);
}

/** A PDF date (`D:YYYYMMDDHHmmSSOHH'mm'`, ISO 32000-2 7.9.4) as ISO 8601 UTC; undefined if malformed. */
export function pdfDateToIso(text: string): string | undefined {
  const m = /^D:(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(?:([Zz+-])(?:(\d{2})'?(\d{2})?'?)?)?$/.exec(
    text.trim(),
  );
  if (!m) return undefined;
  const [, y, mo = '01', d = '01', h = '00', mi = '00', se = '00', sign, oh = '00', om = '00'] = m;
  const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(se));
  const offset = (Number(oh) * 60 + Number(om)) * 60_000 * (sign === '-' ? -1 : sign === '+' ? 1 : 0);
  const date = new Date(utc - offset);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** The catalog's /DSS: its entries' decoded bytes and where the DSS was written. */
export interface PdfDss {
  readonly certs: readonly Uint8Array[];
  readonly ocsps: readonly Uint8Array[];
  readonly crls: readonly Uint8Array[];
  /** Keys of /VRI (upper-case hex SHA-1 of each signature's /Contents). */
  readonly vri: readonly string[];
  /** Where the DSS's latest part was written (its dictionary when indirect, its newest stream). */
  readonly offset: number;
  /** Where its first part was written: a document timestamp after this covers validation data (an
   *  archive renewal adds to the DSS later, under a new document timestamp). */
  readonly firstOffset: number;
}

function trailerRoot(index: PdfIndex): PdfRef | undefined {
  // The last trailer (classic) or cross-reference stream that names a /Root.
  let best: { offset: number; root: PdfRef } | undefined;
  for (const entry of index.direct) {
    const dict = entry.value;
    if (dict instanceof Map && nameOf(dict.get('Type')) === 'XRef') {
      const root = dict.get('Root');
      if (root instanceof PdfRef && (!best || entry.offset > best.offset))
        best = { offset: entry.offset, root };
    }
  }
  const text = index.bytes;
  for (let at = indexOfAscii(text, 'trailer'); at >= 0; at = indexOfAscii(text, 'trailer', at + 7)) {
    try {
      const dict = new Lexer(text, at + 7).value();
      const root = dict instanceof Map ? dict.get('Root') : undefined;
      if (root instanceof PdfRef && (!best || at > best.offset)) best = { offset: at, root };
    } catch {
      // Not a trailer dictionary.
    }
  }
  return best?.root;
}

/** The document catalog's /DSS, its streams decoded; undefined when the file has none. */
export async function dssOf(index: PdfIndex): Promise<PdfDss | undefined> {
  const rootRef = trailerRoot(index);
  let catalogEntry = rootRef ? index.objects.get(rootRef.num) : undefined;
  if (!(catalogEntry?.value instanceof Map) || nameOf(catalogEntry.value.get('Type')) !== 'Catalog') {
    catalogEntry = undefined;
    for (const entry of index.objects.values())
      if (entry.value instanceof Map && nameOf(entry.value.get('Type')) === 'Catalog')
        if (!catalogEntry || entry.offset > catalogEntry.offset) catalogEntry = entry;
  }
  const catalog = catalogEntry?.value;
  if (!(catalog instanceof Map)) return undefined;
  const dssValue = catalog.get('DSS');
  const dss = resolve(index, dssValue);
  if (!(dss instanceof Map)) return undefined;
  const dssEntry = entryOf(index, dssValue);
  // Where the DSS was written: its own dictionary when indirect, and its streams (a later revision
  // may rewrite the catalog that holds it without touching it).
  let offset = dssEntry?.offset ?? -1;
  let firstOffset = dssEntry?.offset ?? Number.MAX_SAFE_INTEGER;
  const read = async (key: string): Promise<Uint8Array[]> => {
    const list = resolve(index, dss.get(key));
    if (!Array.isArray(list)) return [];
    const out: Uint8Array[] = [];
    for (const item of list.slice(0, LIMITS.dssEntries)) {
      const entry = entryOf(index, item);
      if (!entry?.stream || !(entry.value instanceof Map)) continue;
      offset = Math.max(offset, entry.offset);
      firstOffset = Math.min(firstOffset, entry.offset);
      try {
        out.push(await decodeStream(entry.value, entry.stream, index.budget));
      } catch {
        // An entry we cannot decode counts as absent.
      }
    }
    return out;
  };
  const vri = resolve(index, dss.get('VRI'));
  const certs = await read('Certs');
  const ocsps = await read('OCSPs');
  const crls = await read('CRLs');
  return {
    certs,
    ocsps,
    crls,
    vri: vri instanceof Map ? [...vri.keys()].map((k) => k.toUpperCase()) : [],
    offset: offset >= 0 ? offset : catalogEntry!.offset,
    firstOffset: firstOffset < Number.MAX_SAFE_INTEGER ? firstOffset : catalogEntry!.offset,
  };
}
