// The sealing fonts without a font library (issue #19): a TrueType file read where it lies (the table
// directory, then cmap, hmtx and loca looked up in the bytes on demand, nothing parsed ahead), and a
// subset of the glyphs a document draws written as a new TrueType file, embedded as a Type 0 font
// (CIDFontType2, Identity-H, CIDs = the subset's glyph ids, a ToUnicode CMap so text copies and
// searches). fontkit parsed GSUB/GPOS and shaped every string; the audit pages need neither (no
// ligatures, kerning or vertical forms in names, dates and labels), and its parsing was most of a
// fresh process's first seal. `TrueTypeFont.open` keeps only the small tables in memory and reads
// each glyph's outline from the file when a document draws it: glyf is ~93 % of a Noto CJK file.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import {
  CustomFontEmbedder,
  PDFFont,
  PDFHexString,
  PDFString,
  type PDFContext,
  type PDFDocument,
  type PDFRef,
} from 'pdf-lib';

/** A font's tables (every one but glyf) and a way to read bytes of its glyf table. */
interface FontSource {
  readonly tables: ReadonlyMap<string, Uint8Array>;
  readonly glyfLength: number;
  /** The bytes [start, end) of the glyf table. */
  glyf(start: number, end: number): Uint8Array;
}

/** The tables this module reads or copies into a subset; `open` keeps only these in memory. */
const KEPT_TABLES = [
  'head',
  'hhea',
  'maxp',
  'OS/2',
  'post',
  'name',
  'cmap',
  'hmtx',
  'loca',
  'cvt ',
  'fpgm',
  'prep',
];
/** Of `post`, only the header (italicAngle); version 2 fonts follow it with every glyph's name. */
const POST_HEADER = 32;

interface Entry {
  readonly offset: number;
  readonly length: number;
}

/** The table directory of a TrueType file, from its first 12 + 16 × numTables bytes. */
function tableDirectory(bytes: Uint8Array, count: number): Map<string, Entry> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const entries = new Map<string, Entry>();
  for (let i = 0; i < count; i += 1) {
    const at = 12 + 16 * i;
    const tag = String.fromCharCode(bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!);
    entries.set(tag, { offset: view.getUint32(at + 8), length: view.getUint32(at + 12) });
  }
  return entries;
}

/** The number of tables in a TrueType file's header, which must be one. */
function tableCount(header: Uint8Array): number {
  const view = new DataView(header.buffer, header.byteOffset, header.byteLength);
  const version = header.length >= 12 ? view.getUint32(0) : 0;
  if (version !== 0x00010000 && version !== 0x74727565) throw new Error('not a TrueType font');
  return view.getUint16(4);
}

/** A whole font file in memory. */
function bytesSource(bytes: Uint8Array): FontSource {
  const tables = new Map<string, Uint8Array>();
  let glyf: Entry = { offset: 0, length: 0 };
  for (const [tag, entry] of tableDirectory(bytes, tableCount(bytes))) {
    if (entry.offset + entry.length > bytes.length) throw new Error(`the font's ${tag} table is truncated`);
    if (tag === 'glyf') glyf = entry;
    else tables.set(tag, bytes.subarray(entry.offset, entry.offset + entry.length));
  }
  return {
    tables,
    glyfLength: glyf.length,
    glyf: (start, end) => bytes.subarray(glyf.offset + start, glyf.offset + end),
  };
}

/** Reads exactly `length` bytes at `position` of an open file. */
function readAt(fd: number, position: number, length: number): Uint8Array {
  const out = Buffer.allocUnsafe(length);
  let done = 0;
  while (done < length) {
    const n = readSync(fd, out, done, length - done, position + done);
    if (n === 0) throw new Error('the font file is truncated');
    done += n;
  }
  return out;
}
/**
 * A font file opened for reading: the directory and the tables this module uses read now, glyf left
 * in the file. The descriptor stays open for the life of the font object, which fonts.ts keeps for
 * the life of the process (a Lambda container): every seal reads the glyphs its text draws, and
 * reopening the file per seal would cost a syscall more for nothing; the file is part of the
 * read-only bundle, so it cannot change under the open descriptor. Two descriptors at most.
 */
