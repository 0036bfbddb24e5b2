// The sign areas over one page. For the current contractor: press and release on the page adds an
// area of the default size there, a drag draws one; an area is moved by dragging it, resized by its
// corner handle, removed by its x; arrow keys move a focused area (with Shift they resize it). Pointer
// events, so touch works too. Areas of the other contractors are shown in their colours, inert.
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageSize } from '../../../../../shared/domain/entities';
import { recipientColour } from '../../../../../shared/domain/constants';
import { clampToPage, defaultAreaAt, toPdf, toScreen, type PdfBox, type ScreenBox } from '../geometry';

export interface PlacedArea extends PdfBox {
  id: number;
  recipientIndex: number;
  pageIndex: number;
}

interface AreaLayerProps {
  pageIndex: number;
  page: PageSize;
  scale: number;
  /** Every area on this page, of every contractor. */
  areas: readonly PlacedArea[];
  current: number;
  onAdd: (box: PdfBox) => void;
  onChange: (id: number, box: PdfBox) => void;
  onRemove: (id: number) => void;
  /** The sign image shown in a contractor's areas (the owner's own sign), or null. */
  signUrlOf?: (recipientIndex: number) => string | null;
}

type Gesture =
  | { kind: 'draw'; pointerId: number; start: Point; now: Point }
  | { kind: 'move' | 'resize'; pointerId: number; id: number; start: Point; box: ScreenBox };

interface Point {
  x: number;
  y: number;
}

/** A press that moves less than this (CSS pixels) is a click. */
const CLICK_SLOP = 6;
/** Arrow keys move or resize by this many points. */
const KEY_STEP = 5;
/** Where the keyboard's new area goes: this many points from the page's top-left corner. */
const KEYBOARD_AREA_INSET = 50;

export function AreaLayer({
  pageIndex,
  page,
  scale,
  areas,
  current,
  onAdd,
  onChange,
  onRemove,
  signUrlOf,
}: AreaLayerProps) {
  const { t } = useTranslation();
  const layerRef = useRef<HTMLDivElement>(null);
  const gesture = useRef<Gesture | null>(null);
  const [drawing, setDrawing] = useState<ScreenBox | null>(null);
  // The area being moved or resized: kept here while the pointer moves (only this page re-renders)
  // and handed to onChange when it is released.
  const [dragged, setDraggedState] = useState<{ id: number; box: PdfBox } | null>(null);
  const draggedRef = useRef<{ id: number; box: PdfBox } | null>(null);
  const setDragged = (next: { id: number; box: PdfBox } | null) => {
    draggedRef.current = next;
    setDraggedState(next);
  };

  const pointOf = (event: PointerEvent): Point => {
    const rect = layerRef.current!.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };

  const begin = (event: PointerEvent, next: Gesture) => {
    event.preventDefault();
    event.stopPropagation();
    layerRef.current?.setPointerCapture(event.pointerId);
    gesture.current = next;
  };

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
      return;
    }
    const rect = rectOf(g.start, pointOf(event));
    if (rect.width < CLICK_SLOP && rect.height < CLICK_SLOP) {
      onAdd(defaultAreaAt({ x: g.start.x / scale, y: page.height - g.start.y / scale }, page));
    } else {
      onAdd(clampToPage(toPdf(rect, page, scale), page));
    }
  };

  const onCancel = () => {
    gesture.current = null;
    setDrawing(null);
    setDragged(null);
  };

  const onKey = (event: KeyboardEvent, area: PlacedArea) => {
    const delta: Record<string, [number, number]> = {
      ArrowLeft: [-KEY_STEP, 0],
      ArrowRight: [KEY_STEP, 0],
      ArrowUp: [0, KEY_STEP],
      ArrowDown: [0, -KEY_STEP],
    };
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      onRemove(area.id);
      return;
    }
    const step = delta[event.key];
    if (!step) return;
    event.preventDefault();
    const [dx, dy] = step;
    const box = event.shiftKey
      ? { ...area, width: area.width + dx, height: area.height + dy, y: area.y - dy }
      : { ...area, x: area.x + dx, y: area.y + dy };
    onChange(area.id, clampToPage(box, page));
  };

  let number = 0;
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
        const n = number;
        const box = toScreen(area, page, scale);
        const colour = recipientColour(area.recipientIndex);
        const signUrl = signUrlOf?.(area.recipientIndex) ?? null;
        const signImage = signUrl ? (
          <img
            className="funnel-area-sign"
            src={signUrl}
            alt=""
            draggable={false}
            data-testid="area-sign-image"
          />
        ) : null;
        const style = {
          left: box.left,
          top: box.top,
          width: box.width,
          height: box.height,
          borderColor: colour,
        };
        if (!mine) {
          return (
            <div
              key={area.id}
              className="funnel-area other"
              style={{ ...style, backgroundColor: `${colour}22` }}
              aria-hidden="true"
            >
              {signImage ?? area.recipientIndex + 1}
            </div>
          );
        }
        return (
          <div
            key={area.id}
            className="funnel-area mine"
            style={{ ...style, backgroundColor: `${colour}33` }}
            role="group"
            tabIndex={0}
            aria-label={t('funnel.position.area', { n, page: pageIndex + 1 })}
            data-testid="sign-area"
            data-signed={signUrl ? 'owner' : undefined}
            onKeyDown={(event) => onKey(event, area)}
            onPointerDown={(event) => {
              if (event.button !== 0) return;
              begin(event, {
                kind: 'move',
                pointerId: event.pointerId,
                id: area.id,
                start: pointOf(event),
                box,
              });
            }}
          >
            {signImage}
            <button
              type="button"
              className="funnel-area-remove"
              style={{ backgroundColor: colour }}
              aria-label={t('funnel.position.removeArea', { n })}
              onPointerDown={(event) => event.stopPropagation()}
              onClick={() => onRemove(area.id)}
            >
              ×
            </button>
            <span
              className="funnel-area-handle"
              style={{ backgroundColor: colour }}
              aria-hidden="true"
              onPointerDown={(event) => {
                if (event.button !== 0) return;
                begin(event, {
                  kind: 'resize',
                  pointerId: event.pointerId,
                  id: area.id,
                  start: pointOf(event),
                  box,
                });
              }}
            />
          </div>
        );
      })}
      {/* Keyboard users add an area here (shown when focused); arrow keys then move it. */}
      <button
        type="button"
        className="funnel-add-area"
        onClick={() =>
          onAdd(defaultAreaAt({ x: KEYBOARD_AREA_INSET, y: page.height - KEYBOARD_AREA_INSET }, page))
        }
      >
        {t('funnel.position.addOnPage', { page: pageIndex + 1 })}
      </button>
      {drawing && (
        <div className="funnel-area drawing" style={{ ...drawing, borderColor: recipientColour(current) }} />
      )}
    </div>
  );
}

function rectOf(a: Point, b: Point): ScreenBox {
  return {
    left: Math.min(a.x, b.x),
    top: Math.min(a.y, b.y),
    width: Math.abs(a.x - b.x),
    height: Math.abs(a.y - b.y),
  };
}
