// `npm run gallery:build`: writes the starter forms (issue #27 item 5) to lambdas/gallery/forms/ and
// each one's fields as read from it to `{form}-{lang}.fields.json` beside it, and their facts (pages,
// fields, size, SHA-256) to lambdas/gallery/manifest.ts, which GET /api/templates
// lists without opening a PDF. The PDFs are committed (docs/decisions.md 142); run this after editing
// ./content.ts or ./generate.ts, and commit what changed. A test checks the two agree.
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { format, resolveConfig } from 'prettier';
import { GALLERY, GALLERY_SOURCE_DIR, fieldsFileOf } from './catalog';
import { buildGalleryPdf } from './generate';
import { galleryFields } from './fields';

/** As `npx prettier --write` would leave the file, so `npm run lint` passes on what this writes. */
async function prettier(text: string, filepath: string): Promise<string> {
  return format(text, { ...(await resolveConfig(filepath)), filepath });
}

const started = performance.now();
mkdirSync(GALLERY_SOURCE_DIR, { recursive: true });
const facts: Record<string, { pageCount: number; fieldCount: number; sizeBytes: number; sha256: string }> =
  {};
for (const entry of GALLERY) {
  const t0 = performance.now();
  const bytes = await buildGalleryPdf(entry.form, entry.language);
  writeFileSync(join(GALLERY_SOURCE_DIR, entry.file), bytes);
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  const read = galleryFields(entry, pdf);
  const fieldsFile = join(GALLERY_SOURCE_DIR, fieldsFileOf(entry));
  writeFileSync(fieldsFile, await prettier(JSON.stringify(read), fieldsFile));
  const roles = read.roles;
  facts[entry.id] = {
    pageCount: pdf.getPageCount(),
    fieldCount: roles.reduce((n, r) => n + r.fields.length, 0),
    sizeBytes: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
  console.log(`${entry.file}: ${bytes.length} bytes, ${Math.round(performance.now() - t0)} ms`);
}
const source = `// Written by \`npm run gallery:build\` (lambdas/gallery/write-forms.ts): do not edit.
export const GALLERY_MANIFEST: Readonly<
  Record<string, { pageCount: number; fieldCount: number; sizeBytes: number; sha256: string }>
> = ${JSON.stringify(facts, null, 2)};
`;
const manifest = join(GALLERY_SOURCE_DIR, '..', 'manifest.ts');
writeFileSync(manifest, await prettier(source, manifest));
console.log(`${GALLERY.length} forms in ${Math.round(performance.now() - started)} ms`);
