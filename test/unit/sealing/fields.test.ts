// Issue #27 item 2: a contract with one field of every type (Latin, Japanese and Korean values) on an
// original that is a PDF form, sealed and checked with Debian's poppler tools: pdftotext finds every
// value, pdfdetach gives back each attachment's exact bytes, pdfsig reports the signature valid, the
// form's fields are gone, and two seals of the same input are byte-identical.
import { createHash } from 'node:crypto';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFArray, PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import type { DocumentRecord } from '../../../lambdas/adapters/dynamo/documents';
import { createServiceSigner, sealPdf, type SealInput } from '../../../lambdas/sealing/index';
import { fitText, MAX_TEXT_CHARS } from '../../../lambdas/sealing/field-marks';
import { FontSet } from '../../../lambdas/sealing/fonts';
import { Typesetter } from '../../../lambdas/sealing/typeset';
import {
  formatDateSigned,
  formatDateValue,
  gatherAttachments,
  sealFields,
  uniqueName,
} from '../../../lambdas/usecases/seal-fields';
import { localeForPath } from '../../../shared/i18n/server';
import { createLogger } from '../../../lambdas/core/logger';
import { auditData, makeSignPng } from './fixtures';
import { contractor, everyTypeAreas, makeAttachment, makeFormOriginal } from './field-fixtures';

const dir = mkdtempSync(join(tmpdir(), 'seal-fields-test-'));
const signer = createServiceSigner('SignSeal Test Sealing');
const attachment = makeAttachment('attachments/doc1/a1', '身分証明書.pdf', 40_000);
const second = makeAttachment('attachments/doc1/a2', 'id.pdf', 3_000, 2);
const DOC = { docuId: 'doc1', kind: 'esign', lang: 'jp' } as unknown as DocumentRecord;
const OWNER = { name: 'Owner Ōno' } as never;

function write(pdf: Uint8Array, name: string): string {
  const file = join(dir, name);
  writeFileSync(file, pdf);
  return file;
}

const pdftotext = (file: string, ...args: string[]) =>
  execFileSync('pdftotext', ['-enc', 'UTF-8', ...args, file, '-'], { encoding: 'utf8' });

async function inputFor(original: Uint8Array): Promise<SealInput> {
  const areas = everyTypeAreas(attachment);
  const recipients = [
    contractor(0, '山田 花子', areas),
    contractor(1, '김민수', [
      { pageIndex: 1, x: 60, y: 600, width: 200, height: 22, type: 'name', signed: true, value: '' },
      {
        pageIndex: 1,
        x: 60,
        y: 560,
        width: 200,
        height: 20,
        type: 'attachment',
        signed: true,
        attachment: second.record,
        filledAt: '2026-11-22T10:06:00.000Z',
      },
    ]),
  ];
  const locale = localeForPath('jp');
  const fields = sealFields({ doc: DOC, owner: OWNER, recipients, locale, lang: 'jp' });
  const storage = {
    getBytes: async (key: string) => (key === attachment.key ? attachment.bytes : second.bytes),
  };
  const attachments = await gatherAttachments(storage, 'doc1', fields.attachments);
  const png = makeSignPng(300, 120);
  return {
    original,
    stamps: areas
      .filter((a) => ['signature', 'initials', 'stamp'].includes(a.type ?? ''))
      .map(({ pageIndex, x, y, width, height }) => ({ pageIndex, x, y, width, height, png })),
    fields: fields.drawings,
    attachments,
    audit: { ...auditData(['Owner Ōno', '山田 花子', '김민수'], 4), fields: fields.audit! },
    language: 'jp',
    signer,
    signedAt: new Date('2026-11-22T10:10:00Z'),
  };
}

let original: Uint8Array;
let input: SealInput;
let sealed: Awaited<ReturnType<typeof sealPdf>>;
let file: string;