function fileSource(path: string): FontSource {
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    const count = tableCount(readAt(fd, 0, Math.min(size, 12)));
    const entries = tableDirectory(readAt(fd, 0, 12 + 16 * count), count);
    const tables = new Map<string, Uint8Array>();
    for (const tag of KEPT_TABLES) {
      const entry = entries.get(tag);
      if (!entry) continue;
      if (entry.offset + entry.length > size) throw new Error(`the font's ${tag} table is truncated`);
      tables.set(
        tag,
        readAt(fd, entry.offset, tag === 'post' ? Math.min(entry.length, POST_HEADER) : entry.length),
      );
    }
    const glyf = entries.get('glyf') ?? { offset: 0, length: 0 };
    if (glyf.offset + glyf.length > size) throw new Error("the font's glyf table is truncated");
    return {
      tables,
      glyfLength: glyf.length,
      glyf: (start, end) => readAt(fd, glyf.offset + start, end - start),
    };
  } catch (error) {
    closeSync(fd);
    throw error;
  }
}

/** A DataView over a table's bytes. */
const viewOf = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** A TrueType (glyf) font: over a whole file's bytes, or opened from a path (`TrueTypeFont.open`). */
export class TrueTypeFont {
  private readonly source: FontSource;
  private readonly cmap: DataView | undefined;
  private readonly hmtx: DataView;
  private readonly loca: DataView;
  private readonly cmapAt: number;
  private readonly cmapFormat: number;
  private readonly glyphs = new Map<number, number>();
  readonly unitsPerEm: number;
  readonly numGlyphs: number;
  private readonly numberOfHMetrics: number;
  private readonly longLoca: boolean;
  readonly bbox: readonly [number, number, number, number];
  readonly ascent: number;
  readonly descent: number;
  readonly capHeight: number;
  readonly italicAngle: number;
  readonly postscriptName: string;

  /** The font in `bytes`, a whole TrueType file (kept, not copied). */
  constructor(bytes: Uint8Array);
  constructor(source: Uint8Array | FontSource) {
    this.source = source instanceof Uint8Array ? bytesSource(source) : source;
    const head = viewOf(this.table('head'));
    this.unitsPerEm = head.getUint16(18);
    this.bbox = [head.getInt16(36), head.getInt16(38), head.getInt16(40), head.getInt16(42)];
    this.longLoca = head.getInt16(50) === 1;
    const hhea = viewOf(this.table('hhea'));
    this.ascent = hhea.getInt16(4);
    this.descent = hhea.getInt16(6);
    this.numberOfHMetrics = hhea.getUint16(34);
    this.numGlyphs = viewOf(this.table('maxp')).getUint16(4);
    const os2 = this.tableBytes('OS/2');
    const os2View = os2 && viewOf(os2);
    this.capHeight = os2View && os2View.getUint16(0) >= 2 ? os2View.getInt16(88) : this.ascent;
    const post = this.tableBytes('post');
    this.italicAngle = post ? viewOf(post).getInt32(4) / 65536 : 0;
    this.postscriptName = this.nameRecord(6);
    this.hmtx = viewOf(this.table('hmtx'));
    this.loca = viewOf(this.table('loca'));
    const cmap = this.tableBytes('cmap');
    this.cmap = cmap && viewOf(cmap);
    [this.cmapAt, this.cmapFormat] = this.unicodeCmap();
  }

  /**
   * The font file at `path`, with only its small tables in memory (cmap, hmtx, loca, head…: ~0.3 MB
   * of a 5–6 MB Noto CJK file) and each glyph's outline read from the file when it is drawn.
   */
  static open(path: string): TrueTypeFont {
    return new (TrueTypeFont as unknown as new (source: FontSource) => TrueTypeFont)(fileSource(path));
  }

  private table(tag: string): Uint8Array {
    const table = this.source.tables.get(tag);
    if (!table) throw new Error(`the font has no ${tag} table`);
    return table;
  }

  /** A table's bytes (any but glyf), or undefined when the font has none. */
  tableBytes(tag: string): Uint8Array | undefined {
    return this.source.tables.get(tag);
  }

