// One placed field (a sign area is a `signature` field) over a page, in its contractor's colour and
// named by its type (and label). Memoised: while a field is dragged only that one re-renders, so a
// page with 200 fields stays smooth (issue #27). The layer (area-layer.tsx) owns the gestures; the
// handlers it passes are stable.
import { memo, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { recipientColour } from '../../../../../shared/domain/constants';
import { isImageField } from '../../../../../shared/domain/fields';
import type { FieldSettings } from '../fields';
import { toScreen, type PdfBox } from '../geometry';

export interface PlacedArea extends PdfBox {
  id: number;
  recipientIndex: number;
  pageIndex: number;
  settings: FieldSettings;
}

export interface FieldBoxHandlers {
  /** A press on the field (move) or on its corner handle (resize). */
  onPress: (event: PointerEvent, area: PlacedArea, kind: 'move' | 'resize') => void;
  onKey: (event: KeyboardEvent, area: PlacedArea) => void;
  onRemove: (id: number) => void;
}

interface FieldBoxProps {
  area: PlacedArea;
  /** Its page's height in points, and the page's scale in CSS pixels per point. */
  pageHeight: number;
  scale: number;
  /** The field is the current contractor's (editable), and its number among theirs on the page. */
  mine: boolean;
  n: number;
  pageIndex: number;
  /** The owner's sign, shown in the owner's image fields. */
  signUrl: string | null;
  handlers: FieldBoxHandlers;
}

export const FieldBox = memo(function FieldBox({
  area,
  pageHeight,
  scale,
  mine,
  n,
  pageIndex,
  signUrl,
  handlers,
}: FieldBoxProps) {
  const { t } = useTranslation();
  const { type, label } = area.settings;
  const typeName = t(`fields.types.${type}`);
  const caption = label ? `${typeName}: ${label}` : typeName;
  const box = toScreen(area, { width: 0, height: pageHeight }, scale);
  const colour = recipientColour(area.recipientIndex);
  const style = { left: box.left, top: box.top, width: box.width, height: box.height, borderColor: colour };
  const signImage =
    signUrl && isImageField(type) ? (
      <img
        className="funnel-area-sign"
        src={signUrl}
        alt=""
        draggable={false}
        data-testid="area-sign-image"
      />
    ) : null;
  if (!mine) {
    return (
      <div
        className="funnel-area other"
        style={{ ...style, backgroundColor: `${colour}22` }}
        aria-hidden="true"
        data-field-type={type}
      >
        {signImage ?? (
          <span className="funnel-field-caption">{`${area.recipientIndex + 1} · ${caption}`}</span>
        )}
      </div>
    );
  }
  const signature = type === 'signature';
  const name = signature
    ? t('funnel.position.area', { n, page: pageIndex + 1 })
    : t('fieldEditor.area', { type: typeName, n, page: pageIndex + 1 });
  return (
    <div
      className="funnel-area mine"
      style={{ ...style, backgroundColor: `${colour}33` }}
      role="group"
      tabIndex={0}
      aria-label={label ? `${name} (${label})` : name}
      aria-roledescription={t('fieldEditor.roleDescription')}
      data-testid="sign-area"
      data-field-type={type}
      data-field-id={area.id}
      data-required={area.settings.required}
      data-signed={signUrl && isImageField(type) ? 'owner' : undefined}
      onKeyDown={(event) => handlers.onKey(event, area)}
      onPointerDown={(event) => handlers.onPress(event, area, 'move')}
    >
      {signImage}
      <span className="funnel-field-caption" aria-hidden="true">
        {area.settings.required ? `${caption} *` : caption}
      </span>
      <button
        type="button"
        className="funnel-area-remove"
        style={{ borderColor: colour }}
        aria-label={
          signature ? t('funnel.position.removeArea', { n }) : t('fieldEditor.remove', { type: typeName, n })
        }
        onPointerDown={(event) => event.stopPropagation()}
        onClick={() => handlers.onRemove(area.id)}
      >
        ×
      </button>
      <span
        className="funnel-area-handle"
        style={{ backgroundColor: colour }}
        aria-hidden="true"
        onPointerDown={(event) => handlers.onPress(event, area, 'resize')}
      />
    </div>
  );
});
