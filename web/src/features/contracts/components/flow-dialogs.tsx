// The owner's dialogs on a sent contract's Flow panel (issue #28): change a contractor's contact, void
// the contract with a reason, set or extend its expiry. Each focuses its primary field, closes on
// Escape or Cancel, checks what the server would refuse first (same messages), and shows the server's
// refusal translated, keeping what was typed.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CountryCode } from 'libphonenumber-js';
import { defaultCountryFor } from '../../../../../shared/domain/contact';
import { validateContractors } from '../../../../../shared/domain/contractors';
import { ROUTING_LIMITS } from '../../../../../shared/domain/routing';
import { localeForPath } from '../../../../../shared/i18n/core';
import type { MessageKey } from '../../../../../shared/i18n/keys';
import { useAppConfig } from '../../../app/app-context';
import type { Lang } from '../../../app/paths';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { formatDateTime, timeZoneLabel } from '../../../lib/format';
import { checkExpiry, expiryDefault } from '../../funnel/routing-form';
import { changeContact, setExpiry, voidContract } from '../api/routing-api';
import { Modal } from './modal';

/** A form in a dialog: its message under the inputs, Cancel and the primary action. */
function DialogForm({
  onSubmit,
  onCancel,
  error,
  errorId,
  busy,
  submitLabel,
  danger = false,
  children,
}: {
  onSubmit: () => void;
  onCancel: () => void;
  error: string | null;
  errorId: string;
  busy: boolean;
  submitLabel: string;
  danger?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <form
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        if (!busy) onSubmit();
      }}
    >
      {children}
      {error && (
        <p id={errorId} className="field-error" role="alert" data-testid="dialog-error">
          {error}
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" className="button button-secondary" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button
          type="submit"
          className={`button ${danger ? 'button-danger' : 'button-primary'}`}
          disabled={busy}
          aria-busy={busy || undefined}
        >
          {submitLabel}
        </button>
      </div>
    </form>
  );
}

/** Runs a dialog's call: busy while it runs, the translated refusal on failure. */
function useSubmit() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; code?: string } | null>(null);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (err) {
      setError({ message: errorMessage(t, err), code: err instanceof ApiError ? err.code : undefined });
    } finally {
      setBusy(false);
    }
  };
  const refuse = (key: MessageKey, values?: Record<string, unknown>) =>
    setError({ message: t(key, values ?? {}), code: key });
  return { busy, error, setError, run, refuse };
}

