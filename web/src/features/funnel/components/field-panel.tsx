// A field's properties (issue #27), a dialog opened by selecting a field: label and required for
// every type; placeholder, one line or several and max length for text; the options of a radio group
// or dropdown; a pre-filled value for value fields (not a strikethrough); delete. The draft keeps every
// input as typed; validateFieldSettings (the server's rule) runs on each change and its translated
// message stands beside the input it is about. Done (the primary action, focused on open) applies a
// valid draft; an invalid one stays open with the focus on the input to fix.
import { useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FIELD_LIMITS, hasOptions } from '../../../../../shared/domain/fields';
import { Modal } from '../../../components/modal';
import {
  canPrefill,
  checkDraft,
  draftOf,
  settingsOfDraft,
  type DraftInput,
  type FieldDraft,
  type FieldSettings,
} from '../fields';
import { describeKey } from '../messages';
import { OptionsEditor } from './options-editor';

interface FieldPanelProps {
  settings: FieldSettings;
  /** The field is the owner's own (who agrees when sending: required value fields are pre-filled). */
  isOwner: boolean;
  onApply: (settings: FieldSettings) => void;
  onDelete: () => void;
  onClose: () => void;
}

export function FieldPanel({ settings, isOwner, onApply, onDelete, onClose }: FieldPanelProps) {
  const { t } = useTranslation();
  const id = useId();
  const formRef = useRef<HTMLDivElement>(null);
  const [draft, setDraft] = useState<FieldDraft>(() => draftOf(settings));
  const check = checkDraft(draft, isOwner, FIELD_LIMITS.labelMaxChars);
  const errorOf = (input: DraftInput): string | null =>
    !check.result.ok && check.input === input
      ? describeKey(t, check.result.error, check.result.values)
      : null;
  const requiredError = errorOf('required');
  const set = (patch: Partial<FieldDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const { type } = draft;
  const typeName = t(`fields.types.${type}`);

  const done = () => {
    if (check.result.ok) {
      onApply(settingsOfDraft(draft));
      return;
    }
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  };

  const textInput = (input: DraftInput, label: string, value: string, extra?: ReactNode) => {
    const error = errorOf(input);
    return (
      <div className="field">
        <label htmlFor={`${id}-${input}`}>{label}</label>
        <input
          id={`${id}-${input}`}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-${input}-error` : undefined}
          inputMode={input === 'maxLength' ? 'numeric' : undefined}
          data-testid={`field-input-${input}`}
          onChange={(event) => set({ [input]: event.target.value })}
        />
        {extra}
        <FieldError id={`${id}-${input}-error`} input={input} message={error} />
      </div>
    );
  };

  return (
    <Modal
      title={t('fieldEditor.panel.title', { type: typeName })}
      onCancel={onClose}
      className="funnel-field-panel"
      testId="field-panel"
    >
      <div ref={formRef}>
        {textInput('label', t('fieldEditor.panel.label'), draft.label)}
        <label className="funnel-check">
          <input
            type="checkbox"
            checked={draft.required}
            aria-invalid={requiredError ? true : undefined}
            aria-describedby={requiredError ? `${id}-required-error` : undefined}
            data-testid="field-input-required"
            onChange={(event) => set({ required: event.target.checked })}
          />
          {t('fieldEditor.panel.required')}
        </label>
        <FieldError id={`${id}-required-error`} input="required" message={requiredError} />
        {type === 'text' && (
          <>
            {textInput('placeholder', t('fieldEditor.panel.placeholder'), draft.placeholder)}
            <label className="funnel-check">
              <input
                type="checkbox"
                checked={draft.multiline}
                data-testid="field-input-multiline"
                onChange={(event) => set({ multiline: event.target.checked })}
              />
              {t('fieldEditor.panel.multiline')}
            </label>
            {textInput('maxLength', t('fieldEditor.panel.maxLength'), draft.maxLength)}
          </>
        )}
        {hasOptions(type) && (
          <OptionsEditor
            idBase={id}
            options={draft.options}
            error={errorOf('options')}
            onChange={(options) => set({ options })}
          />
        )}
        {canPrefill(type) && <ValueInput id={id} draft={draft} error={errorOf('value')} onChange={set} />}
      </div>
      <div className="dialog-actions funnel-field-panel-actions">
        <button type="button" className="button button-danger" data-testid="field-delete" onClick={onDelete}>
          {t('fieldEditor.panel.delete')}
        </button>
        <button type="button" className="button button-secondary" onClick={onClose}>
          {t('fieldEditor.panel.cancel')}
        </button>
        <button
          type="button"
          className="button button-primary"
          data-autofocus
          data-testid="field-done"
          onClick={done}
        >
          {t('fieldEditor.panel.done')}
        </button>
      </div>
    </Modal>
  );
}

function FieldError({ id, input, message }: { id: string; input: DraftInput; message: string | null }) {
  if (!message) return null;
  return (
    <p id={id} className="field-error" role="alert" data-testid={`field-error-${input}`}>
      {message}
    </p>
  );
}

/** The pre-filled value, in the input its type takes. */
function ValueInput({
  id,
  draft,
  error,
  onChange,
}: {
  id: string;
  draft: FieldDraft;
  error: string | null;
  onChange: (patch: Partial<FieldDraft>) => void;
}) {
  const { t } = useTranslation();
  const inputId = `${id}-value`;
  const common = {
    id: inputId,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${inputId}-error` : undefined,
    'data-testid': 'field-input-value',
  } as const;
  const message = <FieldError id={`${inputId}-error`} input="value" message={error} />;
  if (draft.type === 'checkbox') {
    return (
      <div className="field">
        <label className="funnel-check">
          <input
            type="checkbox"
            {...common}
            checked={draft.value === 'true'}
            onChange={(event) => onChange({ value: event.target.checked ? 'true' : '' })}
          />
          {t('fieldEditor.panel.valueChecked')}
        </label>
        {message}
      </div>
    );
  }
  let input: ReactNode;
  if (draft.type === 'radio' || draft.type === 'dropdown') {
    input = (
      <select {...common} value={draft.value} onChange={(event) => onChange({ value: event.target.value })}>
        <option value="">{t('fieldEditor.panel.noValue')}</option>
        {draft.options.map((option, index) => (
          <option key={index} value={option.trim()}>
            {option}
          </option>
        ))}
      </select>
    );
  } else if (draft.type === 'text' && draft.multiline) {
    input = (
      <textarea
        {...common}
        rows={3}
        value={draft.value}
        onChange={(e) => onChange({ value: e.target.value })}
      />
    );
  } else {
    input = (
      <input
        {...common}
        type={draft.type === 'date' ? 'date' : 'text'}
        inputMode={draft.type === 'number' ? 'decimal' : undefined}
        value={draft.value}
        onChange={(event) => onChange({ value: event.target.value })}
      />
    );
  }
  return (
    <div className="field">
      <label htmlFor={inputId}>{t('fieldEditor.panel.value')}</label>
      {input}
      {message}
    </div>
  );
}
