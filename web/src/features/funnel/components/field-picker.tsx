// The field-type picker of the Set Position step (issue #27): the type that a click or drag on a page
// adds for the current contractor, and 'Add field', which places one of that type on the page in view
// (the keyboard's way, beside each page's hidden 'add' button).
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FIELD_TYPES, type FieldType } from '../fields';

interface FieldPickerProps {
  type: FieldType;
  colour: string;
  onType: (type: FieldType) => void;
  onAdd: () => void;
}

export function FieldPicker({ type, colour, onType, onAdd }: FieldPickerProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="funnel-field-picker" style={{ borderColor: colour }} data-testid="field-picker">
      <div className="field">
        <label htmlFor={id}>{t('fieldEditor.picker.label')}</label>
        <select
          id={id}
          value={type}
          data-testid="field-type-select"
          aria-describedby={`${id}-hint`}
          onChange={(event) => onType(event.target.value as FieldType)}
        >
          {FIELD_TYPES.map((value) => (
            <option key={value} value={value}>
              {t(`fields.types.${value}`)}
            </option>
          ))}
        </select>
      </div>
      <button type="button" className="button button-primary" data-testid="field-add" onClick={onAdd}>
        {t('fieldEditor.picker.add')}
      </button>
      <p id={`${id}-hint`} className="field-hint">
        {t('fieldEditor.picker.hint')}
      </p>
    </div>
  );
}
