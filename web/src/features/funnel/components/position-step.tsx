// Set Position (setpos): the contractors one at a time ('Please specify the signature position of
// the Nth contractor'), each placing one or more fields on the pages in their colour: sign areas
// (signature fields) and, from the field-type picker, any of the 13 field types (issue #27). Selecting
// a field opens its properties. Next for a contractor needs at least one field; after the last, every
// field is saved with its settings (in PDF points) and the funnel moves on. Previous on the first
// contractor goes back to the contractors step.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { recipientColour } from '../../../../../shared/domain/constants';
import { localeForPath, ordinal } from '../../../../../shared/i18n/core';
import { saveAreas } from '../api/documents';
import { ApiError } from '../../../lib/api-client';
import {
  checkSettings,
  defaultSettings,
  FIELD_SIZES,
  settingsOfView,
  type FieldSettings,
  type FieldType,
} from '../fields';
import { boxAt, type PdfBox } from '../geometry';
import { describeError, describeKey, errorRow } from '../messages';
import { AreaLayer, type PlacedArea } from './area-layer';
import { ErrorText } from './error-text';
import { FieldPanel } from './field-panel';
import { FieldPicker } from './field-picker';
import { FormFieldsOffer, type AssignedFormField } from './form-fields-offer';
import { OwnerSignPanel, ownerSignUrlOf, useOwnerSign } from './owner-sign';
import { PdfPages } from './pdf-pages';
import { SignClickTutorial } from './sign-click-tutorial';
import type { StepProps } from './step-props';
import { StepNav } from './step-nav';

const NO_AREAS: readonly PlacedArea[] = [];
/** 'Add field' places a new field this many points from the page's left edge, cascading down. */
const ADD_INSET = 50;
const ADD_CASCADE = 14;

