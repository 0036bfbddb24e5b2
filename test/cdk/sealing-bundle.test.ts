// The seal and anchor workers' PDF work and complete-upload's check, run from a real bundle built by
// AppFunction with the module replacements of lib/bundle-aliases.ts: fontkit's Brotli over Node's
// zlib (lambdas/bundle/brotli-decompress.ts) and pdf-lib without the standard fonts' metrics
// (lambdas/bundle/no-standard-fonts.ts). The local cloud and the integration tests run the
// TypeScript sources, so only a bundle shows that the replacements keep the functions working.
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import * as fontkit from 'fontkit';
import { PDFDocument } from 'pdf-lib';
import { AppFunction } from '../../lib/constructs/app-function.js';
import { assetsFor, SEAL_NODE_OPTIONS } from '../../lib/function-assets.js';
import { certificatePdf, createServiceSigner, sealPdf } from '../../lambdas/sealing/index.js';
import { makeJpeg } from '../support/jpeg.js';
import { makePng } from '../support/png.js';
import {
  certificateInput,
  recordInput,
  sealInput,
  type SealingBundleInput,
} from './fixtures/bundle/sealing.js';
import { cleanup, testApp } from './support.js';

afterAll(cleanup);

const ENTRY = fileURLToPath(new URL('./fixtures/bundle/sealing.ts', import.meta.url));
const WOFF2 = createRequire(import.meta.url).resolve(
  '@fontsource/caveat/files/caveat-latin-400-normal.woff2',
);
const TEXT = 'Sealed by SignSeal';

const dir = mkdtempSync(join(tmpdir(), 'sealing-bundle-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let bundle: string;
let original: Uint8Array;
const png = makePng(300, 100);
const jpeg = makeJpeg(160, 120);
const signer = createServiceSigner('SignSeal Bundle Test');
let out: {
  checks: Record<string, { ok: boolean; code?: string; pageCount?: number; pages?: unknown }>;
  sealedPages: number;
  glyphs: number[][];
  standardFont: string;
};

/** An original as a form tool writes it: two pages, a filled text field and a ticked check box. */
async function formPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595.28, 841.89]);
  doc.addPage([841.89, 595.28]);
  const form = doc.getForm();
  const name = form.createTextField('applicant.name');
  name.setText('Alice Smith');
  name.addToPage(page, { x: 60, y: 700, width: 200, height: 24 });
  const agree = form.createCheckBox('applicant.agree');
  agree.addToPage(page, { x: 60, y: 660, width: 16, height: 16 });
  agree.check();
  return doc.save();
}

function pdfsig(file: string): string {
  const run = spawnSync('pdfsig', [file], { encoding: 'utf8' });
  return `${run.stdout}${run.stderr}`;
}

beforeAll(async () => {
  const app: App = testApp({ bundle: true });
  const stack = new Stack(app, 'SealingBundleTest');
  // The fonts as the seal and anchor workers get them (copied next to the bundle).
  new AppFunction(stack, 'Fn', { entry: ENTRY, assets: assetsFor('lambdas/workers/seal.ts') });
  const outdir = app.synth().directory;
  const code = Object.values(Template.fromStack(stack).findResources('AWS::Lambda::Function'))[0]!.Properties
    .Code;
  bundle = join(outdir, `asset.${(code.S3Key as string).replace(/\.zip$/, '')}`, 'index.mjs');

  original = await formPdf();
  writeFileSync(join(dir, 'original.pdf'), original);
  execFileSync('qpdf', [
    '--encrypt',
    'user',
    'owner',
    '256',
    '--',
    join(dir, 'original.pdf'),
    join(dir, 'encrypted.pdf'),
  ]);
  const input: SealingBundleInput = {
    original: Buffer.from(original).toString('base64'),
    encrypted: readFileSync(join(dir, 'encrypted.pdf')).toString('base64'),
    png: Buffer.from(png).toString('base64'),
    jpeg: Buffer.from(jpeg).toString('base64'),
    p12: Buffer.from(signer.p12).toString('base64'),
    passphrase: signer.passphrase,
    woff2Path: WOFF2,
    text: TEXT,
  };
  writeFileSync(join(dir, 'input.json'), JSON.stringify(input));

  const script = `const m = await import(${JSON.stringify(pathToFileURL(bundle).href)}); console.log(JSON.stringify(await m.handler({ dir: ${JSON.stringify(dir)} })));`;
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
    env: {
      PATH: process.env.PATH ?? '',
      SEAL_FONT_DIR: join(dirname(bundle), 'assets/fonts'),
      // as the seal worker runs (lib/function-assets.ts; Node refuses options NODE_OPTIONS may not hold)
      NODE_OPTIONS: SEAL_NODE_OPTIONS,
    },
    maxBuffer: 10_000_000,
  });
  out = JSON.parse(stdout) as typeof out;
}, 180_000);