  private nameRecord(id: number): string {
    const name = this.tableBytes('name');
    if (!name) return '';
    const view = viewOf(name);
    const count = view.getUint16(2);
    const strings = view.getUint16(4);
    for (let i = 0; i < count; i += 1) {
      const at = 6 + 12 * i;
      if (view.getUint16(at + 6) !== id) continue;
      const platform = view.getUint16(at);
      const length = view.getUint16(at + 8);
      const start = strings + view.getUint16(at + 10);
      const raw = name.subarray(start, start + length);
      if (platform === 3 || platform === 0) {
        let text = '';
        for (let j = 0; j + 1 < raw.length; j += 2) text += String.fromCharCode((raw[j]! << 8) | raw[j + 1]!);
        return text;
      }
      return String.fromCharCode(...raw);
    }
    return '';
  }

  /**
   * The Unicode cmap subtable: format 12 (full repertoire) when there is one, else format 4; none
   * (format 0 here: every code point is .notdef) in a subset this module wrote, which has no cmap.
   */
  private unicodeCmap(): [number, number] {
    const view = this.cmap;
    if (!view) return [0, 0];
    let best: [number, number] | undefined;
    const count = view.getUint16(2);
    for (let i = 0; i < count; i += 1) {
      const at = 4 + 8 * i;
      const platform = view.getUint16(at);
      const encoding = view.getUint16(at + 2);
      const sub = view.getUint32(at + 4);
      const format = view.getUint16(sub);
      const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
      if (!unicode) continue;
      if (format === 12) return [sub, 12];
      if (format === 4) best ??= [sub, 4];
    }
    if (!best) throw new Error('the font has no Unicode cmap');
    return best;
  }

  /** The glyph id of a code point, 0 (.notdef) when the font lacks it. */
  glyphId(codePoint: number): number {
    let id = this.glyphs.get(codePoint);
    if (id === undefined) {
      id =
        this.cmapFormat === 12
          ? this.lookup12(codePoint)
          : this.cmapFormat === 4
            ? this.lookup4(codePoint)
            : 0;
      this.glyphs.set(codePoint, id);
    }
    return id;
  }

  hasGlyphForCodePoint(codePoint: number): boolean {
    return this.glyphId(codePoint) !== 0;
  }

  private lookup12(cp: number): number {
    const view = this.cmap!;
    const groups = view.getUint32(this.cmapAt + 12);
    let low = 0;
    let high = groups - 1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      const at = this.cmapAt + 16 + 12 * mid;
      const start = view.getUint32(at);
      if (cp < start) high = mid - 1;
      else if (cp > view.getUint32(at + 4)) low = mid + 1;
      else return view.getUint32(at + 8) + cp - start;
    }
    return 0;
  }

  private lookup4(cp: number): number {
    if (cp > 0xffff) return 0;
    const view = this.cmap!;
    const at = this.cmapAt;
    const segments = view.getUint16(at + 6) >> 1;
    const ends = at + 14;
    const starts = ends + 2 * segments + 2;
    const deltas = starts + 2 * segments;
    const ranges = deltas + 2 * segments;
    let low = 0;
    let high = segments - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (view.getUint16(ends + 2 * mid) < cp) low = mid + 1;
      else high = mid;
    }
    const start = view.getUint16(starts + 2 * low);
    if (cp < start || cp > view.getUint16(ends + 2 * low)) return 0;
    const delta = view.getUint16(deltas + 2 * low);
    const rangeOffset = view.getUint16(ranges + 2 * low);
    if (rangeOffset === 0) return (cp + delta) & 0xffff;
    const glyph = view.getUint16(ranges + 2 * low + rangeOffset + 2 * (cp - start));
    return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
  }

  /** Advance width in font units. */
  advance(glyph: number): number {
    return this.hmtx.getUint16(4 * Math.min(glyph, this.numberOfHMetrics - 1));
  }

  leftSideBearing(glyph: number): number {
    const n = this.numberOfHMetrics;
    return glyph < n ? this.hmtx.getInt16(4 * glyph + 2) : this.hmtx.getInt16(4 * n + 2 * (glyph - n));
  }

  /** A glyph's bytes in glyf (empty for a glyph without outline); read from the file when opened. */
  glyphData(glyph: number): Uint8Array {
    const { loca } = this;
    const start = this.longLoca ? loca.getUint32(4 * glyph) : 2 * loca.getUint16(2 * glyph);
    const end = this.longLoca ? loca.getUint32(4 * glyph + 4) : 2 * loca.getUint16(2 * glyph + 2);
    if (end > this.source.glyfLength) throw new Error(`glyph ${glyph} lies outside the glyf table`);
    return this.source.glyf(start, Math.max(start, end));
  }
}
// Composite glyph flags (OpenType glyf table).
const ARG_1_AND_2_ARE_WORDS = 0x0001;
const WE_HAVE_A_SCALE = 0x0008;
const MORE_COMPONENTS = 0x0020;
const WE_HAVE_AN_X_AND_Y_SCALE = 0x0040;
const WE_HAVE_A_TWO_BY_TWO = 0x0080;

