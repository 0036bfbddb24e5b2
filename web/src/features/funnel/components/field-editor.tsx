// The field editor's pages and properties panel (issue #27) over a useFieldEditor state: Set Position
// places a contract's fields with them, the template editor a template's (templates/components).
import type { PageSize } from '../../../../../shared/domain/entities';
import type { FieldSettings } from '../fields';
import type { FieldEditor } from '../hooks/use-field-editor';
import { AreaLayer, type PlacedArea } from './area-layer';
import { FieldPanel } from './field-panel';
import { PdfPages } from './pdf-pages';
import '../funnel.css';

const NO_AREAS: readonly PlacedArea[] = [];

/** The PDF's pages, each with its fields: the current contractor's editable, the others' inert. */
export function FieldEditorPages({
  editor,
  fileUrl,
  cacheKey,
  pages,
  signUrlOf,
}: {
  editor: FieldEditor;
  fileUrl: string;
  /** The file's SHA-256 (the same file is loaded once). */
  cacheKey: string;
  pages: readonly PageSize[];
  signUrlOf?: (recipientIndex: number) => string | null;
}) {
  return (
    <PdfPages
      fileUrl={fileUrl}
      cacheKey={cacheKey}
      pages={pages}
      renderOverlay={(pageIndex, scale) => (
        <AreaLayer
          pageIndex={pageIndex}
          page={pages[pageIndex]!}
          scale={scale}
          areas={editor.byPage.get(pageIndex) ?? NO_AREAS}
          current={editor.current}
          addType={editor.addType}
          onAdd={editor.add}
          onChange={editor.change}
          onRemove={editor.remove}
          onSelect={editor.setSelected}
          signUrlOf={signUrlOf}
        />
      )}
    />
  );
}

/** The selected field's properties (a dialog), while one is selected. */
export function FieldEditorPanel({
  editor,
  isOwnerAt,
  onApplied,
}: {
  editor: FieldEditor;
  /** Whether a contractor is the owner (their required value fields must be pre-filled). */
  isOwnerAt: (recipientIndex: number) => boolean;
  onApplied?: (settings: FieldSettings) => void;
}) {
  const { editing } = editor;
  if (!editing) return null;
  return (
    <FieldPanel
      key={editing.id}
      settings={editing.settings}
      isOwner={isOwnerAt(editing.recipientIndex)}
      onApply={(settings) => {
        editor.applySettings(editing.id, settings);
        editor.setSelected(null);
        onApplied?.(settings);
      }}
      onDelete={() => {
        editor.remove(editing.id);
        editor.setSelected(null);
      }}
      onClose={() => editor.setSelected(null)}
    />
  );
}