test('the bundle carries neither the JavaScript Brotli dictionary nor the standard fonts', () => {
  const source = readFileSync(bundle, 'utf8');
  // The first bytes of brotli's dictionary ("timedownlife"), minified.
  expect(source).not.toContain('116,105,109,101,100,111,119,110,108,105,102,101');
  // The start of @pdf-lib/standard-fonts' compressed Helvetica metrics.
  expect(source).not.toContain('eJyNnVtzG8mxrf+KAk');
  expect(source).toContain('are left out of the Lambda bundles');
});

test("complete-upload's check reads a PDF with form fields and refuses an encrypted one", () => {
  expect(out.checks.original).toMatchObject({
    ok: true,
    pageCount: 2,
    pages: [
      { width: 595.28, height: 841.89 },
      { width: 841.89, height: 595.28 },
    ],
  });
  expect(out.checks.encrypted).toEqual({ ok: false, code: 'upload.errors.encrypted' });
  expect(out.checks.notPdf).toEqual({ ok: false, code: 'upload.errors.notPdf' });
});

test('seals a PDF with form fields: valid signature, form flattened, names in every script', async () => {
  const file = join(dir, 'sealed.pdf');
  const report = pdfsig(file);
  expect(report).toContain('Signature Validation: Signature is Valid.');
  expect(report).toContain('Total document signed');
  expect(report).toContain('Signer Certificate Common Name: SignSeal Bundle Test');
  execFileSync('qpdf', ['--check', file]);
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  for (const value of ['業務委託契約書', '山田 花子', '김민수', 'Alice Smith', 'AB12'])
    expect(text).toContain(value);
  const sealed = await PDFDocument.load(readFileSync(file));
  expect(sealed.getPageCount()).toBe(out.sealedPages);
  expect(out.sealedPages).toBeGreaterThan(2);
  // Issue #27 (decision 130): the original's form is flattened — its typed values stay on the page
  // (pdftotext finds 'Alice Smith' above), and the only field left is the seal's own signature.
  const names = sealed
    .getForm()
    .getFields()
    .map((f) => f.constructor.name);
  expect(names).toEqual(['PDFSignature']);
});

test('the sealed PDF and the certificate are byte for byte those the TypeScript sources make', async () => {
  const sealed = await sealPdf(sealInput(original, png, signer));
  expect(Buffer.from(sealed.pdf).equals(readFileSync(join(dir, 'sealed.pdf')))).toBe(true);
  const certificate = await certificatePdf(certificateInput(sealed.sha256, signer));
  expect(Buffer.from(certificate).equals(readFileSync(join(dir, 'certificate.pdf')))).toBe(true);
}, 60_000);

test("seals a video contract's record with its JPEG still, byte for byte as the sources do", async () => {
  const file = join(dir, 'record.pdf');
  expect(pdfsig(file)).toContain('Signature Validation: Signature is Valid.');
  expect(execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' })).toMatch(/\s160\s+120\s+.*jpeg/);
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  for (const value of ['契約記録', '山田 花子', '김민수', '1'.repeat(64), '静止画なし'])
    expect(text).toContain(value);
  const record = await sealPdf(recordInput(jpeg, signer));
  expect(Buffer.from(record.pdf).equals(readFileSync(file))).toBe(true);
}, 60_000);

test('draws and signs the certificate', () => {
  const file = join(dir, 'certificate.pdf');
  expect(pdfsig(file)).toContain('Signature Validation: Signature is Valid.');
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  for (const value of ['업무 위탁 계약서', '김민수', '1234567', '블록체인 인증서'])
    expect(text).toContain(value);
});

test("reads a WOFF2 font as the brotli package does (fontkit's WOFF2 path over Node's Brotli)", () => {
  const font = fontkit.create(readFileSync(WOFF2));
  const expected = font.layout(TEXT).glyphs.map((g) => [g.id, g.advanceWidth]);
  expect(expected.every(([id]) => id! > 0)).toBe(true);
  expect(out.glyphs).toEqual(expected);
});

test('a standard font, which no function embeds, fails with a message saying why', () => {
  expect(out.standardFont).toMatch(
    /: the standard PDF fonts \(Helvetica, .*\) are left out of the Lambda bundles/,
  );
});
