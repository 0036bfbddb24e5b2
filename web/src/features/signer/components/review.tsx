// Review (spec doc 1 §2, Signer flow step 2): the document's pages with every contractor's areas,
// the signer's own filled with their applied sign; Sign All, Edit Sign, Deny and Next, with a guide
// that walks the signer through their areas in reading order.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SignerView } from '../../../../../shared/api/schemas';
import { localeForPath, ordinal } from '../../../../../shared/i18n/core';
import type { Lang } from '../../../app/paths';
import { PdfPages } from './pdf-pages';
import { nextAreaPosition, readingOrder } from './sign-order';

interface ReviewProps {
  view: SignerView;
  lang: Lang;
  assigned: ReadonlyMap<number, string>;
  signUrl: (signId: string) => string | undefined;
  unsigned: number;
  pending: boolean;
  error: string | null;
  /** Bumped when signing starts: go to the first unsigned area and give Sign All the focus. */
  arrival: number;
  onSignAll: () => void;
  onEditSign: () => void;
  onDeny: () => void;
  onNext: () => void;
}

const areaElement = (areaIndex: number) =>
  document.querySelector<HTMLElement>(`[data-testid="my-area-${areaIndex}"]`);

/**
 * Scrolls an area to the middle of the screen. The pages lay out at their stored size before pdf.js
 * draws them, but the areas appear only once the pages measured their width: wait a few frames.
 */
function scrollToArea(areaIndex: number, then?: () => void): () => void {
  let frames = 0;
  let handle = 0;
  const attempt = () => {
    const element = areaElement(areaIndex);
    if (element) {
      const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? true;
      element.scrollIntoView({ block: 'center', behavior: reduced ? 'auto' : 'smooth' });
      then?.();
    } else if (frames++ < 120) handle = requestAnimationFrame(attempt);
  };
  attempt();
  return () => cancelAnimationFrame(handle);
}

export function Review({
  view,
  lang,
  assigned,
  signUrl,
  unsigned,
  pending,
  error,
  arrival,
  onSignAll,
  onEditSign,
  onDeny,
  onNext,
}: ReviewProps) {
  const { t } = useTranslation();
  const signAllRef = useRef<HTMLButtonElement>(null);
  const mine = useMemo(() => view.recipients.find((r) => r.mine)?.areas ?? [], [view]);
  const ordered = useMemo(() => readingOrder(mine, view.pages), [mine, view.pages]);
  /** The area the signer was last taken to (an index into `ordered`). */
  const [cursor, setCursor] = useState(0);

  const firstUnsigned = () =>
    Math.max(
      0,
      ordered.findIndex((a) => !assigned.has(a.areaIndex)),
    );
  useEffect(() => {
    if (arrival === 0 || ordered.length === 0) return;
    const at = firstUnsigned();
    setCursor(at);
    signAllRef.current?.focus({ preventScroll: true });
    return scrollToArea(ordered[at]!.areaIndex);
    // Only when signing starts (the request popup closed), not on every sign applied.
  }, [arrival]);

  /** The next area after the current one, preferring unsigned ones; wraps to the first. */
  const goToNextArea = () => {
    if (ordered.length === 0) return;
    const next = nextAreaPosition(ordered, cursor, (areaIndex) => assigned.has(areaIndex));
    setCursor(next);
    scrollToArea(ordered[next]!.areaIndex);
  };

  const currentArea = ordered[cursor]?.areaIndex;
  const overlay = (pageIndex: number, scale: number) => {
    const page = view.pages[pageIndex];
    if (!page) return null;
    return view.recipients.flatMap((r) =>
      r.areas
        .filter((a) => a.pageIndex === pageIndex)
        .map((a) => {
          const signId = r.mine ? assigned.get(a.areaIndex) : undefined;
          const url = signId ? signUrl(signId) : undefined;
          const classes = ['signer-area', r.mine ? 'mine' : 'others'];
          if (r.mine && a.areaIndex === currentArea) classes.push('current');
          return (
            <div
              key={a.areaIndex}
              className={classes.join(' ')}
              style={{
                left: a.x * scale,
                top: (page.height - a.y - a.height) * scale,
                width: a.width * scale,
                height: a.height * scale,
              }}
              title={t(r.mine ? 'signer.myArea' : 'signer.othersArea')}
              data-testid={r.mine ? `my-area-${a.areaIndex}` : `other-area-${a.areaIndex}`}
              data-signed={r.mine ? Boolean(signId) : a.signed}
            >
              {url ? <img src={url} alt={t('signer.myArea')} /> : <span>{r.mine ? r.name : ''}</span>}
            </div>
          );
        }),
    );
  };
  return (
    <section className="signer-review" data-testid="signer-review">
      <p className="signer-prompt" data-testid="signer-prompt">
        {t('signing.reviewPrompt', { nth: ordinal(view.me.ordinal, localeForPath(lang)) })}
      </p>
      <div className="signer-actions">
        <button
          type="button"
          className="button button-secondary"
          onClick={onEditSign}
          data-testid="edit-sign"
        >
          {t('signer.editSign')}
        </button>
        <button type="button" className="button button-danger" onClick={onDeny} data-testid="deny">
          {t('signer.deny')}
        </button>
      </div>
      {error && (
        <p className="field-error" role="alert" data-testid="signer-error">
          {error}
        </p>
      )}
      {view.fileUrl && (
        <PdfPages fileUrl={view.fileUrl} cacheKey={view.docuId} pages={view.pages} renderOverlay={overlay} />
      )}
      {/* Where the work is: sticks to the bottom of the screen while the pages scroll. */}
      <div className="signer-guide" data-testid="signer-guide">
        <p className="signer-status" aria-live="polite">
          {ordered.length > 0 && (
            <span className="signer-area-progress" data-testid="signer-area-progress">
              {t('signer.areaProgress', { n: cursor + 1, total: ordered.length })}
            </span>
          )}
          <span data-testid="signer-unsigned">
            {unsigned > 0 ? t('signer.unsignedCount', { count: unsigned }) : t('signer.allSigned')}
          </span>
        </p>
        <div className="signer-guide-actions">
          {ordered.length > 1 && (
            <button
              type="button"
              className="button button-secondary"
              onClick={goToNextArea}
              data-testid="next-area"
            >
              {t('signer.nextArea')}
            </button>
          )}
          <button
            ref={signAllRef}
            type="button"
            className="button button-primary"
            onClick={onSignAll}
            data-testid="sign-all"
          >
            {t('signer.signAll')}
          </button>
        </div>
      </div>
      <div className="signer-nav">
        <button type="button" className="button button-secondary" disabled>
          {t('signer.previous')}
        </button>
        <button
          type="button"
          className="button button-primary"
          disabled={unsigned > 0 || pending}
          onClick={onNext}
          data-testid="signer-next"
        >
          {t('signer.next')}
        </button>
      </div>
    </section>
  );
}
