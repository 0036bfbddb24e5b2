// Page images with pdf.js (the same renderer as the browser's, so the image is what pdf.js would draw)
// on @napi-rs/canvas (Skia, a prebuilt N-API binary without system libraries: it loads on Lambda's
// Amazon Linux for arm64 and x64). Both are loaded on the first call only, and are never bundled: the
// functions that render have them in their node_modules (lib/function-assets.ts
// RENDER_MODULES); the others never call this. Decision 163.
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PageRenderer } from '../ports';

const require = createRequire(import.meta.url);

// pdf.js's legacy build carries core-js, which replaces the process's JSON.stringify and JSON.parse with
// its own (forced on Node 20 and 22: they lack JSON.rawJSON and parse's source text), once for the
// library and once more for its worker. Everything else in the process (API handlers, the AWS SDK's
// serialisation, the local cloud's emulators) then runs 3× slower or more in JSON (measured: 200-item
// DynamoDB answers, 130 → 383 ms for 300 round trips after the library alone). pdf.js needs neither
// proposal: the process's own are put back after each load (issue #33).
const nativeJson = { stringify: JSON.stringify, parse: JSON.parse };
export function restoreNativeJson(): void {
  if (JSON.stringify !== nativeJson.stringify) JSON.stringify = nativeJson.stringify;
  if (JSON.parse !== nativeJson.parse) JSON.parse = nativeJson.parse;
}

let loaded:
  | Promise<{ pdfjs: typeof import('pdfjs-dist'); canvas: typeof import('@napi-rs/canvas'); data: string }>
  | undefined;

function load() {
  loaded ??= (async () => {
    // The legacy build: the modern one expects browser globals (DOMMatrix, Path2D) Node lacks.
    const pdfjs = (await import('pdfjs-dist/legacy/build/pdf.mjs')) as typeof import('pdfjs-dist');
    restoreNativeJson();
    const canvas = await import('@napi-rs/canvas');
    return { pdfjs, canvas, data: path.dirname(require.resolve('pdfjs-dist/package.json')) };
  })();
  loaded.catch(() => (loaded = undefined));
  return loaded;
}

export function pdfjsPageRenderer(): PageRenderer {
  return {
    async render(pdf, options) {
      const { pdfjs, canvas: skia, data } = await load();
      const task = pdfjs.getDocument({
        // pdf.js takes the buffer over: a copy, so the caller's bytes stay whole.
        data: new Uint8Array(pdf),
        standardFontDataUrl: `${data}/standard_fonts/`,
        cMapUrl: `${data}/cmaps/`,
        cMapPacked: true,
        isEvalSupported: false,
        disableFontFace: true,
        useSystemFonts: false,
        verbosity: 0,
      });
      const images: Uint8Array[] = [];
      try {
        const doc = await task.promise;
        restoreNativeJson(); // the worker's copy has loaded by now
        const count = Math.min(options.pages, doc.numPages);
        let deadline = Number.POSITIVE_INFINITY;
        for (let n = 1; n <= count; n++) {
          if (Date.now() > deadline) break;
          const page = await doc.getPage(n);
          const natural = page.getViewport({ scale: 1 });
          if (natural.width <= 0 || natural.height / natural.width > options.maxAspect) break;
          const viewport = page.getViewport({ scale: options.widthPx / natural.width });
          const canvas = skia.createCanvas(Math.round(viewport.width), Math.round(viewport.height));
          const context = canvas.getContext('2d');
          // A PDF page is paper: white where nothing is drawn (WebP would keep it transparent).
          context.fillStyle = '#ffffff';
          context.fillRect(0, 0, canvas.width, canvas.height);
          await page.render({
            canvas: canvas as unknown as HTMLCanvasElement,
            canvasContext: context as unknown as CanvasRenderingContext2D,
            viewport,
          }).promise;
          page.cleanup();
          const image = await canvas.encode('webp', options.quality);
          if (image.length > options.maxBytes) break;
          images.push(new Uint8Array(image.buffer, image.byteOffset, image.length));
          if (n === 1) deadline = Date.now() + options.budgetMs;
        }
      } finally {
        await task.destroy();
        restoreNativeJson();
      }
      return images;
    },
  };
}
