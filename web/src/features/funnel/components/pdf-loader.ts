// pdf.js, loaded only when a funnel or signer page shows a document (a lazy chunk of its own: never in
// the landing page's JavaScript). One loaded document per stored file (keyed by its SHA-256), so the
// fresh presigned URL of every document reload does not download the file again.
//
// On a phone the three downloads — the library, its worker (the largest) and the PDF — used to follow
// one another (pdf.js starts its worker once it runs, and fetches the file once the worker answers):
// here the three start together (issue #14 item 8).
import type { PDFDocumentProxy } from 'pdfjs-dist';

/** The worker's script, an asset of the build (not a chunk): see web/vite.config.ts. */
const WORKER_URL = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url);

let pdfjsPromise: Promise<typeof import('pdfjs-dist')> | undefined;

/** Starts loading pdf.js and its worker at once (idempotent); the signer page calls it on arrival. */
export function preloadPdfjs(): Promise<typeof import('pdfjs-dist')> {
  pdfjsPromise ??= (() => {
    let worker: Worker | undefined;
    try {
      worker = new Worker(WORKER_URL, { type: 'module' });
    } catch {
      // No module workers: pdf.js starts its own from workerSrc.
    }
    const loading = import('pdfjs-dist').then((pdfjs) => {
      if (worker) pdfjs.GlobalWorkerOptions.workerPort = worker;
      else pdfjs.GlobalWorkerOptions.workerSrc = WORKER_URL.toString();
      return pdfjs;
    });
    loading.catch(() => {
      worker?.terminate();
      pdfjsPromise = undefined;
    });
    return loading;
  })();
  return pdfjsPromise;
}

async function fetchPdf(url: string): Promise<ArrayBuffer> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`PDF download failed: ${res.status}`);
  return res.arrayBuffer();
}

const documents = new Map<string, Promise<PDFDocumentProxy>>();

export function loadPdf(url: string, cacheKey: string): Promise<PDFDocumentProxy> {
  let loaded = documents.get(cacheKey);
  if (!loaded) {
    // The file downloads while pdf.js and its worker load, instead of after them.
    loaded = Promise.all([preloadPdfjs(), fetchPdf(url)]).then(
      ([pdfjs, data]) => pdfjs.getDocument({ data }).promise,
    );
    loaded.catch(() => documents.delete(cacheKey));
    documents.set(cacheKey, loaded);
  }
  return loaded;
}