/** The offsets of the glyph ids of a composite glyph's components (none for a simple glyph). */
function componentOffsets(data: Uint8Array): number[] {
  if (data.length < 10) return [];
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  if (view.getInt16(0) >= 0) return [];
  const offsets: number[] = [];
  let at = 10;
  for (;;) {
    const flags = view.getUint16(at);
    offsets.push(at + 2);
    at += 4 + (flags & ARG_1_AND_2_ARE_WORDS ? 4 : 2);
    if (flags & WE_HAVE_A_SCALE) at += 2;
    else if (flags & WE_HAVE_AN_X_AND_Y_SCALE) at += 4;
    else if (flags & WE_HAVE_A_TWO_BY_TWO) at += 8;
    if (!(flags & MORE_COMPONENTS)) return offsets;
  }
}

const pad4 = (n: number) => (n + 3) & ~3;

function checksum(bytes: Uint8Array): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let sum = 0;
  const whole = bytes.length & ~3;
  for (let i = 0; i < whole; i += 4) sum = (sum + view.getUint32(i)) >>> 0;
  if (whole < bytes.length) {
    let last = 0;
    for (let i = whole; i < whole + 4; i += 1) last = (last << 8) | (bytes[i] ?? 0);
    sum = (sum + (last >>> 0)) >>> 0;
  }
  return sum;
}

/** A TrueType file of the given tables (directory sorted by tag, checksums, checkSumAdjustment). */
function sfnt(tables: Record<string, Uint8Array>): Uint8Array {
  const tags = Object.keys(tables).sort();
  const count = tags.length;
  const entrySelector = Math.floor(Math.log2(count));
  const searchRange = 16 * 2 ** entrySelector;
  let size = 12 + 16 * count;
  for (const tag of tags) size += pad4(tables[tag]!.length);
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  view.setUint32(0, 0x00010000);
  view.setUint16(4, count);
  view.setUint16(6, searchRange);
  view.setUint16(8, entrySelector);
  view.setUint16(10, 16 * count - searchRange);
  let offset = 12 + 16 * count;
  let headAt = -1;
  tags.forEach((tag, i) => {
    const data = tables[tag]!;
    const at = 12 + 16 * i;
    for (let j = 0; j < 4; j += 1) out[at + j] = tag.charCodeAt(j);
    view.setUint32(at + 4, checksum(data));
    view.setUint32(at + 8, offset);
    view.setUint32(at + 12, data.length);
    out.set(data, offset);
    if (tag === 'head') headAt = offset;
    offset += pad4(data.length);
  });
  if (headAt >= 0) view.setUint32(headAt + 8, (0xb1b0afba - checksum(out)) >>> 0);
  return out;
}

/** The glyphs one document draws with one font, numbered in order of first use (0 is .notdef). */
export class GlyphSubset {
  private readonly ids = new Map<number, number>([[0, 0]]);
  /** The original glyph id of each subset glyph. */
  readonly glyphs: number[] = [0];
  /** The text of each subset glyph, for the ToUnicode CMap. */
  readonly unicode: (string | undefined)[] = [undefined];
  /** The outline of each subset glyph, read once (from the file, for an opened font). */
  private readonly data: Uint8Array[];

  constructor(readonly font: TrueTypeFont) {
    this.data = [font.glyphData(0)];
  }

