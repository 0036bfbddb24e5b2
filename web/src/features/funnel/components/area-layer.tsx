// The fields over one page. For the current contractor: press and release on the page adds a field of
// the chosen type there (its default size), a drag draws one; a field is moved by dragging it, resized
// by its corner handle, removed by its x, and a press without a move (or Enter on it) selects it (the
// properties panel); arrow keys move a focused field (with Shift they resize it), Delete removes it.
// Pointer events, so touch works too. Fields of the other contractors are shown in their colours, inert.
// While a field is dragged only this layer and that field re-render (the others are memoised).
import { memo, useCallback, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageSize } from '../../../../../shared/domain/entities';
import { recipientColour } from '../../../../../shared/domain/constants';
import { FIELD_SIZES, type FieldType } from '../fields';
import { boxAt, clampToPage, toPdf, toScreen, type PdfBox, type ScreenBox } from '../geometry';
import { FieldBox, type FieldBoxHandlers, type PlacedArea } from './field-box';

export type { PlacedArea };

interface AreaLayerProps {
  pageIndex: number;
  page: PageSize;
  scale: number;
  /** Every field on this page, of every contractor. */
  areas: readonly PlacedArea[];
  current: number;
  /** The type a press or drag on the page adds. */
  addType: FieldType;
  onAdd: (pageIndex: number, box: PdfBox) => void;
  onChange: (id: number, box: PdfBox) => void;
  onRemove: (id: number) => void;
  onSelect: (id: number) => void;
  /** The sign image shown in a contractor's image fields (the owner's own sign), or null. */
  signUrlOf?: (recipientIndex: number) => string | null;
}

type Gesture =
  | { kind: 'draw'; pointerId: number; start: Point; now: Point }
  | { kind: 'move' | 'resize'; pointerId: number; id: number; start: Point; box: ScreenBox; moved: boolean };

interface Point {
  x: number;
  y: number;
}

/** A press that moves less than this (CSS pixels) is a click. */
const CLICK_SLOP = 6;
/** Arrow keys move or resize by this many points. */
const KEY_STEP = 5;
/** Where the keyboard's new field goes: this many points from the page's top-left corner. */
const KEYBOARD_AREA_INSET = 50;

