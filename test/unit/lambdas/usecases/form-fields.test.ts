// Forms integration (issue #27 item 4): a PDF's own form fields become field drafts at upload, at the
// same places, named after the form's fields; a flat PDF gives none; odd forms never refuse the PDF.
import { PDFDocument, PDFName } from 'pdf-lib';
import { checkPdfBytes } from '../../../../lambdas/usecases/uploads';
import { readFormFields } from '../../../../lambdas/usecases/form-fields';
import { ACROFORM_FIELDS, buildAcroFormPdf, buildFlatPdf } from '../../../support/acroform';

const MAX = 20 * 1024 * 1024;

describe('readFormFields at upload', () => {
  it('maps every fillable field of a real form to a draft at its widget, skipping buttons', async () => {
    const checked = await checkPdfBytes(await buildAcroFormPdf(), MAX);
    if (!checked.ok) throw new Error(checked.code);
    const byName = new Map(checked.formFields.map((f) => [f.name, f]));
    expect(checked.formFields.map((f) => f.name)).toEqual([...ACROFORM_FIELDS]);
    expect(byName.has('submit')).toBe(false);

    // pdf-lib draws each widget's border outside the box asked for: its rectangle is 0.5 pt larger.
    expect(byName.get('tenant.name')).toEqual({
      name: 'tenant.name',
      type: 'text',
      pageIndex: 0,
      x: 49.5,
      y: 699.5,
      width: 251,
      height: 25,
      required: true,
    });
    expect(byName.get('tenant.notes')).toMatchObject({ type: 'text', multiline: true, maxLength: 500 });
    expect(byName.get('pets')).toMatchObject({ type: 'checkbox', width: 17, height: 17, required: false });
    // A radio group's three buttons make one area around them.
    expect(byName.get('term')).toMatchObject({
      type: 'radio',
      options: ['12 months', '24 months', '36 months'],
      x: 49.5,
      y: 479.5,
      width: 215,
      height: 15,
    });
    expect(byName.get('parking')).toMatchObject({
      type: 'dropdown',
      options: ['None', 'One space', 'Two spaces'],
    });
    expect(byName.get('furnished')).toMatchObject({ type: 'dropdown', options: ['Yes', 'No'] });
    expect(byName.get('deposit')).toMatchObject({ type: 'text', pageIndex: 1, x: 59.5, y: 599.5 });
  });

  it('gives no fields for a flat PDF', async () => {
    const checked = await checkPdfBytes(await buildFlatPdf(), MAX);
    expect(checked.ok && checked.formFields).toEqual([]);
  });

  it('keeps every area on its page and drops widgets that are nowhere or have no size', async () => {
    const pdf = await PDFDocument.create();
    const page = pdf.addPage([300, 300]);
    const form = pdf.getForm();
    form.createTextField('overflow').addToPage(page, { x: 250, y: 280, width: 200, height: 50 });
    form.createTextField('tiny').addToPage(page, { x: 10, y: 10, width: 1, height: 1 });
    const orphan = form.createTextField('orphan');
    orphan.addToPage(page, { x: 10, y: 100, width: 100, height: 20 });
    // Take the orphan's widget off the page: a widget no page shows is no place to fill.
    page.node.set(
      PDFName.of('Annots'),
      pdf.context.obj([page.node.Annots()!.get(0), page.node.Annots()!.get(1)]),
    );
    const loaded = await PDFDocument.load(await pdf.save());
    const drafts = readFormFields(loaded, [{ width: 300, height: 300 }]);
    expect(drafts.map((d) => d.name)).toEqual(['overflow']);
    const [area] = drafts;
    expect(area!.x + area!.width).toBeLessThanOrEqual(300);
    expect(area!.y + area!.height).toBeLessThanOrEqual(300);
  });

  it('treats a broken AcroForm as a flat PDF rather than refusing it', async () => {
    const pdf = await PDFDocument.create();
    pdf.addPage([300, 300]);
    pdf.catalog.set(
      PDFName.of('AcroForm'),
      pdf.context.obj({ Fields: pdf.context.obj([PDFName.of('Nope')]) }),
    );
    const checked = await checkPdfBytes(await pdf.save(), MAX);
    expect(checked.ok && checked.formFields).toEqual([]);
  });
});
