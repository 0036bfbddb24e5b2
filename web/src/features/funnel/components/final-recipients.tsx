// The optional recipients of the completed document (Configuring Contractors): e-mail addresses that
// receive only the completed document.
import { useTranslation } from 'react-i18next';

export interface Final {
  id: number;
  contact: string;
}

export function FinalRecipients({
  finals,
  onChange,
  onAdd,
}: {
  finals: readonly Final[];
  onChange: (finals: Final[]) => void;
  onAdd: () => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="funnel-finals">
      <legend>{t('funnel.contractors.finalTitle')}</legend>
      <p className="field-hint">{t('funnel.contractors.finalHint')}</p>
      {finals.map((f, index) => (
        <div className="funnel-final-row" key={f.id}>
          <label>
            <span>{t('funnel.contractors.finalEmail', { n: index + 1 })}</span>
            <input
              type="email"
              value={f.contact}
              autoComplete="off"
              onChange={(event) =>
                onChange(finals.map((x) => (x.id === f.id ? { ...x, contact: event.target.value } : x)))
              }
            />
          </label>
          <button
            type="button"
            className="button-icon"
            aria-label={t('funnel.contractors.removeFinal', { n: index + 1 })}
            onClick={() => onChange(finals.filter((x) => x.id !== f.id))}
          >
            ×
          </button>
        </div>
      ))}
      <button type="button" className="button button-secondary" onClick={onAdd}>
        {t('funnel.contractors.addFinal')}
      </button>
    </fieldset>
  );
}
