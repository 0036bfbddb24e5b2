// The contract record of a video contract (issue #16): sealPdf with a `record` instead of an original
// builds a new PDF (the record pages, then the audit pages), signed like any sealed PDF. Checked on
// real output with poppler (pdfsig, pdftotext, pdfimages, pdftoppm) and zbarimg.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createServiceSigner,
  sealPdf,
  type SealInput,
  type SealResult,
} from '../../../lambdas/sealing/index';
import { makeJpeg } from '../../support/jpeg';
import { auditData, recordData } from './fixtures';

const NAMES = ['山田 花子', '김민수', 'Alice Smith'];
const dir = mkdtempSync(join(tmpdir(), 'record-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const signer = createServiceSigner('SignSeal Test Record');

function fileOf(pdf: Uint8Array, name: string): string {
  const file = join(dir, name);
  writeFileSync(file, pdf);
  return file;
}

const pdftotext = (file: string, ...args: string[]) =>
  execFileSync('pdftotext', ['-enc', 'UTF-8', ...args, file, '-'], { encoding: 'utf8' });

/** Dark pixels of a 72 dpi greyscale rendering of page 1 inside a box (points = pixels). */
function inkIn(file: string, box: { x0: number; y0: number; x1: number; y1: number }): number {
  const out = join(dir, 'ink');
  execFileSync('pdftoppm', ['-r', '72', '-gray', '-f', '1', '-l', '1', '-singlefile', file, out]);
  const pgm = readFileSync(`${out}.pgm`);
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.subarray(0, 40).toString('latin1'))!;
  const width = Number(header[1]);
  const start = header[0].length;
  let dark = 0;
  for (let y = Math.floor(box.y0); y < Math.ceil(box.y1); y += 1) {
    for (let x = Math.floor(box.x0); x < Math.ceil(box.x1); x += 1) {
      if (pgm[start + y * width + x]! < 128) dark += 1;
    }
  }
  return dark;
}

describe('sealPdf with a contract record', () => {
  let input: SealInput;
  let sealed: SealResult;
  let file: string;

  beforeAll(async () => {
    // The Korean contractor has no still: a placeholder box instead.
    const record = recordData(NAMES, [makeJpeg(160, 120, 210), undefined, makeJpeg(120, 160, 30)]);
    const {
      originalSha256: _sha,
      originalFileName: _name,
      pageCount: _pages,
      ...audit
    } = auditData(NAMES, 6);
    input = {
      record,
      stamps: [],
      audit: { ...audit, title: record.title, shortNumber: record.shortNumber },
      language: 'jp',
      signer,
      signedAt: new Date('2026-11-22T10:10:00Z'),
    };
    sealed = await sealPdf(input);
    file = fileOf(sealed.pdf, 'record.pdf');
  });

  it('is validly signed (pdfsig), over the whole file', () => {
    const run = spawnSync('pdfsig', [file], { encoding: 'utf8' });
    const report = `${run.stdout}${run.stderr}`;
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Signer Certificate Common Name: SignSeal Test Record');
    expect(report).toContain('Total document signed');
  });

  it('lists the contract, the parties and every video with its hash, challenge code and token note', () => {
    const pages = pdftotext(file).split('\f');
    const text = pages.join(' ').replace(/\s+/g, ' ');
    expect(pages[0]).toContain('契約記録'); // the record comes first, in the document's language
    expect(text).toContain('業務委託契約書');
    expect(text).toContain('VC12');
    expect(text).toContain(input.record!.documentId);
    for (const name of NAMES) expect(text).toContain(name);
    expect(text).toContain('h***1@example.com');
    expect(text).toContain('2026-11-22 10:02:00 UTC'); // the second contractor's agreement
    for (const video of input.record!.videos) {
      expect(text).toContain(video.sha256);
      expect(text).toContain(video.challenge);
      expect(text).toContain(video.recordedAt);
      expect(text).toContain(video.recipient);
      expect(text).toContain(video.verifyUrl.slice(0, 60)); // the link wraps; its QR code is read below
    }
    expect(text).toContain('60.0 s');
    expect(text).toContain('7,500,000 bytes');
    expect(text).toContain('静止画なし'); // the placeholder of the video without a still
    // Then the audit pages, with no original-file rows.
    expect(text).toContain('監査証明書');
    expect(text).not.toContain('元ファイル');
    expect(text).not.toContain('SHA-256 of the original');
  });

  it('embeds one JPEG per still, as it is (DCT)', () => {
    const list = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' });
    const jpegs = list.split('\n').filter((line) => /\bjpeg\b/.test(line));
    expect(jpegs).toHaveLength(2);
    expect(list).toMatch(/\s160\s+120\s+.*jpeg/);
    expect(list).toMatch(/\s120\s+160\s+.*jpeg/);
  });

  it('draws the Japanese and Korean names with real glyphs of the embedded CJK fonts', () => {
    const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' });
    expect(fonts).toContain('NotoSansJP-Regular-SignSeal');
    expect(fonts).toContain('NotoSansKR-Regular-SignSeal');
    const words = pdftotext(file, '-bbox', '-f', '1', '-l', '1');
    for (const word of ['山田', '김민수']) {
      const m = new RegExp(
        `<word xMin="([\\d.]+)" yMin="([\\d.]+)" xMax="([\\d.]+)" yMax="([\\d.]+)">${word}</word>`,
      ).exec(words);
      expect(m).not.toBeNull();
      const [x0, y0, x1, y1] = m!.slice(1).map(Number) as [number, number, number, number];
      expect(inkIn(file, { x0, y0, x1, y1 })).toBeGreaterThan(15);
    }
  });

  it('draws a QR code per video that decodes to its verify URL', () => {
    execFileSync('pdftoppm', ['-r', '200', '-png', file, join(dir, 'page')]);
    const found = new Set<string>();
    for (const png of execFileSync('ls', [dir], { encoding: 'utf8' }).split('\n')) {
      if (!/^page-\d+\.png$/.test(png)) continue;
      const run = spawnSync('zbarimg', ['-q', '--raw', '-Sdisable', '-Sqrcode.enable', join(dir, png)], {
        encoding: 'utf8',
      });
      run.stdout.split('\n').forEach((line) => line.trim() && found.add(line.trim()));
    }
    for (const video of input.record!.videos) expect(found).toContain(video.verifyUrl);
    expect(found).toContain(input.audit.verifyUrl); // and the audit pages' one to the document
  });

  it('is byte-identical for the same input', async () => {
    const again = await sealPdf(input);
    expect(again.sha256).toBe(sealed.sha256);
    expect(Buffer.from(again.pdf).equals(Buffer.from(sealed.pdf))).toBe(true);
  });

  it('puts a placeholder for a still that is not a JPEG instead of failing', async () => {
    const record = recordData(['Alice Smith'], [new TextEncoder().encode('not a jpeg')]);
    const broken = await sealPdf({ ...input, record });
    const text = pdftotext(fileOf(broken.pdf, 'broken.pdf')).replace(/\s+/g, ' ');
    expect(text).toContain('静止画なし');
  });

  it('refuses an input with both an original and a record, or neither', async () => {
    await expect(sealPdf({ ...input, original: new Uint8Array(8) })).rejects.toThrow(/exactly one/);
    await expect(sealPdf({ ...input, record: undefined })).rejects.toThrow(/exactly one/);
  });
});
