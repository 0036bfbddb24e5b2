// Review (spec doc 1 §2, Signer flow step 2): the document's pages with every contractor's areas,
// the signer's own filled with their applied sign; Sign All, Edit Sign, Deny and Next, with a guide
// that walks the signer through their areas in reading order. Issue #27: the signer's own fields of
// every type are filled right on the page (./field-box.tsx), the walk goes field to field and puts
// the focus in each, and Next with a required field empty shows every empty one's message and takes
// the signer to the first. Issue #28: an approver reads the pages (no fields, no signs) and answers
// Approve or Deny; a viewer reads a copy, with no action at all; a contractor the owner lets forward
// their request has "Forward to someone else".
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SignerView } from '../../../../../shared/api/schemas';
import { isImageField, requiredMessage } from '../../../../../shared/domain/fields';
import { localeForPath, ordinal } from '../../../../../shared/i18n/core';
import type { Lang } from '../../../app/paths';
import type { FieldFill } from '../hooks/use-field-fill';
import {
  emptyRequired,
  imageFields,
  isFieldFilled,
  nextDisabled,
  ownFields,
  valueError,
  walkOrder,
  type FieldFillState,
} from '../fields';
import { ContractVideo } from './contract-video';
import { FieldBox, fieldFocusSelector, type FieldHandlers } from './field-box';
import { PdfPages } from './pdf-pages';
import { nextAreaPosition } from './sign-order';

interface ReviewProps {
  view: SignerView;
  lang: Lang;
  assigned: ReadonlyMap<number, string>;
  signUrl: (signId: string) => string | undefined;
  unsigned: number;
  fill: FieldFill;
  pending: boolean;
  error: string | null;
  /** Bumped when signing starts: go to the first unsigned area and give Sign All the focus. */
  arrival: number;
  /** The link holder may forward their request (routing.canDelegate, not a viewer). */
  canForward: boolean;
  onSignAll: () => void;
  onSignArea: (areaIndex: number) => void;
  onEditSign: () => void;
  onDeny: () => void;
  onNext: () => void;
  /** An approver's Approve. */
  onApprove: () => void;
  onForward: () => void;
  /** Page one of the document is shown (or could not be): what the first screen does not need may load. */
  onPagesShown?: () => void;
}

const areaElement = (areaIndex: number) =>
  document.querySelector<HTMLElement>(`[data-testid="my-area-${areaIndex}"]`);

/** Scrolls to one of the signer's fields and puts the focus in its control. */
export function focusField(areaIndex: number): () => void {
  return scrollToArea(areaIndex, () =>
    document.querySelector<HTMLElement>(fieldFocusSelector(areaIndex))?.focus({ preventScroll: true }),
  );
}