beforeAll(async () => {
  original = await makeFormOriginal(2);
  input = await inputFor(original);
  sealed = await sealPdf(input);
  file = write(sealed.pdf, 'sealed.pdf');
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('sealing fields (issue #27)', () => {
  it('draws every value into the original pages so that pdftotext finds it (CJK intact)', () => {
    const page1 = pdftotext(file, '-f', '1', '-l', '1');
    for (const text of [
      '山田 花子', // a name field left empty: the contractor's name
      '東京都千代田区丸の内一丁目',
      '서울특별시 강남구',
      'Deliver the keys',
      '1234.5',
      '2026年12月24日', // date: a long date in the document's language
      '2026年11月22日', // date signed
      'プランB',
      '옵션 2',
      '添付: 身分証明書.pdf',
    ]) {
      expect(page1).toContain(text);
    }
    const page2 = pdftotext(file, '-f', '2', '-l', '2');
    expect(page2).toContain('Page two value');
    expect(page2).toContain('김민수');
    expect(page2).toContain('添付: id.pdf');
  });

  it('embeds each attachment with its exact bytes, listed by pdfdetach', () => {
    const list = execFileSync('pdfdetach', ['-enc', 'UTF-8', '-list', file], { encoding: 'utf8' });
    expect(list).toContain('2 embedded files');
    expect(list).toContain('身分証明書.pdf');
    expect(list).toContain('id.pdf');
    const out = mkdtempSync(join(dir, 'detached-'));
    execFileSync('pdfdetach', ['-enc', 'UTF-8', '-saveall', '-o', out, file]);
    const hashes = readdirSync(out)
      .map((name) =>
        createHash('sha256')
          .update(readFileSync(join(out, name)))
          .digest('hex'),
      )
      .sort();
    expect(hashes).toEqual([attachment.record.sha256, second.record.sha256].sort());
  });

  it('writes each attachment SHA-256 into its description and the audit pages', async () => {
    const doc = await PDFDocument.load(sealed.pdf);
    const names = doc.catalog.lookup(PDFName.of('Names'), PDFDict);
    const tree = names.lookup(PDFName.of('EmbeddedFiles'), PDFDict).lookup(PDFName.of('Names'), PDFArray);
    expect(tree.size()).toBe(4);
    const raw = Buffer.from(sealed.pdf).toString('latin1');
    expect(raw).toContain('/Type /EmbeddedFile');
    const audit = pdftotext(file, '-f', '3');
    expect(audit).toContain('入力項目');
    expect(audit.replace(/\s+/g, '')).toContain(attachment.record.sha256);
    expect(audit).toContain('取り消し線');
    expect(audit).toContain('チェックボックス');
  });

  it('keeps the signature valid over the whole file', () => {
    const run = spawnSync('pdfsig', [file], { encoding: 'utf8' });
    const report = `${run.stdout}${run.stderr}`;
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Total document signed');
  });

  it('removes the form: no widget but the seal signature, the uncovered field flattened', async () => {
    const doc = await PDFDocument.load(sealed.pdf);
    const widgets = doc.getPages().flatMap((page) => {
      const annots = page.node.lookupMaybe(PDFName.of('Annots'), PDFArray);
      return (annots?.asArray() ?? [])
        .map((a) => doc.context.lookup(a, PDFDict))
        .filter((a) => a.get(PDFName.of('Subtype')) === PDFName.of('Widget'));
    });
    expect(widgets).toHaveLength(1);
    expect(widgets[0]!.get(PDFName.of('FT'))).toBe(PDFName.of('Sig'));
    const fields = doc.getForm().getFields();
    expect(fields.map((f) => f.constructor.name)).toEqual(['PDFSignature']);
    // The typed value of the form field with no product field over it is still on the page.
    expect(pdftotext(file, '-f', '1', '-l', '1')).toContain('REF-PRETYPED-42');
  });

  it('gives byte-identical output for the same input', async () => {
    // A fresh input from the same records and bytes (the original generated once: pdf-lib stamps it).
    const again = await sealPdf(await inputFor(Uint8Array.from(original)));
    expect(again.sha256).toBe(sealed.sha256);
    expect(Buffer.compare(Buffer.from(again.pdf), Buffer.from(sealed.pdf))).toBe(0);
  });

  it('refuses an attachment whose bytes differ from the record, with an alert', async () => {
    const lines: string[] = [];
    const log = createLogger({}, 'info', (line) => lines.push(line));
    const spoilt = Uint8Array.from(attachment.bytes);
    spoilt[100] = spoilt[100]! ^ 1;
    const fields = sealFields({
      doc: DOC,
      owner: OWNER,
      recipients: [contractor(0, 'A', everyTypeAreas(attachment))],
      locale: 'ja',
      lang: 'jp',
    });
    await expect(
      gatherAttachments({ getBytes: async () => spoilt }, 'doc1', fields.attachments, log),
    ).rejects.toMatchObject({
      code: 'documents.errors.originalChanged',
    });
    expect(JSON.parse(lines[0]!)).toMatchObject({
      level: 'error',
      alert: 'attachment-integrity',
      docuId: 'doc1',
      reason: 'sha256',
    });
  });
});

describe('sealing fields: edge cases', () => {
  it("keeps an original's own embedded files beside the attachments", async () => {
    const doc = await PDFDocument.load(original);
    await doc.attach(new TextEncoder().encode('original annex'), 'annex.txt', { mimeType: 'text/plain' });
    const withAnnex = await doc.save();
    const result = await sealPdf({ ...input, original: withAnnex });
    const list = execFileSync('pdfdetach', ['-enc', 'UTF-8', '-list', write(result.pdf, 'annex.pdf')], {
      encoding: 'utf8',
    });
    expect(list).toContain('3 embedded files');
    for (const name of ['annex.txt', '身分証明書.pdf', 'id.pdf']) expect(list).toContain(name);
  });

  it('refuses a field outside the document', async () => {
    const fields = [{ pageIndex: 5, x: 10, y: 10, width: 50, height: 20, kind: 'text' as const, text: 'x' }];
    await expect(sealPdf({ ...input, fields })).rejects.toMatchObject({ code: 'bad_area' });
  });

  it.each([
    ['wholly off its page', { x: 900, kind: 'text', text: 'x' }, 'bad_area'],
    ['of an unknown kind', { kind: 'circle' }, 'bad_field'],
    ['a text field without a string', { kind: 'text', text: 42 }, 'bad_field'],
    [
      'a text longer than any value accepted',
      { kind: 'text', text: 'x'.repeat(MAX_TEXT_CHARS + 1) },
      'bad_field',
    ],
  ])('refuses a damaged field (%s) with a SealError', async (_, damage, code) => {
    const fields = [{ pageIndex: 0, x: 10, y: 10, width: 50, height: 20, ...damage } as never];
    await expect(sealPdf({ ...input, fields })).rejects.toMatchObject({ name: 'SealError', code });
  });
});

describe('field texts', () => {
  it('formats dates as long dates in the document language', () => {
    expect(formatDateValue('2026-12-24', 'en')).toBe('December 24, 2026');
    expect(formatDateValue('2026-12-24', 'jp')).toBe('2026年12月24日');
    expect(formatDateValue('2026-12-24', 'ko')).toBe('2026년 12월 24일');
    // Signed at 20:00 UTC: already the next day in Tokyo and Seoul.
    expect(formatDateSigned('2026-11-22T20:00:00Z', 'en')).toBe('November 22, 2026');
    expect(formatDateSigned('2026-11-22T20:00:00Z', 'jp')).toBe('2026年11月23日');
    expect(formatDateSigned('2026-11-22T20:00:00Z', 'ko')).toBe('2026년 11월 23일');
  });

  it('numbers attachments of the same name', () => {
    const taken = new Set<string>();
    expect(['a.pdf', 'a.pdf', 'a.pdf', 'b'].map((n) => uniqueName(n, taken))).toEqual([
      'a.pdf',
      'a (2).pdf',
      'a (3).pdf',
      'b',
    ]);
  });

  it('shrinks one line to the width and wraps several lines to the height', async () => {
    const doc = await PDFDocument.create();
    const fonts = new FontSet(doc);
    const long = '東京都千代田区丸の内一丁目一番一号 Marunouchi Building 25F';
    await fonts.prepare([long]);
    const type = new Typesetter(fonts);
    const one = fitText(type, long, 150, 16);
    expect(one.lines).toEqual([long]);
    expect(type.width(long, one.size)).toBeLessThanOrEqual(150.01);
    const many = fitText(type, `${long}\n${long}`, 120, 60, { multiline: true });
    expect(many.lines.length).toBeGreaterThan(2);
    expect(many.lines.length * many.size * 1.2).toBeLessThanOrEqual(60.01);
    expect(many.lines.join('')).toContain('Marunouchi');
    // A text far longer than its area: the lines that fit at the smallest size, the rest clipped.
    const clipped = fitText(type, `${long} `.repeat(200), 120, 30, { multiline: true });
    expect(clipped.size).toBe(4);
    expect(clipped.lines).toHaveLength(Math.floor(30 / (4 * 1.2)));
    // A new line in the value starts a new line in the area.
    expect(fitText(type, 'Line one\nLine two', 200, 60, { multiline: true }).lines).toEqual([
      'Line one',
      'Line two',
    ]);
  });
});
