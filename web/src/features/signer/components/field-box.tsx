// One of the signer's own fields on the page (issue #27), drawn by its type inside its area: a sign
// image button (signature, initials, stamp), a text box, a number, a date picker, a checkbox, a radio
// group, a dropdown, a file to attach, a strike through the area, or the date filled in at agreement.
// Every control is labelled with the field's label (else its type), carries `data-field-focus` (where
// Next and a refused agreement put the focus) and is described by the field's message when it shows.
// Memoised, with stable handlers that name the field: a keystroke in one field re-renders that field,
// not the other 199 of a long contract.
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AttachmentView } from '../../../../../shared/api/schemas';
import { ATTACHMENT_CONTENT_TYPES, FIELD_LIMITS, isImageField } from '../../../../../shared/domain/fields';
import { formatSize, type Area } from '../fields';

/** What the signer does in a field; one stable object for every field of the page. */
export interface FieldHandlers {
  onSign: (areaIndex: number) => void;
  onChange: (areaIndex: number, value: string, now?: boolean) => void;
  onCommit: () => void;
  onAttach: (area: Area, file: File) => void;
  onDetach: (area: Area) => void;
}

export interface FieldBoxProps {
  area: Area;
  /** Its page's height in points, and the page's scale in CSS pixels per point. */
  pageHeight: number;
  scale: number;
  current: boolean;
  filled: boolean;
  locale: string;
  /** The message under the field (required, refused value, failed file), or null. */
  message: string | null;
  value: string;
  signUrl: string | undefined;
  attachment: AttachmentView | undefined;
  uploading: boolean;
  handlers: FieldHandlers;
}

export const fieldFocusSelector = (areaIndex: number) => `[data-field-focus="${areaIndex}"]`;