export const AreaLayer = memo(function AreaLayer({
  pageIndex,
  page,
  scale,
  areas,
  current,
  addType,
  onAdd,
  onChange,
  onRemove,
  onSelect,
  signUrlOf,
}: AreaLayerProps) {
  const { t } = useTranslation();
  const layerRef = useRef<HTMLDivElement>(null);
  const gesture = useRef<Gesture | null>(null);
  const [drawing, setDrawing] = useState<ScreenBox | null>(null);
  // The field being moved or resized: kept here while the pointer moves (only this layer and that
  // field re-render) and handed to onChange when it is released.
  const [dragged, setDraggedState] = useState<{ id: number; box: PdfBox } | null>(null);
  const draggedRef = useRef<{ id: number; box: PdfBox } | null>(null);
  const setDragged = (next: { id: number; box: PdfBox } | null) => {
    draggedRef.current = next;
    setDraggedState(next);
  };
  // The latest props, for the stable handlers the memoised fields get.
  const latest = useRef({ page, scale, onChange, onRemove, onSelect });
  latest.current = { page, scale, onChange, onRemove, onSelect };

  const pointOf = (event: PointerEvent): Point => {
    const rect = layerRef.current!.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };

  const begin = useCallback((event: PointerEvent, next: Gesture) => {
    event.preventDefault();
    event.stopPropagation();
    layerRef.current?.setPointerCapture(event.pointerId);
    gesture.current = next;
  }, []);

  const handlers = useMemo<FieldBoxHandlers>(
    () => ({
      onPress: (event, area, kind) => {
        if (event.button !== 0) return;
        const rect = layerRef.current!.getBoundingClientRect();
        const { page: p, scale: s } = latest.current;
        begin(event, {
          kind,
          pointerId: event.pointerId,
          id: area.id,
          start: { x: event.clientX - rect.left, y: event.clientY - rect.top },
          box: toScreen(area, p, s),
          moved: false,
        });
        // The focus follows the press (setPointerCapture and preventDefault keep it elsewhere).
        (event.currentTarget as HTMLElement).closest<HTMLElement>('.funnel-area')?.focus();
      },
      onKey: (event: KeyboardEvent, area) => {
        const { page: p, onChange: change, onRemove: remove, onSelect: select } = latest.current;
        if (event.target !== event.currentTarget) return;
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          select(area.id);
          return;
        }
        if (event.key === 'Delete' || event.key === 'Backspace') {
          event.preventDefault();
          remove(area.id);
          return;
        }
        const step = KEY_DELTAS[event.key];
        if (!step) return;
        event.preventDefault();
        const [dx, dy] = step;
        const box = event.shiftKey
          ? { ...area, width: area.width + dx, height: area.height + dy, y: area.y - dy }
          : { ...area, x: area.x + dx, y: area.y + dy };
        change(area.id, clampToPage(box, p));
      },
      onRemove: (id) => latest.current.onRemove(id),
    }),
    [begin],
  );
  const onLayerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || event.target !== layerRef.current) return;
    const at = pointOf(event);
    begin(event, { kind: 'draw', pointerId: event.pointerId, start: at, now: at });
  };

  const onMove = (event: PointerEvent<HTMLDivElement>) => {
    const g = gesture.current;
    if (!g || g.pointerId !== event.pointerId) return;
    const at = pointOf(event);
    if (g.kind === 'draw') {
      g.now = at;
      setDrawing(rectOf(g.start, at));
      return;
    }
    const dx = at.x - g.start.x;
    const dy = at.y - g.start.y;
    if (!g.moved && Math.abs(dx) < CLICK_SLOP && Math.abs(dy) < CLICK_SLOP) return;
    g.moved = true;
    const box =
      g.kind === 'move'
        ? { ...g.box, left: g.box.left + dx, top: g.box.top + dy }
        : { ...g.box, width: Math.max(g.box.width + dx, 1), height: Math.max(g.box.height + dy, 1) };
    setDragged({ id: g.id, box: clampToPage(toPdf(box, page, scale), page) });
  };

  const onUp = (event: PointerEvent<HTMLDivElement>) => {
    const g = gesture.current;
    if (!g || g.pointerId !== event.pointerId) return;
    gesture.current = null;
    setDrawing(null);
    if (g.kind !== 'draw') {
      const last = draggedRef.current;
      if (last?.id === g.id) onChange(g.id, last.box);
      setDragged(null);
      // A press without a move selects the field (its properties).
      if (!g.moved && g.kind === 'move') onSelect(g.id);
      return;
    }
    const rect = rectOf(g.start, pointOf(event));
    if (rect.width < CLICK_SLOP && rect.height < CLICK_SLOP) {
      const at = { x: g.start.x / scale, y: page.height - g.start.y / scale };
      onAdd(pageIndex, boxAt(at, FIELD_SIZES[addType], page));
    } else {
      onAdd(pageIndex, clampToPage(toPdf(rect, page, scale), page));
    }
  };

  const onCancel = () => {
    gesture.current = null;
    setDrawing(null);
    setDragged(null);
  };

  let number = 0;
  const addLabel =
    addType === 'signature'
      ? t('funnel.position.addOnPage', { page: pageIndex + 1 })
      : t('fieldEditor.addOnPage', { type: t(`fields.types.${addType}`), page: pageIndex + 1 });
  return (
    <div
      ref={layerRef}
      className="funnel-area-layer"
      data-testid={`area-layer-${pageIndex}`}
      onPointerDown={onLayerDown}
      onPointerMove={onMove}
      onPointerUp={onUp}
      onPointerCancel={onCancel}
    >
      {areas.map((stored) => {
        const area = dragged?.id === stored.id ? { ...stored, ...dragged.box } : stored;
        const mine = area.recipientIndex === current;
        if (mine) number += 1;
        return (
          <FieldBox
            key={area.id}
            area={area}
            pageHeight={page.height}
            scale={scale}
            mine={mine}
            n={mine ? number : 0}
            pageIndex={pageIndex}
            signUrl={signUrlOf?.(area.recipientIndex) ?? null}
            handlers={handlers}
          />
        );
      })}
      {/* Keyboard users add a field here (shown when focused); arrow keys then move it. */}
      <button
        type="button"
        className="funnel-add-area"
        onClick={() =>
          onAdd(
            pageIndex,
            boxAt(
              { x: KEYBOARD_AREA_INSET, y: page.height - KEYBOARD_AREA_INSET },
              FIELD_SIZES[addType],
              page,
            ),
          )
        }
      >
        {addLabel}
      </button>
      {drawing && (
        <div className="funnel-area drawing" style={{ ...drawing, borderColor: recipientColour(current) }} />
      )}
    </div>
  );
});

const KEY_DELTAS: Record<string, [number, number]> = {
  ArrowLeft: [-KEY_STEP, 0],
  ArrowRight: [KEY_STEP, 0],
  ArrowUp: [0, KEY_STEP],
  ArrowDown: [0, -KEY_STEP],
};

function rectOf(a: Point, b: Point): ScreenBox {
  return {
    left: Math.min(a.x, b.x),
    top: Math.min(a.y, b.y),
    width: Math.abs(a.x - b.x),
    height: Math.abs(a.y - b.y),
  };
}
