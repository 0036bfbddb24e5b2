// Close account: 'If you close account, you cannot signin anymore.  Are you sure?' in a modal dialog
// (focus moves into it and back), then DELETE /api/me; the caller signs out and moves on.
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { closeAccount } from '../api/account-api';

export function CloseAccount({ onClosed }: { onClosed: () => Promise<void> }) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    dialog.current?.close();
  };

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await closeAccount();
      close();
      await onClosed();
    } catch (cause) {
      setError(errorMessage(t, cause));
      setBusy(false);
    }
  };

  return (
    <section className="card close-account" aria-labelledby="close-account-title">
      <h2 id="close-account-title">{t('myPage.closeAccount.title')}</h2>
      <button
        ref={opener}
        type="button"
        className="button button-danger"
        onClick={() => dialog.current?.showModal()}
        data-testid="close-account"
      >
        {t('myPage.closeAccount.button')}
      </button>
      <dialog
        ref={dialog}
        className="dialog"
        aria-labelledby="close-account-dialog-title"
        aria-describedby="close-account-dialog-message"
        onClose={() => opener.current?.focus()}
        data-testid="close-account-dialog"
      >
        <h2 id="close-account-dialog-title">{t('myPage.closeAccount.title')}</h2>
        <p id="close-account-dialog-message">{t('account.closeConfirm')}</p>
        {error ? (
          <p className="field-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="dialog-actions">
          <button type="button" className="button button-secondary" onClick={close} disabled={busy} autoFocus>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className="button button-danger"
            onClick={() => void confirm()}
            disabled={busy}
            data-testid="close-account-confirm"
          >
            {busy ? t('myPage.closeAccount.closing') : t('myPage.closeAccount.confirmButton')}
          </button>
        </div>
      </dialog>
    </section>
  );
}
