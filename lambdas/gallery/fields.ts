// A starter form's fields as a template's roles (issue #27 item 5): the PDF's form fields read by the
// forms integration's own reader (usecases/form-fields.ts, as an uploaded form's are), each given to
// the role its name begins with (`tenant.name` → the tenant) and labelled with its tooltip (/TU: the
// printed label in the form's language) — or its name where it has none. Run by the generator, which
// keeps the result beside the PDF (`*.fields.json`), and by the test that checks they still agree.
import { PDFHexString, PDFName, PDFString, type PDFDocument } from 'pdf-lib';
import { clipChars } from '../../shared/domain/validation';
import { readFormFields } from '../usecases/form-fields';
import type { GalleryEntry, GalleryFormFields } from './catalog';

export type GalleryField = GalleryFormFields['roles'][number]['fields'][number];

function tooltipOf(pdf: PDFDocument, name: string): string | undefined {
  try {
    const tu = pdf.getForm().getField(name).acroField.dict.lookup(PDFName.of('TU'));
    if (tu instanceof PDFHexString || tu instanceof PDFString) return tu.decodeText().trim() || undefined;
  } catch {
    // No such field by that (clipped) name: the name is the label.
  }
  return undefined;
}

/** The form's fields by role, in the entry's role order; a field of no role of the entry is left out. */
export function galleryFields(entry: GalleryEntry, pdf: PDFDocument): GalleryFormFields {
  const pages = pdf.getPages().map((p) => ({ width: p.getWidth(), height: p.getHeight() }));
  const drafts = readFormFields(pdf, pages);
  const roles = entry.roleKeys.map((key, i) => ({
    name: entry.roles[i]!,
    fields: drafts
      .filter((d) => d.name.split('.')[0] === key)
      .map(({ name, type, pageIndex, x, y, width, height, required, multiline, maxLength, options }) => ({
        pageIndex,
        x,
        y,
        width,
        height,
        type,
        required,
        label: clipChars(tooltipOf(pdf, name) ?? name, 100),
        ...(multiline === undefined ? {} : { multiline }),
        ...(maxLength === undefined ? {} : { maxLength }),
        ...(options === undefined ? {} : { options }),
      })),
  }));
  return { pages, roles };
}
