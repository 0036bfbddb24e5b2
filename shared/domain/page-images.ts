// Images of a document's first pages, rendered on the server when the original is accepted (issue #33,
// decision 163): a phone shows them at once, before (and mostly instead of) pdf.js.

/** Pages imaged from the start of the document; the rest are drawn by pdf.js when scrolled to. */
export const PAGE_IMAGE_PAGES = 3;
/** Pixel width of an image: the phone's page width (380 CSS px) at 2 device pixels per CSS pixel. */
export const PAGE_IMAGE_WIDTH_PX = 760;
/** An image taller than this many times its width (a strip, not a page) is not made. */
export const PAGE_IMAGE_MAX_ASPECT = 4;
/** WebP quality of a page image (text stays crisp at 2×; a text page is ~30 KB). */
export const PAGE_IMAGE_QUALITY = 70;
/** The largest image kept (a page of photographs): a page over it is left to pdf.js. */
export const PAGE_IMAGE_MAX_BYTES = 250_000;
/** The pages after the first are made only this long after it (the upload's completion waits). */
export const PAGE_IMAGE_BUDGET_MS = 3_000;
export const PAGE_IMAGE_CONTENT_TYPE = 'image/webp';
