// Forms integration (issue #27 item 4, architecture §19): a PDF that already has form fields (an
// AcroForm: most real-estate and government forms) brings them along. At upload, each field's widget
// becomes a product field draft at the same place — text, checkbox, radio group, dropdown (and list
// box), signature — named after the form's field name; the owner assigns them to contractors in one
// step on Set Position. Push buttons carry no value and are skipped. A PDF without a form gives none.
import type { PDFDocument, PDFField, PDFRef } from 'pdf-lib';
import {
  PDFCheckBox,
  PDFDropdown,
  PDFOptionList,
  PDFRadioGroup,
  PDFSignature,
  PDFTextField,
} from '../droppable/pdf-lib';
import { FIELD_LIMITS, type FieldType } from '../../shared/domain/fields';
import { clipChars } from '../../shared/domain/validation';
import type { PageSize } from '../../shared/domain/entities';

/** A field of the uploaded PDF's form, in PDF points (origin bottom-left, 0-based page), as stored on
 *  the document and offered to the owner. */
export interface FormFieldDraft {
  /** The form's (fully qualified) field name, e.g. "buyer.name". */
  name: string;
  type: Extract<FieldType, 'text' | 'checkbox' | 'radio' | 'dropdown' | 'signature'>;
  pageIndex: number;
  x: number;
  y: number;
  width: number;
  height: number;
  /** The form marks it required (field flag 2). */
  required: boolean;
  multiline?: boolean;
  maxLength?: number;
  options?: string[];
}

/** Smallest area kept (points): a zero-size or hidden widget is not a place anyone can fill. */
const MIN_SIDE = 4;

/** Options of a choice: non-empty, distinct, clipped to the product's limits. */
function optionsOf(raw: readonly string[]): string[] {
  const seen = new Set<string>();
  for (const o of raw) {
    const option = clipChars(o.trim(), FIELD_LIMITS.optionMaxChars);
    if (option !== '') seen.add(option);
  }
  return [...seen].slice(0, FIELD_LIMITS.maxOptions);
}

function kindOf(
  field: PDFField,
): Pick<FormFieldDraft, 'type' | 'multiline' | 'maxLength' | 'options'> | null {
  if (field instanceof PDFTextField) {
    const max = field.getMaxLength();
    return {
      type: 'text',
      ...(field.isMultiline() ? { multiline: true } : {}),
      ...(max !== undefined && max >= 1 ? { maxLength: Math.min(max, FIELD_LIMITS.textMaxChars) } : {}),
    };
  }
  if (field instanceof PDFCheckBox) return { type: 'checkbox' };
  if (field instanceof PDFSignature) return { type: 'signature' };
  if (field instanceof PDFRadioGroup || field instanceof PDFDropdown || field instanceof PDFOptionList) {
    const options = optionsOf(field.getOptions());
    // A choice with fewer than two options is not a choice the product can offer.
    if (options.length < FIELD_LIMITS.minOptions) return null;
    return { type: field instanceof PDFRadioGroup ? 'radio' : 'dropdown', options };
  }
  return null;
}

/** Which page holds each annotation: widgets often lack /P, but every page lists its /Annots. */
function annotationPages(pdf: PDFDocument): Map<PDFRef, number> {
  const pages = new Map<PDFRef, number>();
  pdf.getPages().forEach((page, index) => {
    const annots = page.node.Annots();
    if (!annots) return;
    for (let i = 0; i < annots.size(); i++) {
      const ref = annots.get(i);
      if (ref && 'objectNumber' in ref) pages.set(ref as PDFRef, index);
    }
  });
  return pages;
}

/**
 * The form fields of a parsed PDF as product field drafts, at most `FIELD_LIMITS.maxFieldsPerDocument`.
 * A field with several widgets (a radio group's buttons) becomes one area around them on the page of
 * the first; areas are clipped to their page.
 */
export function readFormFields(pdf: PDFDocument, pages: readonly PageSize[]): FormFieldDraft[] {
  let fields: PDFField[];
  try {
    fields = pdf.getForm().getFields();
  } catch {
    // A malformed AcroForm is not a reason to refuse the PDF: it is then a flat document.
    return [];
  }
  if (fields.length === 0) return [];
  const onPage = annotationPages(pdf);
  const drafts: FormFieldDraft[] = [];
  for (const field of fields) {
    if (drafts.length >= FIELD_LIMITS.maxFieldsPerDocument) break;
    const kind = kindOf(field);
    if (!kind) continue;
    const widgets = field.acroField.getWidgets();
    let pageIndex: number | undefined;
    let box: { x0: number; y0: number; x1: number; y1: number } | undefined;
    for (const widget of widgets) {
      const ref = pdf.context.getObjectRef(widget.dict);
      const widgetPage = ref ? onPage.get(ref) : undefined;
      if (widgetPage === undefined) continue;
      if (pageIndex !== undefined && widgetPage !== pageIndex) continue;
      pageIndex = widgetPage;
      const r = widget.getRectangle();
      const [x0, y0, x1, y1] = [r.x, r.y, r.x + r.width, r.y + r.height];
      box = box
        ? {
            x0: Math.min(box.x0, x0),
            y0: Math.min(box.y0, y0),
            x1: Math.max(box.x1, x1),
            y1: Math.max(box.y1, y1),
          }
        : { x0, y0, x1, y1 };
    }
    const page = pageIndex === undefined ? undefined : pages[pageIndex];
    if (pageIndex === undefined || !box || !page) continue;
    const x = Math.max(0, Math.min(box.x0, box.x1));
    const y = Math.max(0, Math.min(box.y0, box.y1));
    const width = Math.min(page.width, Math.max(box.x0, box.x1)) - x;
    const height = Math.min(page.height, Math.max(box.y0, box.y1)) - y;
    if (!(width >= MIN_SIDE && height >= MIN_SIDE)) continue;
    drafts.push({
      name: clipChars(field.getName(), FIELD_LIMITS.labelMaxChars),
      ...kind,
      pageIndex,
      x: round(x),
      y: round(y),
      width: round(width),
      height: round(height),
      required: field.isRequired(),
    });
  }
  return drafts;
}

/** Down to the hundredth: a rounded area never leaves its page (x + width stays ≤ the page width). */
function round(n: number): number {
  return Math.floor(n * 100) / 100;
}
