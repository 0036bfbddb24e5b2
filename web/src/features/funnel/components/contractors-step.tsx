// Configuring Contractors (addrcpt): rows of name and contact, add and remove (x), an address-book
// dropdown per row (disabled while the row has content), and the optional recipients of the completed
// document. Next is enabled once a row has both a name and a contact; it runs the shared rules first
// (the message shows at its row), then saves, and the server's answer is shown the same way.
// A video contract's list is optional (vcaddrcpt, issue #16): it may stay empty, and Next is always
// enabled, but rows that exist get the same checks; the owner's own row (index 0) is not shown.
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AddressBookResponse } from '../../../../../shared/api/schemas';
import type { CountryCode } from 'libphonenumber-js';
import { defaultCountryFor } from '../../../../../shared/domain/contact';
import { useAppConfig } from '../../../app/app-context';
import { canProceed, validateContractors } from '../../../../../shared/domain/contractors';
import { getAddressBook, saveRecipients } from '../api/documents';
import { describeError, describeKey, errorRow } from '../messages';
import { ErrorText } from './error-text';
import type { StepProps } from './step-props';
import { StepNav } from './step-nav';

interface Row {
  id: number;
  name: string;
  contact: string;
}

type Entry = AddressBookResponse['entries'][number];

export function ContractorsStep({
  doc,
  lang,
  onSaved,
  onPrevious,
  onNext,
  optional = false,
}: StepProps & { onNext: () => void; optional?: boolean }) {
  const { t } = useTranslation();
  const config = useAppConfig();
  const nextId = useRef(0);
  const newRow = (name = '', contact = ''): Row => ({ id: nextId.current++, name, contact });
  // Without rows: one blank row to fill, except in an optional list (Add contractor makes one).
  const blank = (): Row[] => (optional ? [] : [newRow()]);
  const [rows, setRows] = useState<Row[]>(() => {
    const contractors = optional ? doc.recipients.filter((r) => !r.isOwner) : doc.recipients;
    return contractors.length > 0 ? contractors.map((r) => newRow(r.name, r.contact)) : blank();
  });
  const [finals, setFinals] = useState<Row[]>(() => doc.finalRecipients.map((c) => newRow('', c)));
  const [book, setBook] = useState<readonly Entry[]>([]);
  const [error, setError] = useState<{ row: number | null; message: string } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    getAddressBook(controller.signal).then(
      (answer) => setBook(answer.entries),
      () => undefined, // No address book: the rows are typed by hand.
    );
    return () => controller.abort();
  }, []);

  const update = (id: number, patch: Partial<Row>) => {
    setRows((current) => current.map((r) => (r.id === id ? { ...r, ...patch } : r)));
    setError(null);
  };
  const remove = (id: number) => {
    setRows((current) => {
      const left = current.filter((r) => r.id !== id);
      return left.length > 0 ? left : blank();
    });
    setError(null);
  };

  async function next() {
    setError(null);
    const englishCountry = (config.defaultPhoneCountry ?? 'US') as CountryCode;
    const checked = validateContractors(rows, {
      defaultCountry: defaultCountryFor(lang, englishCountry),
      optional,
    });
    if (!checked.ok) {
      setError({ row: checked.row ?? null, message: describeKey(t, checked.error, checked.values) });
      return;
    }
    setBusy(true);
    try {
      const saved = await saveRecipients(doc.docuId, {
        // An optional list with only blank rows is saved empty.
        recipients:
          checked.contractors.length === 0 ? [] : rows.map(({ name, contact }) => ({ name, contact })),
        finalRecipients: finals.map((f) => f.contact.trim()).filter((c) => c !== ''),
        lang,
      });
      onSaved(saved);
      onNext();
    } catch (e) {
      setError({ row: errorRow(e) ?? null, message: describeError(t, e) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="funnel-step">
      <h2>{t('funnel.contractors.title')}</h2>
      {optional && (
        <p className="field-hint" data-testid="contractors-optional">
          {t('funnel.vcaddrcpt.hint')}
        </p>
      )}
      <ol className="funnel-contractors">
        {rows.map((row, index) => (
          <ContractorRow
            key={row.id}
            row={row}
            index={index}
            book={book}
            error={error?.row === index ? error.message : null}
            onChange={(patch) => update(row.id, patch)}
            onRemove={() => remove(row.id)}
          />
        ))}
      </ol>
      <button
        type="button"
        className="button button-secondary"
        onClick={() => setRows((r) => [...r, newRow()])}
      >
        {t('funnel.contractors.add')}
      </button>
      {error && error.row === null && <ErrorText message={error.message} />}

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
                  setFinals((list) =>
                    list.map((x) => (x.id === f.id ? { ...x, contact: event.target.value } : x)),
                  )
                }
              />
            </label>
            <button
              type="button"
              className="button-icon"
              aria-label={t('funnel.contractors.removeFinal', { n: index + 1 })}
              onClick={() => setFinals((list) => list.filter((x) => x.id !== f.id))}
            >
              ×
            </button>
          </div>
        ))}
        <button
          type="button"
          className="button button-secondary"
          onClick={() => setFinals((l) => [...l, newRow()])}
        >
          {t('funnel.contractors.addFinal')}
        </button>
      </fieldset>

      <StepNav
        onPrevious={onPrevious}
        onNext={() => void next()}
        nextDisabled={!canProceed(rows, { optional })}
        busy={busy}
      />
    </div>
  );
}

interface ContractorRowProps {
  row: Row;
  index: number;
  book: readonly Entry[];
  error: string | null;
  onChange: (patch: Partial<Row>) => void;
  onRemove: () => void;
}

function ContractorRow({ row, index, book, error, onChange, onRemove }: ContractorRowProps) {
  const { t } = useTranslation();
  const id = useId();
  const hasContent = row.name.trim() !== '' || row.contact.trim() !== '';
  const errorId = `${id}-error`;
  return (
    <li className="funnel-contractor" data-testid={`contractor-row-${index}`}>
      <fieldset aria-describedby={error ? errorId : undefined}>
        <legend>{t('funnel.contractors.row', { n: index + 1 })}</legend>
        <button
          type="button"
          className="button-icon funnel-remove"
          aria-label={t('funnel.contractors.remove', { n: index + 1 })}
          onClick={onRemove}
        >
          ×
        </button>
        <div className="field">
          <label htmlFor={`${id}-name`}>{t('funnel.contractors.name')}</label>
          <input
            id={`${id}-name`}
            value={row.name}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            onChange={(event) => onChange({ name: event.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-contact`}>{t('funnel.contractors.contact')}</label>
          <input
            id={`${id}-contact`}
            value={row.contact}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            onChange={(event) => onChange({ contact: event.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-book`}>{t('funnel.contractors.addressBook')}</label>
          <select
            id={`${id}-book`}
            value=""
            disabled={hasContent || book.length === 0}
            onChange={(event) => {
              const entry = book[Number(event.target.value)];
              if (entry) onChange({ name: entry.name, contact: entry.contact });
            }}
          >
            <option value="">{t('funnel.contractors.addressBookPlaceholder')}</option>
            {book.map((entry, i) => (
              <option key={`${entry.contact}-${i}`} value={i}>
                {entry.name} ({entry.contact})
              </option>
            ))}
          </select>
        </div>
        {error && (
          <p id={errorId} className="field-error funnel-error" role="alert" data-testid="funnel-error">
            {error}
          </p>
        )}
      </fieldset>
    </li>
  );
}