export function ChangeContactDialog({
  docuId,
  index,
  name: currentName,
  contact: currentContact,
  lang,
  onCancel,
  onDone,
}: {
  docuId: string;
  index: number;
  name: string;
  contact: string;
  lang: Lang;
  onCancel: () => void;
  onDone: (result: { name: string; requestSent: boolean }) => void;
}) {
  const { t } = useTranslation();
  const config = useAppConfig();
  const id = useId();
  const [name, setName] = useState(currentName);
  const [contact, setContact] = useState(currentContact);
  const { busy, error, setError, run, refuse } = useSubmit();
  const contactInvalid = error?.code?.startsWith('contractors.errors.') ?? false;
  const submit = () => {
    const country = defaultCountryFor(lang, (config.defaultPhoneCountry ?? 'US') as CountryCode);
    const checked = validateContractors([{ name, contact }], { defaultCountry: country });
    if (!checked.ok) return refuse(checked.error, checked.values);
    const row = checked.contractors[0]!;
    return run(async () => {
      const answer = await changeContact(docuId, index, { name: row.name, contact: contact.trim(), lang });
      onDone({ name: row.name, requestSent: answer.requestSent });
    });
  };
  return (
    <Modal
      title={t('routingOwner.dialogs.contactTitle', { name: currentName })}
      onCancel={onCancel}
      testId="contact-dialog"
    >
      <DialogForm
        onSubmit={() => void submit()}
        onCancel={onCancel}
        error={error?.message ?? null}
        errorId={`${id}-error`}
        busy={busy}
        submitLabel={t('routingOwner.dialogs.save')}
      >
        <p className="field-hint" id={`${id}-hint`}>
          {t('routingOwner.dialogs.contactHint')}
        </p>
        <div className="field">
          <label htmlFor={`${id}-name`}>{t('routingOwner.dialogs.name')}</label>
          <input
            id={`${id}-name`}
            value={name}
            autoComplete="off"
            aria-invalid={(error !== null && !contactInvalid) || undefined}
            onChange={(e) => {
              setName(e.target.value);
              setError(null);
            }}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-contact`}>{t('routingOwner.dialogs.contact')}</label>
          <input
            id={`${id}-contact`}
            value={contact}
            autoComplete="off"
            data-autofocus
            aria-invalid={contactInvalid || undefined}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
            onChange={(e) => {
              setContact(e.target.value);
              setError(null);
            }}
          />
        </div>
      </DialogForm>
    </Modal>
  );
}

export function VoidDialog({
  docuId,
  lang,
  onCancel,
  onDone,
}: {
  docuId: string;
  lang: Lang;
  onCancel: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [reason, setReason] = useState('');
  const { busy, error, setError, run, refuse } = useSubmit();
  const submit = () => {
    const text = reason.trim();
    if (text === '') return refuse('routing.errors.voidReasonRequired');
    const max = ROUTING_LIMITS.voidReasonMaxChars;
    if ([...text].length > max) return refuse('routing.errors.reasonTooLong', { max });
    return run(async () => {
      await voidContract(docuId, text, lang);
      onDone();
    });
  };
  return (
    <Modal title={t('routingOwner.dialogs.voidTitle')} onCancel={onCancel} testId="void-dialog">
      <DialogForm
        onSubmit={() => void submit()}
        onCancel={onCancel}
        error={error?.message ?? null}
        errorId={`${id}-error`}
        busy={busy}
        submitLabel={t('routingOwner.dialogs.voidConfirm')}
        danger
      >
        <p id={`${id}-text`}>{t('routingOwner.dialogs.voidText')}</p>
        <div className="field">
          <label htmlFor={`${id}-reason`}>{t('routingOwner.dialogs.voidReason')}</label>
          <textarea
            id={`${id}-reason`}
            rows={3}
            value={reason}
            required
            data-autofocus
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-text${error ? ` ${id}-error` : ''}`}
            onChange={(e) => {
              setReason(e.target.value);
              setError(null);
            }}
          />
        </div>
      </DialogForm>
    </Modal>
  );
}

export function ExpiryDialog({
  docuId,
  expiresAt,
  extend,
  lang,
  onCancel,
  onDone,
}: {
  docuId: string;
  expiresAt: string | null;
  /** An Expired contract: the dialog reads "Extend". */
  extend: boolean;
  lang: Lang;
  onCancel: () => void;
  onDone: (result: { expiresAt: string | null; date: string }) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const locale = localeForPath(lang);
  const [value, setValue] = useState(() => expiryDefault(expiresAt, new Date()));
  const { busy, error, setError, run, refuse } = useSubmit();
  const submit = () => {
    const checked = checkExpiry(value, new Date());
    if (!checked.ok) return refuse(checked.problem.key, checked.problem.values);
    if (checked.value === null) return refuse('routing.errors.expiryInPast');
    const at = checked.value;
    return run(async () => {
      const answer = await setExpiry(docuId, at, lang);
      onDone({ expiresAt: answer.expiresAt, date: formatDateTime(answer.expiresAt ?? at, locale) });
    });
  };
  return (
    <Modal
      title={t(extend ? 'routingOwner.dialogs.extendTitle' : 'routingOwner.dialogs.expiryTitle')}
      onCancel={onCancel}
      testId="expiry-dialog"
    >
      <DialogForm
        onSubmit={() => void submit()}
        onCancel={onCancel}
        error={error?.message ?? null}
        errorId={`${id}-error`}
        busy={busy}
        submitLabel={t(extend ? 'routingOwner.actions.extend' : 'routingOwner.dialogs.save')}
      >
        <div className="field">
          <label htmlFor={`${id}-date`}>{t('routingOwner.dialogs.expiryLabel')}</label>
          <input
            id={`${id}-date`}
            type="datetime-local"
            value={value}
            data-autofocus
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
            onChange={(e) => {
              setValue(e.target.value);
              setError(null);
            }}
          />
          <p id={`${id}-hint`} className="field-hint">
            {t('routingOwner.dialogs.expiryHint', { zone: timeZoneLabel(locale) })}
          </p>
        </div>
      </DialogForm>
    </Modal>
  );
}
