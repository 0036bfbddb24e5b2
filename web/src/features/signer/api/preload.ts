// What a view that allows answering needs next, started together as soon as it is known: pdf.js, its
// worker and the PDF (keyed by the document, as the viewer asks for it), and the screens' chunk.
// Never for a link refused by routing (issue #28) or one that ends on arrival: those pages need none
// of it. Started from the early view's answer (./early-view.ts), before the page has mounted, and
// again by the page (idempotent) when it asked for the view itself. The viewer's loader is a few
// hundred bytes in the entry (it imports pdf.js itself only when called), so pdf.js's downloads
// start the moment the view answers.
import type { SignerView } from '../../../../../shared/api/schemas';
import { loadPdf } from '../../funnel/components/pdf-loader';
import { endOnArrival } from '../arrival';
import { trackedChunk } from '../../../lib/tracked-chunk';

/**
 * The screens' chunk (the review and the request popups; it asks for the dialogs and the video step
 * itself once page 1 is shown: ../components/signer-later.tsx), remembered once it has arrived.
 */
export const signerScreensChunk = trackedChunk(() => import('../components/signer-screens'));
export const loadSignerScreens = signerScreensChunk.load;

type Preloaded = Pick<SignerView, 'docuId' | 'fileUrl' | 'me' | 'status' | 'pageImages'>;

/** Images already asked for (one request each, whoever asks first). */
const images = new Set<string>();

export function preloadScreens(view: Preloaded): void {
  if (endOnArrival(view)) return;
  const first = Array.isArray(view.pageImages) ? view.pageImages[0] : undefined;
  if (typeof first === 'string') {
    // Issue #33: the server's image of page one is what a phone shows first; pdf.js waits until a
    // page without an image is needed (PdfPages).
    if (!images.has(first)) {
      images.add(first);
      const image = new Image();
      image.fetchPriority = 'high';
      image.src = first;
    }
  } else if (view.fileUrl) void loadPdf(view.fileUrl, view.docuId).catch(() => undefined);
  void loadSignerScreens().catch(() => undefined);
}

/** The early view's answer, not checked yet: only what the preload reads is looked at. */
export function preloadScreensFor(body: unknown): void {
  const view = body as Partial<Preloaded> | null;
  if (
    typeof view?.docuId === 'string' &&
    typeof view.status === 'string' &&
    (typeof view.fileUrl === 'string' || view.fileUrl === null) &&
    typeof view.me?.agreement === 'number'
  ) {
    preloadScreens(view as Preloaded);
  }
}
