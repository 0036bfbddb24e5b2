// Images of an original's first pages (issue #33, decision 163): rendered once, when the upload is
// accepted, stored beside the original under keys derived from its own (a new original, new keys),
// and given to a signer only as short-lived presigned URLs inside the signer view — the same
// protection as the PDF itself. A phone shows them at once; pdf.js loads only for the pages that have
// none. Best effort: a document without images (older ones, a page over the size limit, a renderer
// failure) is drawn by pdf.js as before.
import { createLogger } from '../core/logger';
import type { ObjectStorage, PageRenderer } from '../ports';
import {
  PAGE_IMAGE_BUDGET_MS,
  PAGE_IMAGE_CONTENT_TYPE,
  PAGE_IMAGE_MAX_ASPECT,
  PAGE_IMAGE_MAX_BYTES,
  PAGE_IMAGE_PAGES,
  PAGE_IMAGE_QUALITY,
  PAGE_IMAGE_WIDTH_PX,
} from '../../shared/domain/page-images';

const log = createLogger({ usecase: 'page-images' });

/** The key of page `index` (0-based)'s image of the original stored at `fileKey`. */
export function pageImageKey(fileKey: string, index: number): string {
  return `${fileKey.replace(/\.pdf$/, '')}.page-${index + 1}.webp`;
}

/** The keys of an original's images, `count` leading pages. */
export function pageImageKeys(fileKey: string, count: number): string[] {
  return Array.from({ length: Math.max(0, Math.min(count, PAGE_IMAGE_PAGES)) }, (_, i) =>
    pageImageKey(fileKey, i),
  );
}

/**
 * Renders and stores the images of the original's first pages; answers how many were stored (0 when
 * there is no renderer, or rendering failed: never an error for the upload).
 */
export async function storePageImages(
  deps: { storage: ObjectStorage; pageRenderer?: PageRenderer },
  fileKey: string,
  pdf: Uint8Array,
): Promise<number> {
  if (!deps.pageRenderer) return 0;
  try {
    const images = await deps.pageRenderer.render(pdf, {
      pages: PAGE_IMAGE_PAGES,
      widthPx: PAGE_IMAGE_WIDTH_PX,
      quality: PAGE_IMAGE_QUALITY,
      maxAspect: PAGE_IMAGE_MAX_ASPECT,
      maxBytes: PAGE_IMAGE_MAX_BYTES,
      budgetMs: PAGE_IMAGE_BUDGET_MS,
    });
    // Only a run of leading pages counts (page n's image is shown only after pages 1…n-1's): the
    // first image over the size limit ends it, whatever the renderer answered.
    const over = images.findIndex((image) => image.length > PAGE_IMAGE_MAX_BYTES);
    const kept = images.slice(0, Math.min(PAGE_IMAGE_PAGES, over < 0 ? images.length : over));
    await Promise.all(
      kept.map((image, i) => deps.storage.put(pageImageKey(fileKey, i), image, PAGE_IMAGE_CONTENT_TYPE)),
    );
    const count = kept.length;
    return count;
  } catch (error) {
    log.warn('page images not made: pdf.js draws the document', {
      fileKey,
      error: error instanceof Error ? error.message : String(error),
    });
    return 0;
  }
}
