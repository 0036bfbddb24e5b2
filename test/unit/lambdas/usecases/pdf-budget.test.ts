// PDF budgets (issue #13 defect 6): decompressed size, page count and parse time, each over budget
// refused with its own message before the file can block a server or overflow a document.
import { deflateSync } from 'node:zlib';
import { PDFDocument, PDFName } from 'pdf-lib';
import { checkPdfBytes } from '../../../../lambdas/usecases/uploads';
import { inflatedBytes, withinTime, ParseTimeout } from '../../../../lambdas/usecases/pdf-budget';

const MB = 1024 * 1024;

/** A one-page PDF whose content stream is `size` bytes of zeros, Flate-compressed (a small file). */
async function bomb(size: number, objectStreams = false): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const stream = doc.context.flateStream(new Uint8Array(size));
  page.node.set(PDFName.of('Contents'), doc.context.register(stream));
  return doc.save({ useObjectStreams: objectStreams });
}

async function pages(n: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < n; i += 1) doc.addPage([595, 842]);
  return doc.save();
}

const budgets = { maxPages: 2000, maxInflatedBytes: 4 * MB, maxParseMs: 60_000 };

describe('inflatedBytes', () => {
  it('counts what the Flate streams inflate to and stops past the limit', async () => {
    const small = await bomb(1 * MB);
    const counted = await inflatedBytes(small, 64 * MB);
    expect(counted).toBeGreaterThanOrEqual(1 * MB);
    expect(counted).toBeLessThan(1 * MB + 64 * 1024);
    const big = await bomb(16 * MB);
    expect(big.length).toBeLessThan(100 * 1024);
    const stopped = await inflatedBytes(big, 2 * MB);
    expect(stopped).toBeGreaterThan(2 * MB);
    expect(stopped).toBeLessThan(3 * MB);
  });

  it('counts the page stream inside a deflated stream written by hand, and ignores other filters', async () => {
    const data = deflateSync(new Uint8Array(3 * MB));
    const pdf = Buffer.concat([
      Buffer.from(`%PDF-1.7\n1 0 obj\n<< /Length ${data.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'),
      data,
      Buffer.from(
        '\nendstream\nendobj\n2 0 obj\n<< /Length 5 /Filter /DCTDecode >>\nstream\nxxxxx\nendstream\nendobj\n',
        'latin1',
      ),
    ]);
    expect(await inflatedBytes(pdf, 64 * MB)).toBe(3 * MB);
  });
});

describe('checkPdfBytes budgets', () => {
  it('refuses a small file that inflates past the budget as too complex', async () => {
    const file = await bomb(16 * MB);
    expect(await checkPdfBytes(file, 50_000_000, budgets)).toEqual({
      ok: false,
      code: 'upload.errors.tooComplex',
    });
    // The same file within a larger budget is a PDF like any other.
    expect((await checkPdfBytes(file, 50_000_000, { ...budgets, maxInflatedBytes: 64 * MB })).ok).toBe(true);
  });

  it('refuses the same bomb in a file written with object streams', async () => {
    const file = await bomb(16 * MB, true);
    expect(await checkPdfBytes(file, 50_000_000, budgets)).toEqual({
      ok: false,
      code: 'upload.errors.tooComplex',
    });
  });

  it('refuses more pages than the limit, naming it', async () => {
    const file = await pages(6);
    expect(await checkPdfBytes(file, 50_000_000, { ...budgets, maxPages: 5 })).toEqual({
      ok: false,
      code: 'upload.errors.tooManyPages',
      details: { maxPages: 5 },
    });
    expect(await checkPdfBytes(file, 50_000_000, { ...budgets, maxPages: 6 })).toMatchObject({
      ok: true,
      pageCount: 6,
    });
  });

  it('refuses a parse longer than its budget as too complex', async () => {
    const file = await pages(3000);
    expect(await checkPdfBytes(file, 50_000_000, { ...budgets, maxParseMs: 1 })).toEqual({
      ok: false,
      code: 'upload.errors.tooComplex',
    });
  });
});

describe('withinTime', () => {
  it('answers the work when it ends in time and a ParseTimeout when it does not', async () => {
    await expect(withinTime(1000, Promise.resolve(7))).resolves.toBe(7);
    const slow = new Promise((resolve) => setTimeout(resolve, 200));
    await expect(withinTime(5, slow)).rejects.toBeInstanceOf(ParseTimeout);
  });
});
