// The pages of the uploaded PDF, drawn by pdf.js in the browser. Lazy: every page starts as a
// placeholder of its stored size (so a 300-page file lays out at once), and a page's canvas is drawn
// only when it comes near the viewport, page one first and alone (the others wait until it is drawn,
// so that a phone's slow CPU shows one page early rather than several late). Until page one is drawn
// a status line says the document is loading. `renderOverlay` draws over a page (the sign areas),
// given the page's scale in CSS pixels per PDF point.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import { SCROLL_WINDOW_DESKTOP } from '../../../../../shared/domain/constants';
import type { PageSize } from '../../../../../shared/domain/entities';
import { scrollWindowHeight, windowPageWidth } from '../geometry';
import { loadPdf } from './pdf-loader';

const DEFAULT_MAX_WIDTH = 800;
/** How far outside the viewport a page starts to render. */
const NEAR_VIEWPORT = '800px 0px';
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
}

export function PdfPages({
  fileUrl,
  cacheKey,
  pages,
  limit,
  maxWidth = DEFAULT_MAX_WIDTH,
  scrollWindow = false,
  renderOverlay,
}: PdfPagesProps) {
  const { t } = useTranslation();
  const containerRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const [failed, setFailed] = useState(false);
  const [firstDrawn, setFirstDrawn] = useState(false);
  const [windowHeight, setWindowHeight] = useState(SCROLL_WINDOW_DESKTOP);

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
    let cancelled = false;
    setFailed(false);
    setFirstDrawn(false);
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
  }, [cacheKey]);

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
}

function PdfPage({ index, total, size, scale, pdf, onSettled, overlay, root = null }: PdfPageProps) {
  const { t } = useTranslation();
  const frameRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  // Page one is drawn first, without waiting for the observer.
  const [near, setNear] = useState(index === 0);
  const [drawn, setDrawn] = useState(false);

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
      { root, rootMargin: NEAR_VIEWPORT },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, root]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!near || !pdf || !canvas) return;
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
  }, [near, pdf, index, scale, size.width]);

  const cssWidth = size.width * scale;
  const cssHeight = size.height * scale;
  return (
    <figure className="funnel-page" data-testid={`pdf-page-${index}`} data-drawn={drawn}>
      <div ref={frameRef} className="funnel-page-frame" style={{ width: cssWidth, height: cssHeight }}>
        <canvas ref={canvasRef} style={{ width: cssWidth, height: cssHeight }} aria-hidden="true" />
        {overlay}
      </div>
      <figcaption>{t('funnel.pages.page', { n: index + 1, total })}</figcaption>
    </figure>
  );
}
