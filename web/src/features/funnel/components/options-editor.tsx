// The options of a radio group or dropdown in the properties panel: one input per option, each with
// up, down and remove; 'Add option' below. The panel validates the list (validateFieldSettings) and
// shows its message here, beside the list.
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FIELD_LIMITS } from '../../../../../shared/domain/fields';

interface OptionsEditorProps {
  idBase: string;
  options: readonly string[];
  error: string | null;
  onChange: (options: string[]) => void;
}

export function OptionsEditor({ idBase, options, error, onChange }: OptionsEditorProps) {
  const { t } = useTranslation();
  const listRef = useRef<HTMLOListElement>(null);
  const errorId = `${idBase}-options-error`;
  const focusInput = (index: number) =>
    requestAnimationFrame(() => listRef.current?.querySelectorAll<HTMLInputElement>('input')[index]?.focus());
  const move = (from: number, to: number) => {
    const next = [...options];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    onChange(next);
  };
  return (
    <fieldset className="field-options" data-testid="field-options">
      <legend>{t('fieldEditor.options.legend')}</legend>
      <ol ref={listRef}>
        {options.map((option, index) => {
          const n = index + 1;
          return (
            <li key={index} className="field-option">
              <input
                aria-label={t('fieldEditor.options.option', { n })}
                value={option}
                maxLength={FIELD_LIMITS.optionMaxChars * 2}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
                onChange={(event) => onChange(options.map((o, i) => (i === index ? event.target.value : o)))}
              />
              <button
                type="button"
                className="button button-secondary button-small"
                aria-label={t('fieldEditor.options.up', { n })}
                disabled={index === 0}
                onClick={() => move(index, index - 1)}
              >
                ↑
              </button>
              <button
                type="button"
                className="button button-secondary button-small"
                aria-label={t('fieldEditor.options.down', { n })}
                disabled={index === options.length - 1}
                onClick={() => move(index, index + 1)}
              >
                ↓
              </button>
              <button
                type="button"
                className="button button-secondary button-small"
                aria-label={t('fieldEditor.options.remove', { n })}
                onClick={() => onChange(options.filter((_, i) => i !== index))}
              >
                ×
              </button>
            </li>
          );
        })}
      </ol>
      {error && (
        <p id={errorId} className="field-error" role="alert" data-testid="field-error-options">
          {error}
        </p>
      )}
      <button
        type="button"
        className="button button-secondary button-small"
        disabled={options.length >= FIELD_LIMITS.maxOptions}
        onClick={() => {
          onChange([...options, t('fieldEditor.options.default', { n: options.length + 1 })]);
          focusInput(options.length);
        }}
      >
        {t('fieldEditor.options.add')}
      </button>
    </fieldset>
  );
}
