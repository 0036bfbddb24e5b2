// Forms integration (issue #27 item 4): a PDF with its own form fields offers them on Set Position.
// The owner picks a contractor for each field (all start with the contractor being placed) and assigns
// them in one step: each becomes a field of that contractor at the form's place, labelled with the
// form's field name. A flat PDF shows nothing; once assigned, the offer says so and steps aside.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentView } from '../../../../../shared/api/schemas';

export type FormField = DocumentView['formFields'][number];

/** A form field given to a contractor: the settings of the field it becomes. */
export interface AssignedFormField {
  recipientIndex: number;
  pageIndex: number;
  x: number;
  y: number;
  width: number;
  height: number;
  type: FormField['type'];
  required: boolean;
  label: string;
  multiline?: boolean;
  maxLength?: number;
  options?: string[];
}

export function assignFormFields(
  fields: readonly FormField[],
  owners: readonly number[],
): AssignedFormField[] {
  return fields.map((f, i) => ({
    recipientIndex: owners[i] ?? 0,
    pageIndex: f.pageIndex,
    x: f.x,
    y: f.y,
    width: f.width,
    height: f.height,
    type: f.type,
    required: f.required,
    label: f.name,
    ...(f.multiline ? { multiline: true } : {}),
    ...(f.maxLength === undefined ? {} : { maxLength: f.maxLength }),
    ...(f.options ? { options: [...f.options] } : {}),
  }));
}

interface Props {
  doc: Pick<DocumentView, 'formFields' | 'recipients'>;
  /** The contractor being placed: every field starts with them. */
  current: number;
  /** The form's fields were already assigned (in this visit or saved before). */
  assigned: boolean;
  onAssign: (fields: AssignedFormField[]) => void;
}

export function FormFieldsOffer({ doc, current, assigned, onAssign }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const fields = doc.formFields;
  const [owners, setOwners] = useState<number[] | null>(null);
  if (fields.length === 0) return null;
  if (assigned) {
    return (
      <p className="field-hint" data-testid="form-fields-assigned">
        {t('formFields.assigned', { count: fields.length })}
      </p>
    );
  }
  const chosen = owners ?? fields.map(() => current);
  return (
    <section className="form-fields-offer" aria-labelledby={`${id}-title`} data-testid="form-fields-offer">
      <h3 id={`${id}-title`}>{t('formFields.found', { count: fields.length })}</h3>
      <p className="field-hint">{t('formFields.hint')}</p>
      <details>
        <summary>{t('formFields.choose')}</summary>
        <ul className="form-fields-list">
          {fields.map((f, i) => (
            <li key={`${f.name}-${i}`}>
              <label htmlFor={`${id}-${i}`}>
                <span className="form-field-name">{f.name}</span>{' '}
                <span className="form-field-type">({t(`fields.types.${f.type}`)})</span>
              </label>
              <select
                id={`${id}-${i}`}
                value={chosen[i]}
                onChange={(e) => {
                  const next = [...chosen];
                  next[i] = Number(e.target.value);
                  setOwners(next);
                }}
              >
                {doc.recipients.map((r) => (
                  <option key={r.index} value={r.index}>
                    {r.name}
                  </option>
                ))}
              </select>
            </li>
          ))}
        </ul>
      </details>
      <button
        type="button"
        className="button button-primary"
        data-testid="form-fields-assign"
        onClick={() => onAssign(assignFormFields(fields, chosen))}
      >
        {t('formFields.assign', { count: fields.length })}
      </button>
    </section>
  );
}
