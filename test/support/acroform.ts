// A real PDF form (AcroForm) for tests of the forms integration (issue #27 item 4): two pages, a text
// field, a multi-line text with a maximum length, a checkbox, a radio group of three, a dropdown, a
// list box and a push button (skipped: it holds no value), one of them on page 2.
import { PDFDocument, StandardFonts } from 'pdf-lib';

export const ACROFORM_FIELDS = [
  'tenant.name',
  'tenant.notes',
  'pets',
  'term',
  'parking',
  'furnished',
  'deposit',
] as const;

export async function buildAcroFormPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const one = pdf.addPage([595, 842]);
  const two = pdf.addPage([595, 842]);
  one.drawText('Residential lease (test form)', { x: 50, y: 790, size: 18, font });
  const form = pdf.getForm();

  const name = form.createTextField('tenant.name');
  name.addToPage(one, { x: 50, y: 700, width: 250, height: 24 });
  name.enableRequired();
  const notes = form.createTextField('tenant.notes');
  notes.enableMultiline();
  notes.setMaxLength(500);
  notes.addToPage(one, { x: 50, y: 560, width: 400, height: 100 });
  const pets = form.createCheckBox('pets');
  pets.addToPage(one, { x: 50, y: 520, width: 16, height: 16 });
  const term = form.createRadioGroup('term');
  term.addOptionToPage('12 months', one, { x: 50, y: 480, width: 14, height: 14 });
  term.addOptionToPage('24 months', one, { x: 150, y: 480, width: 14, height: 14 });
  term.addOptionToPage('36 months', one, { x: 250, y: 480, width: 14, height: 14 });
  const parking = form.createDropdown('parking');
  parking.addOptions(['None', 'One space', 'Two spaces']);
  parking.addToPage(one, { x: 50, y: 430, width: 150, height: 22 });
  const furnished = form.createOptionList('furnished');
  furnished.addOptions(['Yes', 'No']);
  furnished.addToPage(one, { x: 250, y: 400, width: 100, height: 50 });
  const deposit = form.createTextField('deposit');
  deposit.addToPage(two, { x: 60, y: 600, width: 120, height: 24 });
  const submit = form.createButton('submit');
  submit.addToPage('Submit', two, { x: 60, y: 100, width: 80, height: 24 });
  return pdf.save({ updateFieldAppearances: true });
}

/** A flat PDF (no form): its upload offers no fields. */
export async function buildFlatPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.addPage([595, 842]).drawText('No form here', { x: 50, y: 790 });
  return pdf.save();
}
