// The field editor's state (issue #27), shared by Set Position and the template editor: every placed
// field of every contractor (or role), whose fields are being placed (`current`), the type a press or
// 'Add field' adds, the field whose properties are open, and the stable handlers the memoised page
// layers get. The pages and what is saved are the caller's.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageSize } from '../../../../../shared/domain/entities';
import type { PlacedArea } from '../components/field-box';
import { defaultSettings, FIELD_SIZES, type FieldSettings, type FieldType } from '../fields';
import { boxAt, type PdfBox } from '../geometry';

/** 'Add field' places a new field this many points from the page's left edge, cascading down. */
const ADD_INSET = 50;
const ADD_CASCADE = 14;

export type NewArea = Omit<PlacedArea, 'id'>;

export interface FieldEditor {
  areas: readonly PlacedArea[];
  /** The fields of each page (a stable list per render of `areas`, for the memoised layers). */
  byPage: ReadonlyMap<number, PlacedArea[]>;
  /** The contractor (or role) whose fields are edited. */
  current: number;
  setCurrent: (index: number) => void;
  addType: FieldType;
  setAddType: (type: FieldType) => void;
  /** The field whose properties are open, if any. */
  selected: number | null;
  setSelected: (id: number | null) => void;
  editing: PlacedArea | undefined;
  /** Adds fields as they are (the PDF's own form fields). */
  append: (areas: readonly NewArea[]) => void;
  add: (pageIndex: number, box: PdfBox) => number;
  change: (id: number, box: PdfBox) => void;
  remove: (id: number) => void;
  applySettings: (id: number, settings: FieldSettings) => void;
  /** 'Add field': one of the chosen type on the page nearest the middle of the viewport, focused. */
  addInView: () => void;
}

export function useFieldEditor({
  initial,
  initialCurrent = 0,
  pages,
  onAdded,
}: {
  /** The fields the editor opens with (read once). */
  initial: () => readonly NewArea[];
  /** Whose fields are placed first (Set Position: the first signer, issue #28). */
  initialCurrent?: number;
  pages: readonly PageSize[];
  /** Called when a field is added (Set Position clears its error). */
  onAdded?: () => void;
}): FieldEditor {
  const { t } = useTranslation();
  const nextId = useRef(0);
  const [areas, setAreas] = useState<PlacedArea[]>(() =>
    initial().map((area) => ({ ...area, id: nextId.current++ })),
  );
  const [current, setCurrent] = useState(initialCurrent);
  const [addType, setAddType] = useState<FieldType>('signature');
  const [selected, setSelected] = useState<number | null>(null);
  const [focusId, setFocusId] = useState<number | null>(null);
  const added = useRef(onAdded);
  added.current = onAdded;

  const byPage = useMemo(() => {
    const map = new Map<number, PlacedArea[]>();
    for (const area of areas) {
      const list = map.get(area.pageIndex);
      if (list) list.push(area);
      else map.set(area.pageIndex, [area]);
    }
    return map;
  }, [areas]);

  // A field added from the keyboard ('Add field') gets the focus, so arrow keys and Enter act on it.
  useEffect(() => {
    if (focusId === null) return;
    const element = document.querySelector<HTMLElement>(`[data-field-id="${focusId}"]`);
    element?.scrollIntoView({ block: 'center' });
    element?.focus();
    setFocusId(null);
  }, [focusId]);

  const optionName = useCallback((n: number) => t('fieldEditor.options.default', { n }), [t]);
  const add = useCallback(
    (pageIndex: number, box: PdfBox) => {
      const id = nextId.current++;
      const settings = defaultSettings(addType, optionName);
      setAreas((list) => [...list, { ...box, id, recipientIndex: current, pageIndex, settings }]);
      added.current?.();
      return id;
    },
    [current, addType, optionName],
  );
  const change = useCallback((id: number, box: PdfBox) => {
    setAreas((list) => list.map((a) => (a.id === id ? { ...a, ...box } : a)));
  }, []);
  const remove = useCallback((id: number) => setAreas((list) => list.filter((a) => a.id !== id)), []);
  const applySettings = useCallback(
    (id: number, settings: FieldSettings) =>
      setAreas((list) => list.map((a) => (a.id === id ? { ...a, settings } : a))),
    [],
  );
  const append = useCallback((more: readonly NewArea[]) => {
    setAreas((list) => [...list, ...more.map((area) => ({ ...area, id: nextId.current++ }))]);
  }, []);

  const addInView = () => {
    const pageIndex = pageInView();
    const page = pages[pageIndex];
    if (!page) return;
    const k = areas.filter((a) => a.recipientIndex === current && a.pageIndex === pageIndex).length % 20;
    const at = { x: ADD_INSET + (k % 4) * ADD_CASCADE, y: page.height - ADD_INSET - k * ADD_CASCADE * 2 };
    setFocusId(add(pageIndex, boxAt(at, FIELD_SIZES[addType], page)));
  };

  return {
    areas,
    byPage,
    current,
    setCurrent,
    addType,
    setAddType,
    selected,
    setSelected,
    editing: selected === null ? undefined : areas.find((a) => a.id === selected),
    append,
    add,
    change,
    remove,
    applySettings,
    addInView,
  };
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
