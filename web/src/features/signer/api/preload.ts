// What a view that allows answering needs next, started together as soon as it is known: the screens'
// chunk, and for a document pdf.js, its worker and the PDF (keyed by the document, as the viewer asks
// for it). Never for a link refused by routing (issue #28) or one that ends on arrival: those pages
// need none of it. Started from the early view's answer (./early-view.ts), before the page has
// mounted, and again by the page (idempotent) when it asked for the view itself.
import type { SignerView } from '../../../../../shared/api/schemas';
import { endOnArrival } from '../machine';

/** The screens' chunk (review, sign maker, dialogs, video step). */
export const loadSignerScreens = () => import('../components/signer-screens');

export function preloadScreens(view: SignerView): void {
  if (endOnArrival(view)) return;
  // The viewer's loader first: it starts the largest downloads (pdf.js's worker, pdf.js, the PDF).
  const { fileUrl, docuId } = view;
  if (fileUrl) {
    void import('../../funnel/components/pdf-loader')
      .then(({ loadPdf }) => loadPdf(fileUrl, docuId))
      .catch(() => undefined);
  }
  void loadSignerScreens().catch(() => undefined);
}

/** The early view's answer, not checked yet: only what the preload reads is looked at. */
export function preloadScreensFor(body: unknown): void {
  const view = body as Partial<SignerView> | null;
  if (
    typeof view?.docuId === 'string' &&
    typeof view.status === 'string' &&
    (typeof view.fileUrl === 'string' || view.fileUrl === null) &&
    typeof view.me?.agreement === 'number'
  ) {
    preloadScreens(view as SignerView);
  }
}
