// The gallery's starter forms (issue #27 item 5): each committed PDF is what the generator makes
// today (same bytes), loads, is A4, has its form fields named by role — text, check boxes, a dropdown,
// a required signature for each role — and its text in its language survives text extraction; the
// fields kept beside each PDF and the manifest agree with the PDF.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PDFCheckBox, PDFDocument, PDFDropdown, PDFSignature, PDFTextField } from 'pdf-lib';
import {
  GALLERY,
  GALLERY_SOURCE_DIR,
  readGalleryFields,
  readGalleryPdf,
} from '../../../lambdas/gallery/catalog';
import { FORM_CONTENT } from '../../../lambdas/gallery/content';
import { galleryFields } from '../../../lambdas/gallery/fields';
import { buildGalleryPdf } from '../../../lambdas/gallery/generate';
import { galleryForms } from '../../../lambdas/gallery/list';
import { GALLERY_MANIFEST } from '../../../lambdas/gallery/manifest';
import { storedField } from '../../../lambdas/usecases/recipients';

const pdftotext = ['/usr/bin/pdftotext', '/usr/local/bin/pdftotext'].find((p) => existsSync(p));

const SCRIPT = {
  en: /^[\x20-\x7e’]+$/u,
  jp: /[\u3040-\u30ff\u4e00-\u9fff]/u,
  ko: /[\uac00-\ud7af]/u,
} as const;

test('the gallery has a lease, a purchase agreement and a disclosure in en, jp and ko', () => {
  expect(GALLERY.map((g) => g.id).sort()).toEqual(
    ['disclosure', 'lease', 'purchase'].flatMap((f) => ['en', 'jp', 'ko'].map((l) => `${f}-${l}`)).sort(),
  );
  expect(galleryForms()).toHaveLength(9);
});

describe.each(GALLERY.map((g) => [g.id, g] as const))('%s', (_id, entry) => {
  const bytes = readGalleryPdf(entry);

  test('is what the generator makes today, byte for byte (regenerate: npm run gallery:build)', async () => {
    const made = await buildGalleryPdf(entry.form, entry.language);
    expect(Buffer.from(made).equals(Buffer.from(bytes))).toBe(true);
  }, 60_000);

  test('is a small A4 PDF with form fields named by role', async () => {
    expect(bytes.length).toBeLessThan(100_000);
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getTitle()).toBe(entry.title);
    for (const page of pdf.getPages()) expect(page.getSize()).toEqual({ width: 595, height: 842 });
    const fields = pdf.getForm().getFields();
    const names = fields.map((f) => f.getName());
    for (const name of names) expect(entry.roleKeys).toContain(name.split('.')[0]);
    // Every field the content declares is there, as its kind.
    for (const block of FORM_CONTENT[entry.form]) {
      if (block.kind === 'text')
        expect(pdf.getForm().getField(`${block.role}.${block.key}`)).toBeInstanceOf(PDFTextField);
      if (block.kind === 'check')
        expect(pdf.getForm().getField(`${block.role}.${block.key}`)).toBeInstanceOf(PDFCheckBox);
      if (block.kind === 'choice') {
        const choice = pdf.getForm().getDropdown(`${block.role}.${block.key}`);
        expect(choice.getOptions()).toEqual(block.options.map((o) => o[entry.language]));
      }
    }
    expect(fields.some((f) => f instanceof PDFCheckBox)).toBe(true);
    expect(fields.some((f) => f instanceof PDFDropdown)).toBe(true);
    for (const role of entry.roleKeys) {
      const signature = pdf.getForm().getField(`${role}.signature`);
      expect(signature).toBeInstanceOf(PDFSignature);
      expect(signature.isRequired()).toBe(true);
      expect(pdf.getForm().getTextField(`${role}.date`)).toBeInstanceOf(PDFTextField);
    }
  });

  test('its fields file and the manifest are those the PDF gives', async () => {
    const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
    const read = galleryFields(entry, pdf);
    expect(readGalleryFields(entry)).toEqual(read);
    expect(read.roles.map((r) => r.name)).toEqual([...entry.roles]);
    expect(GALLERY_MANIFEST[entry.id]).toEqual({
      pageCount: pdf.getPageCount(),
      fieldCount: read.roles.reduce((n, r) => n + r.fields.length, 0),
      sizeBytes: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
    // Every field: the form's language in its label, acceptable to Set Position's rule, one signature a role.
    let row = 0;
    for (const role of read.roles) {
      expect(role.fields.filter((f) => f.type === 'signature')).toHaveLength(1);
      for (const f of role.fields) {
        expect(f.label).toMatch(SCRIPT[entry.language]);
        expect(() => storedField({ ...f, recipientIndex: 0 }, row++, false)).not.toThrow();
      }
      expect(new Set(role.fields.map((f) => f.label)).size).toBe(role.fields.length);
    }
  });

  (pdftotext ? test : test.skip)('its text extracts in its language (pdftotext)', () => {
    const text = execFileSync(pdftotext!, ['-enc', 'UTF-8', join(GALLERY_SOURCE_DIR, entry.file), '-'], {
      encoding: 'utf8',
    }).replace(/\s+/g, '');
    expect(text).toContain(entry.title.replace(/\s+/g, ''));
    for (const role of entry.roles) expect(text).toContain(role);
    const first = FORM_CONTENT[entry.form].find((b) => b.kind === 'para')!;
    if (first.kind === 'para') expect(text).toContain(first.text[entry.language].replace(/\s+/g, ''));
  });
});