  include(glyph: number, text?: string): number {
    let id = this.ids.get(glyph);
    if (id === undefined) {
      id = this.glyphs.length;
      this.ids.set(glyph, id);
      this.glyphs.push(glyph);
      this.unicode.push(text);
      const data = this.font.glyphData(glyph);
      this.data.push(data);
      const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
      for (const at of componentOffsets(data)) this.include(view.getUint16(at));
    }
    return id;
  }

  /** The subset as a TrueType file: head, hhea, maxp, hmtx, loca, glyf (and cvt, fpgm, prep). */
  encode(): Uint8Array {
    const { font, glyphs } = this;
    const data = this.data.map((original) => {
      const offsets = componentOffsets(original);
      if (offsets.length === 0) return original;
      const copy = Uint8Array.from(original);
      const view = new DataView(copy.buffer);
      for (const at of offsets) view.setUint16(at, this.ids.get(view.getUint16(at))!);
      return copy;
    });
    const glyf = new Uint8Array(data.reduce((n, d) => n + pad4(d.length), 0));
    const loca = new DataView(new ArrayBuffer(4 * (glyphs.length + 1)));
    let offset = 0;
    data.forEach((d, i) => {
      loca.setUint32(4 * i, offset);
      glyf.set(d, offset);
      offset += pad4(d.length);
    });
    loca.setUint32(4 * glyphs.length, offset);
    const hmtx = new DataView(new ArrayBuffer(4 * glyphs.length));
    glyphs.forEach((glyph, i) => {
      hmtx.setUint16(4 * i, font.advance(glyph));
      hmtx.setInt16(4 * i + 2, font.leftSideBearing(glyph));
    });
    const head = Uint8Array.from(font.tableBytes('head')!);
    new DataView(head.buffer).setUint32(8, 0); // checkSumAdjustment, set over the whole file
    new DataView(head.buffer).setInt16(50, 1); // long loca offsets
    const hhea = Uint8Array.from(font.tableBytes('hhea')!);
    new DataView(hhea.buffer).setUint16(34, glyphs.length);
    const maxp = Uint8Array.from(font.tableBytes('maxp')!);
    new DataView(maxp.buffer).setUint16(4, glyphs.length);
    const tables: Record<string, Uint8Array> = {
      head,
      hhea,
      maxp,
      hmtx: new Uint8Array(hmtx.buffer),
      loca: new Uint8Array(loca.buffer),
      glyf,
    };
    for (const tag of ['cvt ', 'fpgm', 'prep']) {
      const bytes = font.tableBytes(tag);
      if (bytes) tables[tag] = bytes;
    }
    return sfnt(tables);
  }
}

const hex4 = (n: number) => n.toString(16).padStart(4, '0');

function utf16Hex(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i += 1) out += hex4(text.charCodeAt(i));
  return out;
}

/** The ToUnicode CMap: each subset glyph id to the text it was drawn for. */
function toUnicodeCmap(subset: GlyphSubset): string {
  const entries: string[] = [];
  subset.unicode.forEach((text, id) => {
    if (text) entries.push(`<${hex4(id)}> <${utf16Hex(text)}>`);
  });
  const chunks: string[] = [];
  for (let i = 0; i < entries.length; i += 100) {
    const chunk = entries.slice(i, i + 100);
    chunks.push(`${chunk.length} beginbfchar\n${chunk.join('\n')}\nendbfchar`);
  }
  return [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def',
    '/CMapType 2 def',
    '1 begincodespacerange',
    '<0000><ffff>',
    'endcodespacerange',
    ...chunks,
    'endcmap',
    'CMapName currentdict /CMap defineresource pop',
    'end',
    'end',
  ].join('\n');
}

/**
 * What pdf-lib's PDFFont calls on its embedder (encodeText, widthOfTextAtSize, heightOfFontAtSize,
 * sizeOfFontAtHeight, embedIntoContext), over a TrueTypeFont and one document's subset.
 */
class SubsetEmbedder {
  readonly subset: GlyphSubset;
  private readonly scale: number;

  constructor(
    readonly font: TrueTypeFont,
    readonly fontName: string,
  ) {
    this.subset = new GlyphSubset(font);
    this.scale = 1000 / font.unitsPerEm;
  }

  get customName(): string {
    return this.fontName;
  }

