// Set Position (setpos): the contractors one at a time ('Please specify the signature position of
// the Nth contractor'), each placing one or more sign areas on the pages in their colour. Next for a
// contractor needs at least one area; after the last, every area is saved (in PDF points) and the
// funnel moves on. Previous on the first contractor goes back to the contractors step.
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { recipientColour } from '../../../../../shared/domain/constants';
import { localeForPath, ordinal } from '../../../../../shared/i18n/core';
import { saveAreas } from '../api/documents';
import type { PdfBox } from '../geometry';
import { describeError, errorRow } from '../messages';
import { AreaLayer, type PlacedArea } from './area-layer';
import { ErrorText } from './error-text';
import { OwnerSignPanel, ownerSignUrlOf, useOwnerSign } from './owner-sign';
import { PdfPages } from './pdf-pages';
import { SignClickTutorial } from './sign-click-tutorial';
import type { StepProps } from './step-props';
import { StepNav } from './step-nav';

export function PositionStep({ doc, lang, onSaved, onPrevious, onNext }: StepProps & { onNext: () => void }) {
  const { t } = useTranslation();
  const nextId = useRef(0);
  const [areas, setAreas] = useState<PlacedArea[]>(() =>
    doc.recipients.flatMap((r) =>
      r.areas.map(({ pageIndex, x, y, width, height }) => ({
        id: nextId.current++,
        recipientIndex: r.index,
        pageIndex,
        x,
        y,
        width,
        height,
      })),
    ),
  );
  const [current, setCurrent] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const ownerSign = useOwnerSign(doc);
  const signUrlOf = ownerSignUrlOf(doc, ownerSign);

  const total = doc.recipients.length;
  const contractor = doc.recipients[current];
  const mine = areas.filter((a) => a.recipientIndex === current);

  const show = (index: number) => {
    setCurrent(index);
    setError(null);
    headingRef.current?.focus();
    headingRef.current?.scrollIntoView({ block: 'start' });
  };

  const add = useCallback(
    (pageIndex: number, box: PdfBox) => {
      setAreas((list) => [...list, { ...box, id: nextId.current++, recipientIndex: current, pageIndex }]);
      setError(null);
    },
    [current],
  );
  const change = useCallback((id: number, box: PdfBox) => {
    setAreas((list) => list.map((a) => (a.id === id ? { ...a, ...box } : a)));
  }, []);
  const remove = useCallback((id: number) => setAreas((list) => list.filter((a) => a.id !== id)), []);

  async function next() {
    if (mine.length === 0) {
      setError(t('contractors.errors.noSignArea'));
      return;
    }
    if (current < total - 1) {
      show(current + 1);
      return;
    }
    setBusy(true);
    try {
      const saved = await saveAreas(doc.docuId, {
        areas: areas.map(({ recipientIndex, pageIndex, x, y, width, height }) => ({
          recipientIndex,
          pageIndex,
          x,
          y,
          width,
          height,
        })),
      });
      onSaved(saved);
      onNext();
    } catch (e) {
      const row = errorRow(e);
      if (row !== undefined && row >= 0 && row < total) setCurrent(row);
      setError(describeError(t, e));
    } finally {
      setBusy(false);
    }
  }

  if (!contractor || !doc.fileUrl || !doc.sha256) return null;
  const colour = recipientColour(current);
  return (
    <div className="funnel-step">
      <h2 ref={headingRef} tabIndex={-1} data-testid="position-prompt">
        {t('contractors.positionPrompt', { nth: ordinal(current + 1, localeForPath(lang)) })}
      </h2>
      <p className="funnel-contractor-badge" style={{ borderColor: colour }}>
        <span className="funnel-swatch" style={{ backgroundColor: colour }} aria-hidden="true" />
        {t('funnel.position.counter', { n: current + 1, total, name: contractor.name })}
        {' · '}
        {t('funnel.position.count', { areas: mine.length })}
      </p>
      <p className="field-hint">{t('funnel.position.hint')}</p>
      {contractor.isOwner && <OwnerSignPanel state={ownerSign} lang={lang} />}
      <SignClickTutorial />
      <PdfPages
        fileUrl={doc.fileUrl}
        cacheKey={doc.sha256}
        pages={doc.pages}
        renderOverlay={(pageIndex, scale) => (
          <AreaLayer
            pageIndex={pageIndex}
            page={doc.pages[pageIndex]!}
            scale={scale}
            areas={areas.filter((a) => a.pageIndex === pageIndex)}
            current={current}
            onAdd={(box) => add(pageIndex, box)}
            onChange={change}
            onRemove={remove}
            signUrlOf={signUrlOf}
          />
        )}
      />
      <ErrorText message={error} />
      <StepNav
        onPrevious={current > 0 ? () => show(current - 1) : onPrevious}
        onNext={() => void next()}
        busy={busy}
      />
    </div>
  );
}
