// Issue #33, decision 163: the images of an accepted original's first pages, made with the real
// renderer (pdf.js's Node build on @napi-rs/canvas) from PDFs made here, and stored beside the original.
import { jest } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { pdfjsPageRenderer } from '../../../../lambdas/adapters/page-renderer';
import type { ObjectStorage, PageRenderer } from '../../../../lambdas/ports';
import { pageImageKey, pageImageKeys, storePageImages } from '../../../../lambdas/usecases/page-images';
import {
  PAGE_IMAGE_MAX_BYTES,
  PAGE_IMAGE_PAGES,
  PAGE_IMAGE_WIDTH_PX,
} from '../../../../shared/domain/page-images';
import { nullStorage } from '../fakes';

jest.setTimeout(120_000);

/** `pages` A4 pages of text, and one tall strip at `stripAt` (0-based) if given. */
async function pdfOf(pages: number, stripAt?: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p < pages; p++) {
    const page = doc.addPage(p === stripAt ? [200, 2000] : [595.28, 841.89]);
    page.drawText(`Page ${p + 1}: the Contractor shall perform the services.`, {
      x: 20,
      y: 100,
      size: 12,
      font,
    });
  }
  return doc.save();
}

/** What was put, by key. */
function recordingStorage(): ObjectStorage & { puts: Map<string, { bytes: Uint8Array; type: string }> } {
  const puts = new Map<string, { bytes: Uint8Array; type: string }>();
  return {
    ...nullStorage,
    puts,
    put: async (key, body, contentType) => {
      puts.set(key, { bytes: body as Uint8Array, type: contentType });
      return {};
    },
  };
}

/** A WebP's canvas size from its VP8 / VP8L / VP8X header. */
function webpSize(bytes: Uint8Array): { width: number; height: number } {
  const text = (from: number, to: number) => String.fromCharCode(...bytes.slice(from, to));
  expect(text(0, 4)).toBe('RIFF');
  expect(text(8, 12)).toBe('WEBP');
  const chunk = text(12, 16);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (chunk === 'VP8 ')
    return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
  if (chunk === 'VP8X')
    return {
      width: 1 + (view.getUint32(24, true) & 0xffffff),
      height: 1 + (view.getUint32(27, true) & 0xffffff),
    };
  const bits = view.getUint32(21, true);
  return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
}

const renderer = pdfjsPageRenderer();
const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));
const fileKey = 'documents/d1/original-abc.pdf';

describe('the images of the first pages', () => {
  it('are WebP images of the leading pages, at the phone width and the page aspect, beside the original', async () => {
    const storage = recordingStorage();
    const count = await storePageImages({ storage, pageRenderer: renderer }, fileKey, await pdfOf(5));
    expect(count).toBe(PAGE_IMAGE_PAGES);
    expect([...storage.puts.keys()].sort()).toEqual(pageImageKeys(fileKey, PAGE_IMAGE_PAGES).sort());
    expect(pageImageKey(fileKey, 0)).toBe('documents/d1/original-abc.page-1.webp');
    for (const { bytes, type } of storage.puts.values()) {
      expect(type).toBe('image/webp');
      expect(bytes.length).toBeLessThanOrEqual(PAGE_IMAGE_MAX_BYTES);
      const size = webpSize(bytes);
      expect(size.width).toBe(PAGE_IMAGE_WIDTH_PX);
      expect(size.height).toBe(Math.round((PAGE_IMAGE_WIDTH_PX * 841.89) / 595.28));
    }
  });

  it('leave the process its own JSON.stringify and JSON.parse (pdf.js’s core-js replaces both)', () => {
    // A process of its own: jest's module sandbox hides the replacement from a test's globals.
    const script = `
      import { pdfjsPageRenderer } from './lambdas/adapters/page-renderer.ts';
      import { PDFDocument } from 'pdf-lib';
      const doc = await PDFDocument.create();
      doc.addPage([595.28, 841.89]).drawText('JSON', { x: 50, y: 700 });
      const native = [JSON.stringify, JSON.parse];
      const images = await pdfjsPageRenderer().render(await doc.save(), {
        pages: 1, widthPx: 380, quality: 70, maxBytes: 500000, maxAspect: 3, budgetMs: 3000,
      });
      console.log(JSON.stringify({
        images: images.length,
        same: JSON.stringify === native[0] && JSON.parse === native[1],
        native: String(JSON.stringify).includes('[native code]') && String(JSON.parse).includes('[native code]'),
      }));`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(run.stderr).not.toMatch(/Error/);
    expect(JSON.parse(run.stdout.trim().split('\n').at(-1)!)).toEqual({
      images: 1,
      same: true,
      native: true,
    });
  }, 150_000);

  it('stop at the first page that cannot be one (a strip far taller than wide)', async () => {
    const storage = recordingStorage();
    await expect(
      storePageImages({ storage, pageRenderer: renderer }, fileKey, await pdfOf(3, 1)),
    ).resolves.toBe(1);
    expect([...storage.puts.keys()]).toEqual([pageImageKey(fileKey, 0)]);
  });

  it('keep only the leading pages under the size limit', async () => {
    const storage = recordingStorage();
    const sized: PageRenderer = {
      render: async () => [new Uint8Array(10), new Uint8Array(PAGE_IMAGE_MAX_BYTES + 1), new Uint8Array(10)],
    };
    await expect(storePageImages({ storage, pageRenderer: sized }, fileKey, new Uint8Array())).resolves.toBe(
      1,
    );
    expect([...storage.puts.keys()]).toEqual([pageImageKey(fileKey, 0)]);
  });

  it('are none, and no error, when the renderer fails or there is none (pdf.js draws the pages)', async () => {
    const storage = recordingStorage();
    const broken: PageRenderer = { render: () => Promise.reject(new Error('no canvas')) };
    await expect(storePageImages({ storage, pageRenderer: broken }, fileKey, await pdfOf(1))).resolves.toBe(
      0,
    );
    await expect(storePageImages({ storage }, fileKey, await pdfOf(1))).resolves.toBe(0);
    await expect(
      storePageImages({ storage, pageRenderer: renderer }, fileKey, new TextEncoder().encode('not a pdf')),
    ).resolves.toBe(0);
    expect(storage.puts.size).toBe(0);
    expect(pageImageKeys(fileKey, 0)).toEqual([]);
  });
});
