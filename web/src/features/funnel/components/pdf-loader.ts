// pdf.js, loaded only when a funnel page shows a document (a lazy chunk of its own: never in the
// landing page's JavaScript). One loaded document per stored file (keyed by its SHA-256), so the
// fresh presigned URL of every document reload does not download the file again.
import type { PDFDocumentProxy } from 'pdfjs-dist';

let pdfjsPromise: Promise<typeof import('pdfjs-dist')> | undefined;

function loadPdfjs(): Promise<typeof import('pdfjs-dist')> {
  pdfjsPromise ??= import('pdfjs-dist').then((pdfjs) => {
    pdfjs.GlobalWorkerOptions.workerSrc = new URL(
      'pdfjs-dist/build/pdf.worker.min.mjs',
      import.meta.url,
    ).toString();
    return pdfjs;
  });
  return pdfjsPromise;
}

const documents = new Map<string, Promise<PDFDocumentProxy>>();

export function loadPdf(url: string, cacheKey: string): Promise<PDFDocumentProxy> {
  let loaded = documents.get(cacheKey);
  if (!loaded) {
    loaded = loadPdfjs().then((pdfjs) => pdfjs.getDocument({ url }).promise);
    loaded.catch(() => documents.delete(cacheKey));
    documents.set(cacheKey, loaded);
  }
  return loaded;
}