export function PositionStep({ doc, lang, onSaved, onPrevious, onNext }: StepProps & { onNext: () => void }) {
  const { t } = useTranslation();
  const nextId = useRef(0);
  const [areas, setAreas] = useState<PlacedArea[]>(() =>
    doc.recipients.flatMap((r) =>
      r.areas.map((view) => ({
        id: nextId.current++,
        recipientIndex: r.index,
        pageIndex: view.pageIndex,
        x: view.x,
        y: view.y,
        width: view.width,
        height: view.height,
        settings: settingsOfView(view),
      })),
    ),
  );
  const [current, setCurrent] = useState(0);
  // The PDF's own form fields (issue #27 item 4) are offered until assigned (or saved before).
  const [formAssigned, setFormAssigned] = useState(() =>
    doc.recipients.some((r) =>
      r.areas.some((a) => doc.formFields.some((f) => f.name === a.label && f.pageIndex === a.pageIndex)),
    ),
  );
  const assignForm = (fields: AssignedFormField[]) => {
    setAreas((list) => [
      ...list,
      ...fields.map(({ recipientIndex, pageIndex, x, y, width, height, ...settings }) => ({
        id: nextId.current++,
        recipientIndex,
        pageIndex,
        x,
        y,
        width,
        height,
        settings,
      })),
    ]);
    setFormAssigned(true);
    setError(null);
  };
  const [addType, setAddType] = useState<FieldType>('signature');
  const [selected, setSelected] = useState<number | null>(null);
  const [focusId, setFocusId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const ownerSign = useOwnerSign(doc);
  const signUrl = ownerSign.sign?.url ?? null;
  // Stable while the owner's sign is the same, so the pages' layers stay memoised.
  const signUrlOf = useMemo(() => ownerSignUrlOf(doc, ownerSign), [doc.recipients, signUrl]);

  const total = doc.recipients.length;
  const isOwnerAt = (index: number) => doc.recipients[index]?.isOwner ?? false;
  const contractor = doc.recipients[current];
  const mine = areas.filter((a) => a.recipientIndex === current);
  const byPage = useMemo(() => {
    const pages = new Map<number, PlacedArea[]>();
    for (const area of areas) {
      const list = pages.get(area.pageIndex);
      if (list) list.push(area);
      else pages.set(area.pageIndex, [area]);
    }
    return pages;
  }, [areas]);

  // A field added from the keyboard ('Add field') gets the focus, so arrow keys and Enter act on it.
  useEffect(() => {
    if (focusId === null) return;
    const element = document.querySelector<HTMLElement>(`[data-field-id="${focusId}"]`);
    element?.scrollIntoView({ block: 'center' });
    element?.focus();
    setFocusId(null);
  }, [focusId]);

  const show = (index: number) => {
    setCurrent(index);
    setError(null);
    headingRef.current?.focus();
    headingRef.current?.scrollIntoView({ block: 'start' });
  };

  const optionName = useCallback((n: number) => t('fieldEditor.options.default', { n }), [t]);
  const add = useCallback(
    (pageIndex: number, box: PdfBox) => {
      const id = nextId.current++;
      const settings = defaultSettings(addType, optionName);
      setAreas((list) => [...list, { ...box, id, recipientIndex: current, pageIndex, settings }]);
      setError(null);
      return id;
    },
    [current, addType, optionName],
  );
  const change = useCallback((id: number, box: PdfBox) => {
    setAreas((list) => list.map((a) => (a.id === id ? { ...a, ...box } : a)));
  }, []);
  const remove = useCallback((id: number) => setAreas((list) => list.filter((a) => a.id !== id)), []);
  const applySettings = (id: number, settings: FieldSettings) =>
    setAreas((list) => list.map((a) => (a.id === id ? { ...a, settings } : a)));

  /** 'Add field': a field of the chosen type on the page nearest the middle of the viewport. */
  const addInView = () => {
    const pageIndex = pageInView();
    const page = doc.pages[pageIndex];
    if (!page) return;
    const k = mine.filter((a) => a.pageIndex === pageIndex).length % 20;
    const at = { x: ADD_INSET + (k % 4) * ADD_CASCADE, y: page.height - ADD_INSET - k * ADD_CASCADE * 2 };
    setFocusId(add(pageIndex, boxAt(at, FIELD_SIZES[addType], page)));
  };

  async function next() {
    if (mine.length === 0) {
      setError(t('contractors.errors.noSignArea'));
      return;
    }
    // Settings are checked in the panel; a field that still fails (none should) is opened to fix.
    for (const area of areas) {
      const result = checkSettings(area.settings, isOwnerAt(area.recipientIndex));
      if (result.ok) continue;
      setCurrent(area.recipientIndex);
      setError(describeKey(t, result.error, result.values));
      setSelected(area.id);
      return;
    }
    if (current < total - 1) {
      show(current + 1);
      return;
    }
    setBusy(true);
    try {
      const saved = await saveAreas(doc.docuId, {
        areas: areas.map(({ recipientIndex, pageIndex, x, y, width, height, settings }) => ({
          recipientIndex,
          pageIndex,
          x,
          y,
          width,
          height,
          ...settings,
        })),
      });
      onSaved(saved);
      onNext();
    } catch (e) {
      const row = errorRow(e);
      // A field's refusal (fields.errors.*) names the field's row in the request; others a contractor.
      const field = e instanceof ApiError && e.code.startsWith('fields.') ? areas[row ?? -1] : undefined;
      if (field) {
        setCurrent(field.recipientIndex);
        setSelected(field.id);
      } else if (row !== undefined && row >= 0 && row < total) setCurrent(row);
      setError(describeError(t, e));
    } finally {
      setBusy(false);
    }
  }

  if (!contractor || !doc.fileUrl || !doc.sha256) return null;
  const colour = recipientColour(current);
  const editing = selected === null ? undefined : areas.find((a) => a.id === selected);
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
      <FieldPicker type={addType} colour={colour} onType={setAddType} onAdd={addInView} />
      <FormFieldsOffer doc={doc} current={current} assigned={formAssigned} onAssign={assignForm} />
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
            areas={byPage.get(pageIndex) ?? NO_AREAS}
            current={current}
            addType={addType}
            onAdd={add}
            onChange={change}
            onRemove={remove}
            onSelect={setSelected}
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
      {editing && (
        <FieldPanel
          key={editing.id}
          settings={editing.settings}
          isOwner={isOwnerAt(editing.recipientIndex)}
          onApply={(settings) => {
            applySettings(editing.id, settings);
            setSelected(null);
            setError(null);
          }}
          onDelete={() => {
            remove(editing.id);
            setSelected(null);
          }}
          onClose={() => setSelected(null)}
        />
      )}
    </div>
  );
}

/** The index of the page whose layer is nearest the middle of the viewport (0 when none is shown). */
function pageInView(): number {
  const middle = window.innerHeight / 2;
  let best = 0;
  let distance = Infinity;
  document.querySelectorAll<HTMLElement>('[data-testid^="area-layer-"]').forEach((layer) => {
    const rect = layer.getBoundingClientRect();
    const d = rect.top > middle ? rect.top - middle : rect.bottom < middle ? middle - rect.bottom : 0;
    if (d < distance) {
      distance = d;
      best = Number(layer.dataset.testid!.slice('area-layer-'.length));
    }
  });
  return best;
}