export const FieldBox = memo(function FieldBox(props: FieldBoxProps) {
  const { t } = useTranslation();
  const { area, pageHeight, scale, current, filled, message, value, handlers } = props;
  const i = area.areaIndex;
  const onChange = (next: string, now?: boolean) => handlers.onChange(i, next, now);
  const style = {
    left: area.x * scale,
    top: (pageHeight - area.y - area.height) * scale,
    width: area.width * scale,
    height: area.height * scale,
  };
  const name = area.label || t(`fields.types.${area.type}`);
  const messageId = message ? `field-message-${i}` : undefined;
  const common = {
    'data-field-focus': i,
    'aria-describedby': messageId,
    'aria-invalid': message ? true : undefined,
    'aria-required': area.required || undefined,
  } as const;
  /** A button: described by the message too, but neither required nor invalid (not ARIA of buttons). */
  const button = { 'data-field-focus': i, 'aria-describedby': messageId } as const;

  let control: ReactNode;
  if (isImageField(area.type)) {
    control = (
      <button
        type="button"
        className="field-sign"
        onClick={() => handlers.onSign(i)}
        aria-label={name}
        {...button}
      >
        {props.signUrl ? <img src={props.signUrl} alt="" /> : <span>{name}</span>}
      </button>
    );
  } else if (area.type === 'dateSigned') {
    control = <span className="field-note">{t('fields.required.dateSigned')}</span>;
  } else if (area.type === 'text' && area.multiline) {
    control = (
      <textarea
        aria-label={name}
        value={value}
        maxLength={area.maxLength ?? FIELD_LIMITS.textMaxChars}
        placeholder={area.placeholder}
        onChange={(e) => onChange(e.target.value)}
        onBlur={handlers.onCommit}
        {...common}
      />
    );
  } else if (area.type === 'name' || area.type === 'text' || area.type === 'number') {
    control = (
      <input
        type="text"
        aria-label={name}
        inputMode={area.type === 'number' ? 'decimal' : undefined}
        autoComplete={area.type === 'name' ? 'name' : 'off'}
        value={value}
        maxLength={
          area.type === 'text'
            ? (area.maxLength ?? FIELD_LIMITS.textMaxChars)
            : area.type === 'number'
              ? FIELD_LIMITS.numberMaxChars
              : 200
        }
        placeholder={area.placeholder}
        onChange={(e) => onChange(e.target.value)}
        onBlur={handlers.onCommit}
        {...common}
      />
    );
  } else if (area.type === 'date') {
    control = (
      <input
        type="date"
        aria-label={name}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={handlers.onCommit}
        {...common}
      />
    );
  } else if (area.type === 'checkbox') {
    control = (
      <label className="field-check">
        <input
          type="checkbox"
          checked={value === 'true'}
          onChange={(e) => onChange(e.target.checked ? 'true' : '', true)}
          {...common}
        />
        <span className="visually-hidden">{name}</span>
      </label>
    );
  } else if (area.type === 'radio') {
    control = (
      <fieldset className="field-radio" aria-describedby={messageId}>
        <legend className="visually-hidden">{name}</legend>
        {(area.options ?? []).map((option, n) => (
          <label key={option}>
            <input
              type="radio"
              name={`field-${i}`}
              value={option}
              checked={value === option}
              onChange={() => onChange(option, true)}
              data-field-focus={n === 0 ? i : undefined}
              aria-required={n === 0 ? area.required || undefined : undefined}
            />
            <span>{option}</span>
          </label>
        ))}
      </fieldset>
    );
  } else if (area.type === 'dropdown') {
    control = (
      <select aria-label={name} value={value} onChange={(e) => onChange(e.target.value, true)} {...common}>
        <option value="">{t('fieldFill.choose')}</option>
        {(area.options ?? []).map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    );
  } else if (area.type === 'strikethrough') {
    const struck = value === 'true';
    control = (
      <button
        type="button"
        className="button button-secondary field-strike"
        aria-pressed={struck}
        aria-label={t(struck ? 'fieldFill.unstrikeLabel' : 'fieldFill.strikeLabel', { name })}
        onClick={() => onChange(struck ? '' : 'true', true)}
        {...button}
      >
        {t(struck ? 'fieldFill.unstrike' : 'fieldFill.strike')}
      </button>
    );
  } else {
    control = <AttachmentControl {...props} name={name} common={common} button={button} />;
  }

  const classes = ['signer-area', 'mine', 'field', `field-${area.type}`];
  if (current) classes.push('current');
  if (area.type === 'strikethrough' && value === 'true') classes.push('struck');
  return (
    <div
      className={classes.join(' ')}
      // At least the area's height: a radio group's 44 px rows may need more, and the message goes
      // under the control, not over its last option.
      style={{ ...style, height: undefined, minHeight: style.height }}
      title={name}
      data-testid={`my-area-${i}`}
      data-type={area.type}
      data-signed={filled}
    >
      {control}
      {message && (
        <p className="field-message" id={messageId} data-testid={`field-message-${i}`}>
          {message}
        </p>
      )}
    </div>
  );
});

function AttachmentControl({
  area,
  attachment,
  uploading,
  locale,
  handlers,
  name,
  common,
  button,
}: FieldBoxProps & { name: string; common: Record<string, unknown>; button: Record<string, unknown> }) {
  const { t } = useTranslation();
  if (attachment) {
    return (
      <div className="field-file" data-testid={`field-file-${area.areaIndex}`}>
        <span className="field-file-name">
          {attachment.fileName} ({formatSize(attachment.sizeBytes, locale)})
        </span>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => handlers.onDetach(area)}
          disabled={uploading}
          aria-label={t('fieldFill.removeFileLabel', { file: attachment.fileName })}
          {...button}
        >
          {t('fieldFill.removeFile')}
        </button>
      </div>
    );
  }
  return (
    <label className="button button-secondary field-attach" aria-busy={uploading}>
      {uploading ? t('fieldFill.uploading') : t('fieldFill.attach')}
      <input
        type="file"
        className="visually-hidden"
        aria-label={t('fieldFill.attachLabel', { name })}
        accept={[...ATTACHMENT_CONTENT_TYPES, '.pdf', '.jpg', '.jpeg', '.png'].join(',')}
        disabled={uploading}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) handlers.onAttach(area, file);
        }}
        {...common}
      />
    </label>
  );
}
