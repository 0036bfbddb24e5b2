// The pages of the uploaded PDF, drawn by pdf.js in the browser. Lazy: every page starts as a
// placeholder of its stored size (so a 300-page file lays out at once), and a page's canvas is drawn
// only when it comes near the viewport, page one first and alone (the others wait until it is drawn,
// so that a phone's slow CPU shows one page early rather than several late). Until page one is drawn
// a status line says the document is loading. `renderOverlay` draws over a page (the sign areas),
// given the page's scale in CSS pixels per PDF point.
//
// Issue #33 (decision 163): the pages the server made an image of (`pageImages`, the first ones) are
// shown as that image, at once; pdf.js (its library, worker and the PDF, ~450 KB) loads only when a
// page without an image comes near, after page one is shown. The overlay is in PDF points times the
// scale, so it lies over an image of the page as over its canvas.
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import { SCROLL_WINDOW_DESKTOP } from '../../../../../shared/domain/constants';
import type { PageSize } from '../../../../../shared/domain/entities';
import { scrollWindowHeight, windowPageWidth } from '../geometry';
import { loadPdf } from './pdf-loader';

const DEFAULT_MAX_WIDTH = 800;
/** How far outside the viewport a page starts to render. */
const NEAR_VIEWPORT = '800px 0px';
/** A page with an image: fetched once it is on screen (an image arrives and shows in a moment). */
const NEAR_VIEWPORT_IMAGE = '0px';
/** Canvas pixels per CSS pixel at most: sharp on a phone's 3× screen at less than half the work. */
const MAX_PIXEL_RATIO = 2;

interface PdfPagesProps {
  fileUrl: string;
  /** Identifies the file (its SHA-256): the same file is loaded once. */
  cacheKey: string;
  pages: readonly PageSize[];
  /** Show only the first N pages (the upload preview shows one). */
  limit?: number;
  maxWidth?: number;
  /**
   * The spec's page display (doc 2 §9.1): the pages in a scroll window 600 px tall on a desktop and
   * 420 px on a phone, each page at most 820 px tall on a desktop and 380 px wide on a phone.
   */
  scrollWindow?: boolean;
  renderOverlay?: (pageIndex: number, scale: number) => ReactNode;
  /** Images of the first pages, in order (the signer view's `pageImages`): shown instead of pdf.js. */
  pageImages?: readonly string[];
  /** Called once page one is shown, or could not be (what waited for it may start). */
  onFirstShown?: () => void;
}

