// sealPdf end to end on generated originals, checked with Debian's poppler tools: the signature is
// valid, one flipped byte breaks it, and the audit pages show every name in its own script.
import { createHash } from 'node:crypto';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jest } from '@jest/globals';
import { PDFDocument } from 'pdf-lib';
import { createServiceSigner, SealError, sealPdf, type SealInput } from '../../../lambdas/sealing/index';
import { auditData, makeOriginal, makeSignPng, stamps } from './fixtures';

const NAMES = ['山田 花子', '김민수', 'Alice Smith'];
const dir = mkdtempSync(join(tmpdir(), 'seal-test-'));
const signer = createServiceSigner('SignSeal Test Sealing');
let original: Uint8Array;
let input: SealInput;

function pdfsig(pdf: Uint8Array, name: string): string {
  const file = join(dir, name);
  writeFileSync(file, pdf);
  // pdfsig exits non-zero for an invalid signature: keep its report either way.
  const run = spawnSync('pdfsig', [file], { encoding: 'utf8' });
  return `${run.stdout}${run.stderr}`;
}

function pdftotext(pdf: Uint8Array, name: string): string {
  const file = join(dir, name);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
}

beforeAll(async () => {
  original = await makeOriginal(3);
  const pngs = [makeSignPng(700, 300), makeSignPng(300, 300)];
  input = {
    original,
    stamps: stamps(4, 3, pngs),
    audit: auditData(NAMES, 12),
    language: 'jp',
    signer,
    signedAt: new Date('2026-11-22T10:10:00Z'),
  };
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('sealPdf', () => {
  let sealed: Awaited<ReturnType<typeof sealPdf>>;
  beforeAll(async () => {
    sealed = await sealPdf(input);
  });

  it('signs the final PDF so that pdfsig reports the signature valid', () => {
    const report = pdfsig(sealed.pdf, 'sealed.pdf');
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Signature Type: ETSI.CAdES.detached');
    expect(report).toContain('Signer Certificate Common Name: SignSeal Test Sealing');
    expect(report).toContain('Total document signed');
    expect(report).toContain('Signing Time: Nov 22 2026 10:10:00');
  });

  it('carries signing-certificate-v2 in the CMS, as PAdES B-B requires of ETSI.CAdES.detached', () => {
    const text = Buffer.from(sealed.pdf).toString('latin1');
    const contents = /\/Contents <([0-9a-f]+)>/.exec(text.slice(text.lastIndexOf('/ByteRange')))![1]!;
    expect(contents).toContain('060b2a864886f70d010910022f'); // OID 1.2.840.113549.1.9.16.2.47
  });

  it('makes pdfsig report the signature invalid when one signed byte changes', () => {
    const tampered = Uint8Array.from(sealed.pdf);
    // A byte inside the first signed range, in a stream's data so the file still parses.
    const text = Buffer.from(tampered).toString('latin1');
    const at = text.indexOf('stream\n', 2000) + 20;
    tampered[at] = tampered[at]! ^ 0x01;
    const report = pdfsig(tampered, 'tampered.pdf');
    expect(report).not.toContain('Signature is Valid.');
    expect(report).toMatch(/Digest Mismatch|Signature is Invalid/);
  });

  it('shows the title, the short number, the original SHA-256 and every name on the audit pages', () => {
    const text = pdftotext(sealed.pdf, 'text.pdf');
    for (const name of NAMES) expect(text).toContain(name);
    expect(text).toContain('業務委託契約書');
    expect(text).toContain('AB12');
    expect(text).toContain(input.audit.originalSha256);
    expect(text).toContain('監査証明書'); // the labels are in the document's language
    expect(text).toContain(input.audit.verifyUrl);
  });

  it('appends the audit pages after the original pages and reports the total', async () => {
    const doc = await PDFDocument.load(sealed.pdf);
    expect(doc.getPageCount()).toBe(sealed.pageCount);
    expect(sealed.pageCount).toBeGreaterThan(3);
    const text = pdftotext(sealed.pdf, 'pages.pdf').split('\f');
    expect(text[0]).toContain('Original contract, page 1');
    expect(text[3]).toContain('監査証明書');
  });

  it('returns the SHA-256 of the signed bytes and every stage timing', () => {
    expect(sealed.sha256).toBe(createHash('sha256').update(sealed.pdf).digest('hex'));
    expect(Object.keys(sealed.timings).sort()).toEqual(['audit', 'hash', 'load', 'save', 'sign', 'stamp']);
  });

  it('gives byte-identical output for identical input, so a retried seal anchors the same hash', async () => {
    const again = await sealPdf(input);
    expect(again.sha256).toBe(sealed.sha256);
  });

  it('labels the audit pages in Korean for a Korean document', async () => {
    const ko = await sealPdf({ ...input, language: 'ko', stamps: [] });
    const text = pdftotext(ko.pdf, 'ko.pdf');
    expect(text).toContain('감사 인증서');
    expect(text).toContain('김민수');
  });

  it('paginates a long history over several audit pages', async () => {
    const long = await sealPdf({ ...input, audit: auditData(NAMES, 120), stamps: [] });
    expect(long.pageCount).toBeGreaterThanOrEqual(3 + 3);
    const text = pdftotext(long.pdf, 'long.pdf');
    expect(text).toContain('3 / '); // the footer counts the audit pages
  });
});

describe('sealPdf refuses what it cannot seal', () => {
  async function codeOf(promise: Promise<unknown>): Promise<string> {
    try {
      await promise;
    } catch (error) {
      expect(error).toBeInstanceOf(SealError);
      return (error as SealError).code;
    }
    throw new Error('expected a SealError');
  }

  it('a file that is not a PDF is unreadable_pdf', async () => {
    const code = await codeOf(sealPdf({ ...input, original: new TextEncoder().encode('hello, not a pdf') }));
    expect(code).toBe('unreadable_pdf');
  });

  it('an encrypted PDF is unreadable_pdf', async () => {
    const plain = join(dir, 'plain.pdf');
    const locked = join(dir, 'locked.pdf');
    writeFileSync(plain, original);
    execFileSync('qpdf', ['--encrypt', 'user', 'owner', '256', '--', plain, locked]);
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined); // pdf-lib's parser notes
    const code = await codeOf(sealPdf({ ...input, original: readFileSync(locked) }));
    warn.mockRestore();
    expect(code).toBe('unreadable_pdf');
  });

  it('a stamp on a page the document does not have is bad_area', async () => {
    const stamp = { ...input.stamps[0]!, pageIndex: 3 };
    expect(await codeOf(sealPdf({ ...input, stamps: [stamp] }))).toBe('bad_area');
    const negative = { ...input.stamps[0]!, pageIndex: -1 };
    expect(await codeOf(sealPdf({ ...input, stamps: [negative] }))).toBe('bad_area');
  });

  it('a service signer whose passphrase does not open its bundle is bad_signer', async () => {
    const wrong = { p12: signer.p12, passphrase: 'not-the-passphrase' };
    expect(await codeOf(sealPdf({ ...input, signer: wrong }))).toBe('bad_signer');
  });

  it('a sign image that is not a PNG is bad_image', async () => {
    const stamp = { ...input.stamps[0]!, png: new TextEncoder().encode('GIF89a not a png') };
    expect(await codeOf(sealPdf({ ...input, stamps: [stamp] }))).toBe('bad_image');
    const truncated = { ...input.stamps[0]!, png: makeSignPng(40, 20).slice(0, 60) };
    expect(await codeOf(sealPdf({ ...input, stamps: [truncated] }))).toBe('bad_image');
  });
});