  encodeText(text: string): PDFHexString {
    let hex = '';
    for (const char of text) {
      const glyph = this.font.glyphId(char.codePointAt(0)!);
      hex += hex4(this.subset.include(glyph, glyph === 0 ? undefined : char));
    }
    return PDFHexString.of(hex);
  }

  widthOfTextAtSize(text: string, size: number): number {
    let units = 0;
    for (const char of text) units += this.font.advance(this.font.glyphId(char.codePointAt(0)!));
    return (units / this.font.unitsPerEm) * size;
  }

  heightOfFontAtSize(size: number, options: { descender?: boolean } = {}): number {
    const { ascent, descent, bbox } = this.font;
    const top = (ascent || bbox[3]) * this.scale;
    const bottom = (descent || bbox[1]) * this.scale;
    let height = top - bottom;
    if (options.descender === false) height -= Math.abs(descent) || 0;
    return (height / 1000) * size;
  }

  sizeOfFontAtHeight(height: number): number {
    const { ascent, descent, bbox } = this.font;
    const top = (ascent || bbox[3]) * this.scale;
    const bottom = (descent || bbox[1]) * this.scale;
    return (1000 * height) / (top - bottom);
  }

  /** The Type 0 font, its CIDFont, descriptor, font file and ToUnicode CMap; called by PDFDocument.save. */
  embedIntoContext(context: PDFContext, ref: PDFRef): Promise<PDFRef> {
    const { font, subset, scale } = this;
    const fontFile = subset.encode();
    const fontStream = context.register(
      context.stream(deflateSync(fontFile), { Filter: 'FlateDecode', Length1: fontFile.length }),
    );
    const round = (n: number) => Math.round(n * scale);
    const descriptor = context.register(
      context.obj({
        Type: 'FontDescriptor',
        FontName: this.fontName,
        Flags: 4, // symbolic: glyphs outside the standard Latin set
        FontBBox: font.bbox.map(round),
        ItalicAngle: font.italicAngle,
        Ascent: round(font.ascent),
        Descent: round(font.descent),
        CapHeight: round(font.capHeight),
        StemV: 0,
        FontFile2: fontStream,
      }),
    );
    // W: one run of consecutive subset ids with their widths.
    const widths = subset.glyphs.map((glyph) => round(font.advance(glyph)));
    const cidFont = context.register(
      context.obj({
        Type: 'Font',
        Subtype: 'CIDFontType2',
        BaseFont: this.fontName,
        CIDSystemInfo: { Registry: PDFString.of('Adobe'), Ordering: PDFString.of('Identity'), Supplement: 0 },
        FontDescriptor: descriptor,
        W: [0, widths],
        CIDToGIDMap: 'Identity',
      }),
    );
    const cmap = Buffer.from(toUnicodeCmap(subset), 'latin1');
    const toUnicode = context.register(context.stream(deflateSync(cmap), { Filter: 'FlateDecode' }));
    context.assign(
      ref,
      context.obj({
        Type: 'Font',
        Subtype: 'Type0',
        BaseFont: this.fontName,
        Encoding: 'Identity-H',
        DescendantFonts: [cidFont],
        ToUnicode: toUnicode,
      }),
    );
    return Promise.resolve(ref);
  }
}

// PDFFont accepts only pdf-lib's own embedder classes (an instanceof check): this one takes
// CustomFontEmbedder's place in the prototype chain, as png.ts does for images.
Object.setPrototypeOf(SubsetEmbedder.prototype, CustomFontEmbedder.prototype);

/**
 * Embeds `font` into `doc` as a subset of the glyphs its text will draw (written when the document is
 * saved), under a fixed BaseFont name so that the same input gives the same bytes.
 */
export function embedSubsetFont(doc: PDFDocument, font: TrueTypeFont, name: string): PDFFont {
  const embedder = new SubsetEmbedder(font, name);
  const pdfFont = PDFFont.of(doc.context.nextRef(), doc, embedder as unknown as CustomFontEmbedder);
  // What PDFDocument.embedFont does: the document embeds its fonts when it is saved.
  (doc as unknown as { fonts: PDFFont[] }).fonts.push(pdfFont);
  return pdfFont;
}