/**
 * Scrolls an area to the middle of the screen. The pages lay out at their stored size before pdf.js
 * draws them, but the areas appear only once the pages measured their width: wait a few frames
 * (not the spec's 200 ms polls: a scroll that late moves the page under the contractor's finger).
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
  fill,
  pending,
  error,
  arrival,
  canForward,
  onSignAll,
  onSignArea,
  onEditSign,
  onDeny,
  onNext,
  onApprove,
  onForward,
  onPagesShown,
}: ReviewProps) {
  const { t } = useTranslation();
  const signAllRef = useRef<HTMLButtonElement>(null);
  const guideRef = useRef<HTMLDivElement>(null);
  // The bar's height, for what floats above it (the Comments button must not cover Next area or
  // Sign All on a phone, where the bar wraps to two lines).
  useEffect(() => {
    const guide = guideRef.current;
    if (!guide) return;
    const root = document.documentElement;
    const measure = () => root.style.setProperty('--signer-guide-height', `${guide.offsetHeight}px`);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(guide);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--signer-guide-height');
    };
  }, []);
  const approveRef = useRef<HTMLButtonElement>(null);
  const role = view.me.role;
  const mine = useMemo(() => ownFields(view), [view]);
  const byIndex = useMemo(() => new Map(mine.map((a) => [a.areaIndex, a] as const)), [mine]);
  const ordered = useMemo(() => walkOrder(mine, view.pages), [mine, view.pages]);
  /** The area the signer was last taken to (an index into `ordered`). */
  const [cursor, setCursor] = useState(0);
  const fillState: FieldFillState = { assigned, values: fill.values, attached: fill.attached };
  const filled = (areaIndex: number) => {
    const area = byIndex.get(areaIndex);
    return area ? isFieldFilled(area, fillState) : true;
  };
  const missing = emptyRequired(ordered, fillState);
  const missingSet = new Set(missing);
  const locale = localeForPath(lang);
  const hasFields = mine.some((a) => !isImageField(a.type));
  const signable = imageFields(mine).length;

  const firstUnsigned = () =>
    Math.max(
      0,
      ordered.findIndex((a) => !filled(a.areaIndex)),
    );
  useEffect(() => {
    // An approver starts on Approve (the terms follow it, never the agreement at once).
    if (arrival !== 0 && role === 'approver') approveRef.current?.focus({ preventScroll: true });
    if (arrival === 0 || ordered.length === 0) return;
    const at = firstUnsigned();
    setCursor(at);
    // Sign All has the focus; without sign fields, the first field to fill does.
    if (!signAllRef.current) return focusField(ordered[at]!.areaIndex);
    signAllRef.current.focus({ preventScroll: true });
    return scrollToArea(ordered[at]!.areaIndex);
    // Only when signing starts (the request popup closed), not on every sign applied.
  }, [arrival]);

  /** The next area after the current one, preferring unsigned ones; wraps to the first. */
  const goToNextArea = () => {
    if (ordered.length === 0) return;
    const next = nextAreaPosition(ordered, cursor, filled);
    setCursor(next);
    // A sign area keeps the focus on Next area (Sign All fills it); any other field takes it.
    const area = ordered[next]!;
    if (isImageField(area.type) && !hasFields) scrollToArea(area.areaIndex);
    else focusField(area.areaIndex);
  };

  /** Next: a value the server would refuse, or an empty required field, stops it with its message. */
  const next = () => {
    const invalid = ordered.find((a) => valueError(a, fill.values.get(a.areaIndex) ?? '') !== null);
    const first = invalid?.areaIndex ?? missing[0];
    if (first !== undefined) {
      fill.markAttempt();
      setCursor(
        Math.max(
          0,
          ordered.findIndex((a) => a.areaIndex === first),
        ),
      );
      focusField(first);
      return;
    }
    onNext();
  };

  const messageOf = (areaIndex: number): string | null => {
    const area = byIndex.get(areaIndex);
    if (!area) return null;
    const fileError = fill.fileErrors.get(areaIndex);
    if (fileError) return fileError;
    const problem = valueError(area, fill.values.get(areaIndex) ?? '');
    if (problem) return t(problem.key, problem.values);
    if (fill.attempted && missingSet.has(areaIndex)) return t(requiredMessage(area.type));
    return null;
  };

  // The fields' handlers: one stable object (the fields are memoised), reading the latest props.
  const latest = useRef({ fill, onSignArea });
  latest.current = { fill, onSignArea };
  const handlers = useMemo<FieldHandlers>(
    () => ({
      onSign: (areaIndex) => latest.current.onSignArea(areaIndex),
      onChange: (areaIndex, value, now) => latest.current.fill.change(areaIndex, value, now),
      onCommit: () => latest.current.fill.commit(),
      onAttach: (area, file) => latest.current.fill.attach(area, file),
      onDetach: (area) => latest.current.fill.detach(area),
    }),
    [],
  );

  const currentArea = ordered[cursor]?.areaIndex;
  const overlay = (pageIndex: number, scale: number) => {
    const page = view.pages[pageIndex];
    if (!page) return null;
    return view.recipients.flatMap((r) =>
      r.areas
        .filter((a) => a.pageIndex === pageIndex)
        .map((a) => {
          if (r.mine) {
            const signId = assigned.get(a.areaIndex);
            return (
              <FieldBox
                key={a.areaIndex}
                area={a}
                pageHeight={page.height}
                scale={scale}
                current={a.areaIndex === currentArea}
                filled={filled(a.areaIndex)}
                locale={locale}
                message={messageOf(a.areaIndex)}
                value={fill.values.get(a.areaIndex) ?? ''}
                signUrl={signId ? signUrl(signId) : undefined}
                attachment={fill.attachments.get(a.areaIndex)}
                uploading={fill.uploading.has(a.areaIndex)}
                handlers={handlers}
              />
            );
          }
          const style = {
            left: a.x * scale,
            top: (page.height - a.y - a.height) * scale,
            width: a.width * scale,
            height: a.height * scale,
          };
          // Another contractor's field: a read-only outline, filled or not.
          return (
            <div
              key={a.areaIndex}
              className="signer-area others"
              style={style}
              title={t('signer.othersArea')}
              data-testid={`other-area-${a.areaIndex}`}
              data-type={a.type}
              data-signed={a.signed}
            >
              <span className="visually-hidden">{t(`fields.types.${a.type}`)}</span>
            </div>
          );
        }),
    );
  };
  const forwardButton = canForward && (
    <button
      type="button"
      className="button button-secondary"
      onClick={onForward}
      disabled={pending}
      data-testid="forward"
    >
      {t('routingSigner.forward.open')}
    </button>
  );
  const errorLine = error && (
    <p className="field-error" role="alert" data-testid="signer-error">
      {error}
    </p>
  );
  const pages = view.fileUrl ? (
    <PdfPages
      fileUrl={view.fileUrl}
      cacheKey={view.docuId}
      pages={view.pages}
      pageImages={view.pageImages}
      renderOverlay={overlay}
      onFirstShown={onPagesShown}
    />
  ) : (
    view.kind === 'vcontract' && <ContractVideo owner={view.ownerName} video={view.ownerVideo} lang={lang} />
  );

  if (role === 'viewer') {
    return (
      <section className="signer-review" data-testid="signer-review">
        <p className="signer-banner" role="note" data-testid="viewer-banner">
          {t('routingSigner.viewer.banner')}
        </p>
        {pages}
      </section>
    );
  }
  if (role === 'approver') {
    return (
      <section className="signer-review" data-testid="signer-review">
        <p className="signer-prompt" data-testid="signer-prompt">
          {t('routingSigner.approver.prompt')}
        </p>
        <div className="signer-actions">
          {forwardButton}
          <button type="button" className="button button-danger" onClick={onDeny} data-testid="deny">
            {t('signer.deny')}
          </button>
        </div>
        {errorLine}
        {pages}
        <div className="signer-nav signer-nav-end">
          <button
            ref={approveRef}
            type="button"
            className="button button-primary"
            disabled={pending}
            onClick={onApprove}
            data-testid="approve"
          >
            {t('routingSigner.approver.approve')}
          </button>
        </div>
      </section>
    );
  }
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
        {forwardButton}
        <button type="button" className="button button-danger" onClick={onDeny} data-testid="deny">
          {t('signer.deny')}
        </button>
      </div>
      {errorLine}
      {view.fileUrl && (
        <PdfPages
          fileUrl={view.fileUrl}
          cacheKey={view.docuId}
          pages={view.pages}
          pageImages={view.pageImages}
          renderOverlay={overlay}
          onFirstShown={onPagesShown}
        />
      )}
      {/* Where the work is: sticks to the bottom of the screen while the pages scroll. */}
      <div className="signer-guide" data-testid="signer-guide" ref={guideRef}>
        <p className="signer-status" aria-live="polite">
          {ordered.length > 0 && (
            <span className="signer-area-progress" data-testid="signer-area-progress">
              {t(hasFields ? 'fieldFill.progress' : 'signer.areaProgress', {
                n: cursor + 1,
                total: ordered.length,
              })}
            </span>
          )}
          {signable > 0 && (
            <span data-testid="signer-unsigned">
              {unsigned > 0 ? t('signer.unsignedCount', { count: unsigned }) : t('signer.allSigned')}
            </span>
          )}
          {hasFields && (
            <span
              data-testid="field-summary"
              className={fill.attempted && missing.length > 0 ? 'field-summary-missing' : ''}
            >
              {missing.length === 0
                ? t('fieldFill.allRequiredFilled')
                : t(fill.attempted ? 'fieldFill.missingSummary' : 'fieldFill.requiredLeft', {
                    count: missing.length,
                  })}
            </span>
          )}
          {hasFields && (fill.saving || fill.saveError === null) && (
            <span className="field-save-status" data-testid="field-save-status">
              {fill.saving ? t('fieldFill.saving') : ''}
            </span>
          )}
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
          {signable > 0 && (
            <button
              ref={signAllRef}
              type="button"
              className="button button-primary"
              onClick={onSignAll}
              data-testid="sign-all"
            >
              {t('signer.signAll')}
            </button>
          )}
        </div>
        {fill.saveError && (
          <p className="field-error field-save-error" role="alert" data-testid="field-save-error">
            {t('fieldFill.saveFailed', { errmsg: fill.saveError })}
          </p>
        )}
      </div>
      <div className="signer-nav">
        <button type="button" className="button button-secondary" disabled>
          {t('signer.previous')}
        </button>
        <button
          type="button"
          className="button button-primary"
          disabled={nextDisabled(mine, assigned) || pending}
          onClick={next}
          data-testid="signer-next"
        >
          {t('signer.next')}
        </button>
      </div>
    </section>
  );
}