export function PdfPages({
  fileUrl,
  cacheKey,
  pages,
  limit,
  maxWidth = DEFAULT_MAX_WIDTH,
  scrollWindow = false,
  renderOverlay,
  pageImages = [],
  onFirstShown,
}: PdfPagesProps) {
  const { t } = useTranslation();
  const containerRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const [failed, setFailed] = useState(false);
  const [firstDrawn, setFirstDrawn] = useState(false);
  const [windowHeight, setWindowHeight] = useState(SCROLL_WINDOW_DESKTOP);
  // pdf.js is needed once a page without an image comes near (at once when page one has none).
  const [wantPdf, setWantPdf] = useState(pageImages.length === 0);
  const requestPdf = useCallback(() => setWantPdf(true), []);

  useEffect(() => {
    const element = containerRef.current;
    if (!element) return;
    const measure = () => {
      const available = Math.min(element.clientWidth, maxWidth);
      const first = pages[0];
      setWidth(scrollWindow && first ? windowPageWidth(available, first, window.innerWidth) : available);
      setWindowHeight(scrollWindowHeight(window.innerWidth));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [maxWidth, scrollWindow, pages]);

  useEffect(() => {
    setFirstDrawn(false);
  }, [cacheKey]);

  const settled = firstDrawn || failed;
  useEffect(() => {
    if (settled) onFirstShown?.();
    // Once per page one shown, not on every new callback.
  }, [settled]);

  useEffect(() => {
    if (!wantPdf) return;
    let cancelled = false;
    setFailed(false);
    loadPdf(fileUrl, cacheKey).then(
      (loaded) => {
        if (!cancelled) setPdf(loaded);
      },
      () => {
        if (!cancelled) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
    };
    // A new presigned URL of the same file does not reload it.
  }, [cacheKey, wantPdf]);

  const shown = limit === undefined ? pages : pages.slice(0, limit);
  return (
    <div
      className={scrollWindow ? 'funnel-pages funnel-pages-window' : 'funnel-pages'}
      ref={containerRef}
      data-testid="pdf-pages"
      {...(scrollWindow
        ? {
            // A scroll window is a region the keyboard can scroll (axe: scrollable-region-focusable).
            role: 'region',
            tabIndex: 0,
            'aria-label': t('funnel.pages.window'),
            style: { maxHeight: windowHeight },
          }
        : {})}
    >
      {failed ? (
        <p className="form-status form-status-error" role="alert">
          {t('funnel.pages.loadFailed')}
        </p>
      ) : (
        !firstDrawn && (
          <p className="funnel-pages-loading" role="status" data-testid="pdf-loading">
            {t('funnel.pages.loading')}
          </p>
        )
      )}
      {width > 0 &&
        shown.map((size, index) => (
          <PdfPage
            key={index}
            index={index}
            total={pages.length}
            size={size}
            scale={width / size.width}
            pdf={index === 0 || firstDrawn ? pdf : null}
            image={pageImages[index]}
            // A page without an image asks for pdf.js when it comes near (after page one is shown).
            onNear={index === 0 || firstDrawn ? requestPdf : undefined}
            root={scrollWindow ? containerRef.current : null}
            onSettled={index === 0 ? () => setFirstDrawn(true) : undefined}
            overlay={renderOverlay?.(index, width / size.width)}
          />
        ))}
    </div>
  );
}

interface PdfPageProps {
  index: number;
  total: number;
  size: PageSize;
  scale: number;
  /** Null until the document is loaded (and, for the other pages, until page one is drawn). */
  pdf: PDFDocumentProxy | null;
  /** Called once the page is drawn, or could not be. */
  onSettled?: () => void;
  overlay?: ReactNode;
  /** The scroll window the page lies in (null: the browser's viewport). */
  root?: Element | null;
  /** The server's image of the page: shown instead of drawing it. */
  image?: string;
  /** Called when the page (without an image) comes near the viewport. */
  onNear?: () => void;
}

function PdfPage({
  index,
  total,
  size,
  scale,
  pdf,
  onSettled,
  overlay,
  root = null,
  image: imageUrl,
  onNear,
}: PdfPageProps) {
  const { t } = useTranslation();
  const frameRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  // Page one is drawn first, without waiting for the observer.
  const [near, setNear] = useState(index === 0);
  const [drawn, setDrawn] = useState(false);
  // An image that cannot be loaded (an expired link): pdf.js draws the page instead.
  const [broken, setBroken] = useState(false);
  const image = broken ? undefined : imageUrl;

  useEffect(() => {
    const element = frameRef.current;
    if (!element || near) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { root, rootMargin: image ? NEAR_VIEWPORT_IMAGE : NEAR_VIEWPORT },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, root, image]);

  useEffect(() => {
    if (near && !image) onNear?.();
  }, [near, image, onNear]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (image || !near || !pdf || !canvas) return;
    let task: RenderTask | undefined;
    let cancelled = false;
    void (async () => {
      try {
        const page = await pdf.getPage(index + 1);
        if (cancelled) return;
        const natural = page.getViewport({ scale: 1 });
        const ratio = Math.min(window.devicePixelRatio || 1, MAX_PIXEL_RATIO);
        const viewport = page.getViewport({ scale: ((size.width * scale) / natural.width) * ratio });
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        task = page.render({ canvas, viewport });
        await task.promise;
        if (!cancelled) {
          setDrawn(true);
          onSettled?.();
        }
      } catch {
        // Cancelled by a newer render (resize) or unmount; a broken page stays a placeholder, and
        // the pages after it are drawn all the same.
        if (!cancelled) onSettled?.();
      }
    })();
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [near, pdf, index, scale, size.width, image]);

  const cssWidth = size.width * scale;
  const cssHeight = size.height * scale;
  return (
    <figure
      className="funnel-page"
      data-testid={`pdf-page-${index}`}
      data-drawn={drawn}
      data-source={image ? 'image' : 'pdf'}
    >
      <div ref={frameRef} className="funnel-page-frame" style={{ width: cssWidth, height: cssHeight }}>
        {/* The canvas stays under an image: a sheet of the page's size until either is drawn. */}
        <canvas ref={canvasRef} style={{ width: cssWidth, height: cssHeight }} aria-hidden="true" />
        {image && near && (
          <img
            className="funnel-page-image"
            src={image}
            width={Math.round(cssWidth)}
            height={Math.round(cssHeight)}
            style={{ width: cssWidth, height: cssHeight }}
            alt={t('funnel.pages.image', { n: index + 1, total })}
            decoding="async"
            onLoad={() => {
              setDrawn(true);
              onSettled?.();
            }}
            onError={() => setBroken(true)}
          />
        )}
        {overlay}
      </div>
      <figcaption>{t('funnel.pages.page', { n: index + 1, total })}</figcaption>
    </figure>
  );
}
