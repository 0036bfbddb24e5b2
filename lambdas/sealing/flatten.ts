// Flattening an original that is a PDF form (issue #27): the sealed PDF keeps no interactive field over
// the values drawn into it. Every widget annotation leaves its page and the catalog's /AcroForm (with
// any XFA) goes; the digital signature's own field is added afterwards, on a form of its own.
// A widget under one of the contract's areas (the product field that the form's field became at
// upload, or any area placed over it) is dropped: the drawn value replaces it. Any other visible widget
// keeps its look: its normal appearance is drawn into the page where it was (what a reader showed,
// e.g. a value typed before upload), as PDF 32000 §12.5.5 maps an appearance's box onto the widget's
// rectangle. Names are numbered, never random, so the same input gives the same bytes.
import {
  PDFArray,
  PDFDict,
  PDFName,
  PDFNumber,
  PDFRef,
  PDFStream,
  type PDFDocument,
  type PDFObject,
} from 'pdf-lib';
import { num } from './typeset';

export interface Area {
  readonly pageIndex: number;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** Widget annotation flags (PDF 32000 §12.5.3): Hidden, NoView. */
const HIDDEN = 1 << 1;
const NO_VIEW = 1 << 5;

function numbers(array: PDFArray | undefined, count: number): number[] | undefined {
  if (!array || array.size() < count) return undefined;
  const out: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const item = array.get(i);
    if (!(item instanceof PDFNumber)) return undefined;
    out.push(item.asNumber());
  }
  return out;
}

/** [x1, y1, x2, y2] normalised. */
function box(values: number[]): [number, number, number, number] {
  const [a, b, c, d] = values as [number, number, number, number];
  return [Math.min(a, c), Math.min(b, d), Math.max(a, c), Math.max(b, d)];
}

/** Whether the widget lies under an area: their overlap is at least half the smaller of the two. */
function covered(rect: [number, number, number, number], areas: readonly Area[]): boolean {
  const rw = rect[2] - rect[0];
  const rh = rect[3] - rect[1];
  return areas.some((a) => {
    const w = Math.min(rect[2], a.x + a.width) - Math.max(rect[0], a.x);
    const h = Math.min(rect[3], a.y + a.height) - Math.max(rect[1], a.y);
    if (w <= 0 || h <= 0) return false;
    return w * h >= 0.5 * Math.min(rw * rh, a.width * a.height);
  });
}

/** The widget's normal appearance: /AP /N, or its state /AS among several (a checkbox's /Yes, /Off). */
function normalAppearance(doc: PDFDocument, widget: PDFDict): PDFRef | PDFStream | undefined {
  const ap = doc.context.lookupMaybe(widget.get(PDFName.of('AP')), PDFDict);
  if (!ap) return undefined;
  const n = ap.get(PDFName.of('N'));
  const resolved = doc.context.lookup(n);
  if (resolved instanceof PDFStream) return n instanceof PDFRef ? n : resolved;
  if (resolved instanceof PDFDict) {
    const state = widget.get(PDFName.of('AS'));
    if (!(state instanceof PDFName)) return undefined;
    const chosen = resolved.get(state);
    return doc.context.lookup(chosen) instanceof PDFStream ? (chosen as PDFRef | PDFStream) : undefined;
  }
  return undefined;
}

/** The operators drawing an appearance stream (resource `name`) onto the widget's rectangle. */
function placement(stream: PDFStream, rect: [number, number, number, number], name: string): string | null {
  const bbox = numbers(stream.dict.lookupMaybe(PDFName.of('BBox'), PDFArray), 4);
  if (!bbox) return null;
  const m = numbers(stream.dict.lookupMaybe(PDFName.of('Matrix'), PDFArray), 6) ?? [1, 0, 0, 1, 0, 0];
  const [bx1, by1, bx2, by2] = box(bbox);
  const corners = [
    [bx1, by1],
    [bx2, by1],
    [bx1, by2],
    [bx2, by2],
  ].map(([x, y]) => [m[0]! * x! + m[2]! * y! + m[4]!, m[1]! * x! + m[3]! * y! + m[5]!] as const);
  const xs = corners.map((c) => c[0]);
  const ys = corners.map((c) => c[1]);
  const [tx1, ty1, tx2, ty2] = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
  if (tx2 - tx1 <= 0 || ty2 - ty1 <= 0) return null;
  const sx = (rect[2] - rect[0]) / (tx2 - tx1);
  const sy = (rect[3] - rect[1]) / (ty2 - ty1);
  const e = rect[0] - tx1 * sx;
  const f = rect[1] - ty1 * sy;
  return `q ${num(sx)} 0 0 ${num(sy)} ${num(e)} ${num(f)} cm /${name} Do Q`;
}

export interface FlattenResult {
  /** Widgets whose appearance was drawn into their page. */
  readonly drawn: number;
  /** Widgets removed without drawing (under an area, hidden, or without an appearance). */
  readonly dropped: number;
}

/** Removes the original's form (see the module comment); a PDF without one is left untouched. */
export function flattenForm(doc: PDFDocument, areas: readonly Area[]): FlattenResult {
  const { context, catalog } = doc;
  let drawn = 0;
  let dropped = 0;
  doc.getPages().forEach((page, pageIndex) => {
    const annots = context.lookupMaybe(page.node.get(PDFName.of('Annots')), PDFArray);
    if (!annots) return;
    const isWidget = (item: PDFObject) =>
      context.lookupMaybe(item, PDFDict)?.get(PDFName.of('Subtype')) === PDFName.of('Widget');
    const items = annots.asArray();
    if (!items.some(isWidget)) return;
    const onPage = areas.filter((a) => a.pageIndex === pageIndex);
    const ops: string[] = [];
    const kept: PDFObject[] = [];
    for (const item of items) {
      if (!isWidget(item)) {
        kept.push(item);
        continue;
      }
      const widget = context.lookup(item, PDFDict);
      const rectValues = numbers(widget.lookupMaybe(PDFName.of('Rect'), PDFArray), 4);
      const flags = widget.lookupMaybe(PDFName.of('F'), PDFNumber)?.asNumber() ?? 0;
      const appearance = normalAppearance(doc, widget);
      const stream = appearance ? context.lookup(appearance) : undefined;
      const rect = rectValues ? box(rectValues) : undefined;
      const op =
        rect && stream instanceof PDFStream && !(flags & (HIDDEN | NO_VIEW)) && !covered(rect, onPage)
          ? placement(stream, rect, `SSForm${drawn}`)
          : null;
      if (op && appearance) {
        const ref = appearance instanceof PDFRef ? appearance : context.register(appearance);
        page.node.setXObject(PDFName.of(`SSForm${drawn}`), ref);
        ops.push(op);
        drawn += 1;
      } else {
        dropped += 1;
      }
    }
    page.node.set(PDFName.of('Annots'), context.obj(kept));
    if (ops.length > 0) {
      // normalize() (through setXObject) has wrapped the page's own content in q … Q already.
      const stream = context.stream(ops.join('\n'));
      page.node.addContentStream(context.register(stream));
    }
  });
  catalog.delete(PDFName.of('AcroForm'));
  catalog.delete(PDFName.of('NeedsRendering'));
  return { drawn, dropped };
}
